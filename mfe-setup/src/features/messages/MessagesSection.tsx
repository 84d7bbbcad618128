import { useId, useState } from 'react';
import styled from 'styled-components';
import {
  BRAND,
  Button,
  FieldError,
  Label,
  LoadingState,
  TextInput,
  discordSettingsApi,
  type MessagesData,
  type PreviewMessagesData,
  type ServerMessages,
} from '@roconnect/shared-lib';
import {
  MESSAGE_LIMITS,
  MESSAGE_TOKENS,
  checkMessageTemplate,
  type MessageField,
} from '@roconnect/shared-lib/contract';
import { useApiMutation, useServerMessages } from '@roconnect/shared-lib/query';
import { refusalMessage } from '../apiErrors/refusalMessage';
import { ConfigSection } from '../config-section/ConfigSection';
import { useSectionSave } from '../config-section/useSectionSave';
import { TextAreaField } from '../fields/TextAreaField';
import { TextArea } from '../verify-message/MessageTextField';
import { WrapRow } from '../fields/WrapRow';
import { FieldStack } from '../fields/FieldStack';

const Group = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
`;
const Legend = styled.legend`
  font-weight: 600;
`;
const Shown = styled.dl`
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;
const Status = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const count = (n: number) => n.toLocaleString('en-US');
const tokensOf = (field: MessageField) => MESSAGE_TOKENS[field].map((t) => `{${t}}`).join(', ');

/** What is wrong with a text as the API would say it; undefined when it is fine or empty. */
function problemOf(text: string, field: MessageField, name: string): string | undefined {
  if (!text.trim()) return undefined;
  const checked = checkMessageTemplate(text, field, name);
  return checked.ok ? undefined : checked.error;
}

/** One text of the draft as the page shows it. */
interface TemplateText {
  label: string;
  field: MessageField;
  /** the text's name in what is wrong with it */
  name: string;
  /** what follows the text in the message, said in the hint */
  after?: string;
  multiline?: boolean;
  /** RoConnect's own text, shown in grey while the field is empty */
  placeholder: (defaults: MessagesData['defaults']) => string;
}

