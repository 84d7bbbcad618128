import { useId, type Ref } from 'react';
import styled from 'styled-components';
import { BRAND, Button, Label, Select } from '@roconnect/shared-lib';
import type { ChannelChoices } from './useChannelChoices';

const Retry = styled.div`
  margin-top: ${({ theme }) => theme.space(2)};
`;

export interface ChannelSelectProps {
  label: string;
  choices: ChannelChoices;
  value: string;
  onChange: (channelId: string) => void;
  /** the first option, with the value '' */
  noChannelLabel: string;
  /** a channel saved before that the bot may no longer post in: kept as a choice */
  savedId?: string | null;
  disabled?: boolean;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A picker of the text channels the bot can post in, with the list's loading and failure shown
 * in place (the rest of the section stays usable).
 */
export function ChannelSelect({
  label,
  choices,
  value,
  onChange,
  noChannelLabel,
  savedId,
  disabled,
  error,
  ref,
}: ChannelSelectProps) {
  const selectId = useId();
  const { phase, channels } = choices;
  const savedMissing =
    phase === 'ready' && savedId && !channels.some((channel) => channel.id === savedId);
  const hint =
    phase === 'ready' && channels.length === 0
      ? `The ${BRAND.product} bot cannot post in any text channel here: give it View Channels and Send Messages in one.`
      : `Only text channels the ${BRAND.product} bot can post in are listed.`;
  return (
    <div>
      <Label htmlFor={selectId}>{label}</Label>
      <Select
        id={selectId}
        ref={ref}
        value={phase === 'loading' ? '' : value}
        disabled={disabled || phase === 'loading'}
        aria-busy={phase === 'loading' || undefined}
        error={error ?? choices.problem}
        hint={phase === 'loading' ? 'Loading channels...' : hint}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{noChannelLabel}</option>
        {savedMissing && <option value={savedId}>Channel no longer available</option>}
        {channels.map((channel) => (
          <option key={channel.id} value={channel.id}>
            #{channel.name}
          </option>
        ))}
      </Select>
      {phase === 'failed' && (
        <Retry>
          <Button variant="secondary" size="sm" onClick={choices.retry}>
            Try Again
          </Button>
        </Retry>
      )}
    </div>
  );
}
