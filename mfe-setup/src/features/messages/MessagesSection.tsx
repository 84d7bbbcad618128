import { useId, useState } from 'react';
import styled from 'styled-components';
import {
  BRAND,
  Button,
  FieldError,
  FieldHint,
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
import { TextArea } from '../verify-message/MessageTextField';

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;
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
const PreviewRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
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

function TemplateField({
  label,
  field,
  value,
  placeholder,
  after,
  multiline,
  disabled,
  error,
  onChange,
}: {
  label: string;
  field: MessageField;
  value: string;
  placeholder: string;
  /** what follows the text in the message, said in the hint */
  after?: string;
  multiline?: boolean;
  disabled: boolean;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hint = `Tokens: ${tokensOf(field)}.${after ? ` ${after}` : ''} ${count(Array.from(value).length)} / ${count(MESSAGE_LIMITS[field])} characters`;
  if (!multiline)
    return (
      <div>
        <Label htmlFor={id}>{label}</Label>
        <TextInput
          id={id}
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          hint={hint}
          error={error}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    );
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <TextArea
        id={id}
        value={value}
        rows={3}
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
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
  const problems = {
    verified: problemOf(draft.verified, 'verified_dm', 'The verified DM'),
    welcome: problemOf(draft.welcome, 'welcome_dm', 'The welcome DM'),
    title: problemOf(draft.title, 'title', 'The title'),
    body: problemOf(draft.body, 'body', 'The text'),
    label: problemOf(draft.label, 'button_label', 'The button label'),
  };
  const blocked = Object.values(problems).some(Boolean);
  const { defaults } = data;

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
      <Fields>
        <TemplateField
          label="Verified DM"
          field="verified_dm"
          value={draft.verified}
          placeholder={defaults.verified_dm}
          after="The roles given follow it."
          multiline
          disabled={save.saving}
          error={problems.verified}
          onChange={set('verified')}
        />
        <TemplateField
          label="Welcome DM"
          field="welcome_dm"
          value={draft.welcome}
          placeholder={defaults.welcome_dm}
          after="Sent to joiners with no linked account when join DMs are on; the verify link follows it."
          multiline
          disabled={save.saving}
          error={problems.welcome}
          onChange={set('welcome')}
        />
        <Group>
          <Legend>Verify message</Legend>
          <TemplateField
            label="Title"
            field="title"
            value={draft.title}
            placeholder={defaults.verify_message.title}
            disabled={save.saving}
            error={problems.title}
            onChange={set('title')}
          />
          <TemplateField
            label="Text"
            field="body"
            value={draft.body}
            placeholder={defaults.verify_message.body}
            multiline
            disabled={save.saving}
            error={problems.body}
            onChange={set('body')}
          />
          <TemplateField
            label="Button label"
            field="button_label"
            value={draft.label}
            placeholder={defaults.verify_message.button_label}
            disabled={save.saving}
            error={problems.label}
            onChange={set('label')}
          />
        </Group>
        <PreviewRow>
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
        </PreviewRow>
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
      </Fields>
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