function TemplateField({
  text,
  value,
  placeholder,
  disabled,
  error,
  onChange,
}: {
  text: TemplateText;
  value: string;
  placeholder: string;
  disabled: boolean;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const { label, field, after } = text;
  const hint = `Tokens: ${tokensOf(field)}.${after ? ` ${after}` : ''} ${count(Array.from(value).length)} / ${count(MESSAGE_LIMITS[field])} characters`;
  const shown = { value, placeholder, disabled, hint, error };
  if (text.multiline)
    return <TextAreaField area={TextArea} rows={3} label={label} {...shown} onChange={onChange} />;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <TextInput id={id} {...shown} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

interface Draft {
  verified: string;
  welcome: string;
  title: string;
  body: string;
  label: string;
}

const draftOf = (m: ServerMessages): Draft => ({
  verified: m.verified_dm ?? '',
  welcome: m.welcome_dm ?? '',
  title: m.verify_message?.title ?? '',
  body: m.verify_message?.body ?? '',
  label: m.verify_message?.button_label ?? '',
});

/** Each text of the draft: its field, its name in problems, and RoConnect's own text shown in grey. */
const TEXTS: Record<keyof Draft, TemplateText> = {
  verified: {
    label: 'Verified DM',
    field: 'verified_dm',
    name: 'The verified DM',
    after: 'The roles given follow it.',
    multiline: true,
    placeholder: (d) => d.verified_dm,
  },
  welcome: {
    label: 'Welcome DM',
    field: 'welcome_dm',
    name: 'The welcome DM',
    after:
      'Sent to joiners with no linked account when join DMs are on; the verify link follows it.',
    multiline: true,
    placeholder: (d) => d.welcome_dm,
  },
  title: {
    label: 'Title',
    field: 'title',
    name: 'The title',
    placeholder: (d) => d.verify_message.title,
  },
  body: {
    label: 'Text',
    field: 'body',
    name: 'The text',
    multiline: true,
    placeholder: (d) => d.verify_message.body,
  },
  label: {
    label: 'Button label',
    field: 'button_label',
    name: 'The button label',
    placeholder: (d) => d.verify_message.button_label,
  },
};

const draftKeys = Object.keys(TEXTS) as (keyof Draft)[];

const VERIFY_PARTS = 'Fill in the title, the text and the button label, or leave all three empty.';

/** The draft as the API takes it (empty: RoConnect's text); a string when the Verify message is half filled. */
function messagesOf(d: Draft): ServerMessages | string {
  const own = [d.title, d.body, d.label].map((t) => t.trim());
  if (own.some(Boolean) && !own.every(Boolean)) return VERIFY_PARTS;
  return {
    verified_dm: d.verified.trim() || null,
    welcome_dm: d.welcome.trim() || null,
    verify_message: own[0] ? { title: own[0], body: own[1]!, button_label: own[2]! } : null,
  };
}

const UPDATE_WORDS: Record<string, string> = {
  edited: 'The posted Verify message now reads as saved.',
  not_posted: 'No Verify message is posted yet: post one in the Discord section.',
};

function MessagesForm({ serverId, data }: { serverId: string; data: MessagesData }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(data.messages));
  const memberFieldId = useId();
  const [memberId, setMemberId] = useState('');
  const [preview, setPreview] = useState<PreviewMessagesData | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const save = useSectionSave({
    call: (messages: ServerMessages) =>
      discordSettingsApi.saveMessages(serverId, messages).then((saved) => {
        setStatus(saved.warning ?? UPDATE_WORDS[saved.verify_message_update] ?? null);
        return saved;
      }),
    success: 'Messages saved',
    failure: 'Failed to save the messages',
  });
  const previewCall = useApiMutation({
    call: (body: { member_id: string; messages: ServerMessages }) =>
      discordSettingsApi.previewMessages(serverId, body),
    failure: 'Failed to preview the messages',
  });
  const problems = Object.fromEntries(
    draftKeys.map((key) => [key, problemOf(draft[key], TEXTS[key].field, TEXTS[key].name)]),
  ) as Record<keyof Draft, string | undefined>;
  const blocked = Object.values(problems).some(Boolean);
  const textField = (key: keyof Draft) => (
    <TemplateField
      key={key}
      text={TEXTS[key]}
      value={draft[key]}
      placeholder={TEXTS[key].placeholder(data.defaults)}
      disabled={save.saving}
      error={problems[key]}
      onChange={set(key)}
    />
  );

  function submit() {
    const messages = messagesOf(draft);
    if (typeof messages === 'string') return save.setError(messages);
    if (blocked) return save.setError('Fix the texts marked above first.');
    setStatus(null);
    void save.run(messages);
  }

  function showPreview() {
    const messages = messagesOf(draft);
    if (typeof messages === 'string' || blocked) return;
    void previewCall
      .run({ member_id: memberId.trim(), messages })
      .then((outcome) => setPreview(outcome.ok ? outcome.data : null));
  }

  return (
    <ConfigSection
      title="Messages"
      intro={`Your server's own words in what ${BRAND.product} sends. Leave a text empty to keep ${BRAND.product}'s, shown in grey.`}
      saveLabel="Save Messages"
      saving={save.saving}
      onSave={submit}
    >
      <FieldStack>
        {textField('verified')}
        {textField('welcome')}
        <Group>
          <Legend>Verify message</Legend>
          {textField('title')}
          {textField('body')}
          {textField('label')}
        </Group>
        <WrapRow $align="flex-end">
          <div>
            <Label htmlFor={memberFieldId}>Preview for a member ({BRAND.chat} user ID)</Label>
            <TextInput
              id={memberFieldId}
              value={memberId}
              inputMode="numeric"
              autoComplete="off"
              onChange={(event) => setMemberId(event.target.value)}
              error={previewCall.error ? refusalMessage(previewCall.error) : undefined}
            />
          </div>
          <Button
            type="button"
            variant="secondary"
            loading={previewCall.isPending}
            disabled={!memberId.trim()}
            onClick={showPreview}
          >
            Preview
          </Button>
        </WrapRow>
        {preview && (
          <Shown aria-label="Preview">
            <dt>Verified DM</dt>
            <dd>{preview.verified_dm}</dd>
            <dt>Welcome DM</dt>
            <dd>{preview.welcome_dm}</dd>
            <dt>Verify message</dt>
            <dd>
              {[preview.verify_message.title, preview.verify_message.body]
                .filter(Boolean)
                .join('\n')}
              {`\n[${preview.verify_message.button_label}]`}
            </dd>
          </Shown>
        )}
        {save.error && <FieldError role="alert">{save.error}</FieldError>}
      </FieldStack>
      {status && <Status role="status">{status}</Status>}
    </ConfigSection>
  );
}

/** The server's own words: the verified DM, the welcome DM and the Verify message. */
export function MessagesSection({ serverId }: { serverId: string }) {
  const read = useServerMessages(serverId);
  if (read.isPending) return <LoadingState label="Loading the messages..." />;
  if (read.isError) return <FieldError role="alert">{refusalMessage(read.error)}</FieldError>;
  return <MessagesForm serverId={serverId} data={read.data} />;
}
