import { useId, useState } from 'react';
import styled from 'styled-components';
import { BRAND, Label, NICKNAME_TEMPLATE_MAX_LENGTH, TextInput, api } from '@roconnect/shared-lib';
import {
  fillNicknameTemplate,
  parseNicknameTemplate,
  type NicknameToken,
} from '@roconnect/shared-lib/contract';
import { ConfigSection } from '../config-section/ConfigSection';
import { useSectionSave } from '../config-section/useSectionSave';

const TOKENS: { token: NicknameToken; means: string; example: string }[] = [
  { token: 'roblox-name', means: `${BRAND.game} username`, example: 'DemoBuilder' },
  { token: 'display-name', means: `${BRAND.game} display name`, example: 'Demo Builder' },
  { token: 'roblox-id', means: `${BRAND.game} user ID`, example: '3000001' },
  { token: 'discord-name', means: `${BRAND.chat} display name`, example: 'Demo User' },
  { token: 'discord-username', means: `${BRAND.chat} username`, example: 'demo_user' },
  { token: 'group-rank', means: 'rank name in the first bound group', example: 'Officer' },
  { token: 'server-name', means: 'this server’s name', example: 'Demo Builders Club' },
];

const Tokens = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: ${({ theme }) => theme.space(3)} 0 0;
  font-size: 0.9375rem;
  dt {
    font-family: ${({ theme }) => theme.font.mono};
  }
  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const sample = Object.fromEntries(TOKENS.map((t) => [t.token, t.example])) as Record<
  NicknameToken,
  string
>;

/** "DemoBuilder [Officer]" for a template that reads; nothing while it does not. */
function exampleOf(template: string): string | null {
  const parsed = parseNicknameTemplate(template);
  return parsed.ok ? fillNicknameTemplate(parsed.parts, sample) : null;
}

export interface NicknameTemplateSectionProps {
  serverId: string;
  /** the template the server uses now (its own, or its named format's) */
  savedTemplate: string;
  onSaved: () => void;
}

/** The server's own nickname template, with its tokens listed and an example of the result. */
export function NicknameTemplateSection({
  serverId,
  savedTemplate,
  onSaved,
}: NicknameTemplateSectionProps) {
  const id = useId();
  const tokensId = useId();
  const [template, setTemplate] = useState(savedTemplate);
  const save = useSectionSave({
    call: () => api.server.editNicknameTemplate(serverId, template.trim()),
    success: 'Nickname template saved',
    failure: 'Failed to save the nickname template',
  });
  const example = template.trim() ? exampleOf(template.trim()) : null;
  return (
    <ConfigSection
      title="Nickname template"
      intro="The nickname members get after they verify: free text with tokens. Nicknames are cut to 32 characters, keeping the Roblox name whole."
      saveLabel="Save Nickname Template"
      saving={save.saving}
      onSave={() => {
        if (!template.trim()) {
          save.setError(
            'Enter a template. To set no nicknames, choose “Do not set nicknames” on the server page.',
          );
          return;
        }
        void save.run().then((ok) => ok && onSaved());
      }}
    >
      <Label htmlFor={id}>Template</Label>
      <TextInput
        id={id}
        value={template}
        maxLength={NICKNAME_TEMPLATE_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        disabled={save.saving}
        aria-describedby={tokensId}
        hint={example ? `For example: ${example}` : undefined}
        error={save.error}
        onChange={(event) => {
          setTemplate(event.target.value);
          save.setError(undefined);
        }}
      />
      <Tokens id={tokensId} aria-label="Tokens">
        {TOKENS.map((t) => (
          <div key={t.token} style={{ display: 'contents' }}>
            <dt>{`{${t.token}}`}</dt>
            <dd>{t.means}</dd>
          </div>
        ))}
      </Tokens>
    </ConfigSection>
  );
}
