import { useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, discordSettingsApi } from '@roconnect/shared-lib';
import { useApiMutation, useVerifyMessageState } from '@roconnect/shared-lib/query';
import { ChannelSelect } from '../channels/ChannelSelect';
import type { ChannelChoices } from '../channels/useChannelChoices';
import { ConfigSection } from '../config-section/ConfigSection';
import { useSectionSave } from '../config-section/useSectionSave';
import { MessageTextField } from './MessageTextField';
import { messageTextProblem, sentText } from './messageLength';
import { WrapRow } from '../fields/WrapRow';
import { useCheckedField } from '../fields/useCheckedField';
import { FieldStack } from '../fields/FieldStack';

const Current = styled(WrapRow)`
  padding-top: ${({ theme }) => theme.space(3)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  p {
    margin: 0;
    flex: 1 1 14rem;
  }
`;

const Posted = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
`;

export const NO_CHANNEL_MESSAGE = 'Choose a channel to post the Verify message in.';

export interface VerifyMessageSectionProps {
  serverId: string;
  choices: ChannelChoices;
  onPosted: () => void;
}

/** Posts a message with a Verify button in a channel: members verify from Discord itself. */
export function VerifyMessageSection({ serverId, choices, onPosted }: VerifyMessageSectionProps) {
  const {
    value: channelId,
    problem: channelProblem,
    setProblem: setChannelProblem,
    edit: editChannel,
  } = useCheckedField('');
  const [text, setText] = useState('');
  const [postedIn, setPostedIn] = useState<string | null>(null);
  const channelField = useRef<HTMLSelectElement>(null);
  const textField = useRef<HTMLTextAreaElement>(null);
  const channelName = choices.nameOf(channelId) ?? 'the channel';
  const save = useSectionSave({
    call: (ownText: { text?: string }) =>
      discordSettingsApi.postVerifyMessage(serverId, { channel_id: channelId, ...ownText }),
    success: `Verify message posted in ${channelName}`,
    failure: 'Failed to post the Verify message',
  });
  const textProblem = messageTextProblem(text);
  const current = useVerifyMessageState(serverId);
  const posted = current.data?.posted ?? null;
  const edit = useApiMutation({
    call: () => discordSettingsApi.editVerifyMessage(serverId, { text: sentText(text) || null }),
    success: 'Verify message updated',
    failure: 'Failed to update the Verify message',
    changes: () => current.refetch(),
  });
  const remove = useApiMutation({
    call: () => discordSettingsApi.removeVerifyMessage(serverId),
    success: 'Verify message removed',
    failure: 'Failed to remove the Verify message',
    changes: () => current.refetch(),
  });

  function post() {
    setPostedIn(null);
    const missingChannel = channelId ? null : NO_CHANNEL_MESSAGE;
    setChannelProblem(missingChannel);
    // the first field to fix takes the focus, so its error is read out
    if (missingChannel || textProblem) {
      (missingChannel ? channelField : textField).current?.focus();
      return;
    }
    const ownText = sentText(text) ? { text: sentText(text) } : {};
    void save.run(ownText).then((done) => {
      if (!done) return;
      setPostedIn(channelName);
      void current.refetch();
      onPosted();
    });
  }

  return (
    <ConfigSection
      title="Verify message"
      intro="Post a message with a Verify button. Members press it to verify without leaving Discord."
      saveLabel="Post Verify Message"
      busyLabel="Posting..."
      saving={save.saving}
      onSave={post}
    >
      <FieldStack>
        <ChannelSelect
          ref={channelField}
          label="Channel"
          choices={choices}
          value={channelId}
          onChange={editChannel}
          noChannelLabel="Choose a channel"
          disabled={save.saving}
          error={channelProblem ?? save.error}
        />
        <MessageTextField
          ref={textField}
          value={text}
          onChange={setText}
          disabled={save.saving}
          error={textProblem}
        />
      </FieldStack>
      {postedIn && <Posted role="status">Posted in {postedIn}.</Posted>}
      {posted && (
        <Current $align="center" $top={4}>
          <p>
            A Verify message is posted in {choices.nameOf(posted.channel_id) ?? 'a channel'}.
            Posting again replaces it.
          </p>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            loading={edit.isPending}
            disabled={!!textProblem || remove.isPending}
            onClick={() => void edit.run()}
          >
            Update Posted Message
          </Button>
          <Button
            type="button"
            variant="danger"
            size="sm"
            loading={remove.isPending}
            disabled={edit.isPending}
            onClick={() => void remove.run()}
          >
            Remove Verify Message
          </Button>
        </Current>
      )}
    </ConfigSection>
  );
}
