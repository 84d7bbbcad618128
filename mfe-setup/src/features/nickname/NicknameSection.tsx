import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  BRAND,
  NICKNAME_TEMPLATE_MAX_LENGTH,
  Label,
  RadioGroup,
  TextInput,
  api,
  type NicknameFormat,
  type RadioOption,
} from '@roconnect/shared-lib';
import {
  NICKNAME_PRESET_TEMPLATES,
  effectiveNicknameTemplate,
  fillNicknameTemplate,
  parseNicknameTemplate,
  presetOfTemplate,
  type NicknameToken,
} from '@roconnect/shared-lib/contract';
import { useApiMutation } from '@roconnect/shared-lib/query';
import { refusalMessage } from '../apiErrors/refusalMessage';
import { ConfigSection } from '../config-section/ConfigSection';
import { nicknameFormatOptions } from './nicknameFormatOptions';

/** The radio that stands for a template of the server's own (one that is no format's). */
export const CUSTOM = 'custom';
type Choice = NicknameFormat | typeof CUSTOM;

/** What "Your own template" starts from when the server has none yet. */
export const STARTER_TEMPLATE = '{display-name} ({roblox-name})';

const TOKENS: { token: NicknameToken; means: string; example: string }[] = [
  { token: 'roblox-name', means: `${BRAND.game} username`, example: 'DemoBuilder' },
  { token: 'display-name', means: `${BRAND.game} display name`, example: 'Demo Builder' },
  { token: 'roblox-id', means: `${BRAND.game} user ID`, example: '3000001' },
  { token: 'discord-name', means: `${BRAND.chat} display name`, example: 'Demo User' },
  { token: 'discord-username', means: `${BRAND.chat} username`, example: 'demo_user' },
  { token: 'group-rank', means: 'rank name in the first bound group', example: 'Officer' },
  { token: 'server-name', means: 'this server’s name', example: 'Demo Builders Club' },
];

const sample = Object.fromEntries(TOKENS.map((t) => [t.token, t.example])) as Record<
  NicknameToken,
  string
>;

const OPTIONS: RadioOption<Choice>[] = [
  ...nicknameFormatOptions,
  {
    value: CUSTOM,
    label: 'Your own template',
    description: 'Free text with tokens, written below',
  },
];

const TemplateField = styled.div`
  margin-top: ${({ theme }) => theme.space(4)};
`;
const Tokens = styled.details`
  margin-top: ${({ theme }) => theme.space(2)};
  font-size: 0.9375rem;
  summary {
    cursor: pointer;
    width: fit-content;
  }
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    margin: ${({ theme }) => theme.space(2)} 0 0;
  }
  dt {
    font-family: ${({ theme }) => theme.font.mono};
  }
  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
const Note = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  overflow-wrap: anywhere;
`;

/** The radio a template stands for: its format, or the server's own. */
export const choiceOf = (template: string): Choice => presetOfTemplate(template.trim()) ?? CUSTOM;

/** What the field says under it: the nickname the template makes for an example member. */
function hintOf(template: string): string | undefined {
  if (!template.trim()) return 'No nickname is set: members keep their own.';
  const parsed = parseNicknameTemplate(template.trim());
  const example = parsed.ok ? fillNicknameTemplate(parsed.parts, sample) : null;
  return example ? `For example: ${example}` : undefined;
}

export interface NicknameSectionProps {
  serverId: string;
  savedFormat: NicknameFormat;
  /** the server's own template; null when a format's is in force */
  savedTemplate: string | null;
  onSaved: () => void;
}

type Save = { nickname_format: NicknameFormat } | { nickname_template: string };

/**
 * The server's nickname, one setting shown two ways that always agree (docs/product.md ›
 * Nicknames): the formats are named templates, so choosing one puts its template in the field,
 * and a template typed in the field checks its format, or "Your own template" when it is none.
 */
export function NicknameSection({
  serverId,
  savedFormat,
  savedTemplate,
  onSaved,
}: NicknameSectionProps) {
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const saved = effectiveNicknameTemplate(savedFormat, savedTemplate);
  const [template, setTemplate] = useState(saved);
  // the last template of the server's own, for "Your own template" to bring back
  const [ownTemplate, setOwnTemplate] = useState(savedTemplate);
  const [invalid, setInvalid] = useState<string>();
  const save = useApiMutation({
    call: (body: Save) =>
      'nickname_format' in body
        ? api.server.editNickname(serverId, body.nickname_format)
        : api.server.editNicknameTemplate(serverId, body.nickname_template),
    success: (_data, body) =>
      'nickname_format' in body
        ? 'Nickname format updated successfully!'
        : 'Nickname template saved',
    failure: 'Failed to update nickname format',
  });
  const error = invalid ?? (save.error ? refusalMessage(save.error) : undefined);
  const choice = choiceOf(template);
  // a template of the server's own is in force and this choice would replace it: say so first
  const replaces = savedTemplate !== null && choice !== CUSTOM ? savedTemplate : null;

  function edit(next: string) {
    setTemplate(next);
    setInvalid(undefined);
    if (choiceOf(next) === CUSTOM) setOwnTemplate(next);
  }

  function choose(next: Choice) {
    if (next === CUSTOM) {
      edit(ownTemplate ?? STARTER_TEMPLATE);
      field.current?.focus();
    } else edit(NICKNAME_PRESET_TEMPLATES[next]);
  }

  function submit() {
    const text = template.trim();
    const preset = presetOfTemplate(text);
    if (!preset) {
      const parsed = parseNicknameTemplate(text, 'The template');
      if (!parsed.ok) {
        setInvalid(parsed.error);
        return;
      }
    }
    setInvalid(undefined);
    void save
      .run(preset ? { nickname_format: preset } : { nickname_template: text })
      .then((outcome) => outcome.ok && onSaved());
  }

  return (
    <ConfigSection
      title="Nickname Configuration"
      intro={`The nickname ${BRAND.product} gives members after they verify: one of these formats, or a template of your own.`}
      saveLabel="Save Nickname Format"
      saving={save.isPending}
      onSave={submit}
    >
      <RadioGroup
        name="nickname_format"
        legend="Nickname format"
        options={OPTIONS}
        value={choice}
        onChange={choose}
        disabled={save.isPending}
      />
      <TemplateField>
        <Label htmlFor={fieldId}>Template</Label>
        <TextInput
          ref={field}
          id={fieldId}
          value={template}
          maxLength={NICKNAME_TEMPLATE_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          disabled={save.isPending}
          hint={hintOf(template)}
          error={error}
          onChange={(event) => edit(event.target.value)}
        />
        <Tokens>
          <summary>Tokens</summary>
          <dl aria-label="Tokens">
            {TOKENS.map((t) => (
              <div key={t.token} style={{ display: 'contents' }}>
                <dt>{`{${t.token}}`}</dt>
                <dd>{t.means}</dd>
              </div>
            ))}
          </dl>
        </Tokens>
      </TemplateField>
      {replaces !== null && (
        <Note aria-live="polite">Saving replaces your own template “{replaces}”.</Note>
      )}
    </ConfigSection>
  );
}
