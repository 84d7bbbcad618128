import { useId, useState } from 'react';
import styled from 'styled-components';
import {
  Banner,
  Button,
  Label,
  Select,
  type MemberUpdateJob,
  type ServerRole,
  ConfirmModal,
} from '@roconnect/shared-lib';
import { SectionFrame } from '../config-section/SectionFrame';
import { timeLeftText } from './timeLeft';
import { UpdatePreview } from './UpdatePreview';
import { isActive, isWaitingForOwner, useMemberUpdate } from './useMemberUpdate';
import { WrapRow } from '../fields/WrapRow';

const Track = styled.div`
  height: 12px;
  border-radius: 6px;
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

const Fill = styled.div<{ $percent: number }>`
  width: ${({ $percent }) => $percent}%;
  height: 100%;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 300ms ease-out;
`;

const Figures = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(2)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Line = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
`;

const members = (n: number) => `${n} member${n === 1 ? '' : 's'}`;

const RolePicker = styled.div`
  margin-top: ${({ theme }) => theme.space(4)};
  max-width: 24rem;
`;

/** Whom a run covers, in words: everyone, or the members holding its role. */
function runFor(roleId: string | null | undefined, roles: readonly ServerRole[]) {
  if (!roleId) return null;
  const name = roles.find((r) => r.id === roleId)?.name ?? 'a role no longer in the server';
  return `Members with ${name}`;
}

function Progress({ job, secondsLeft }: { job: MemberUpdateJob; secondsLeft: number | null }) {
  const handled = job.done + job.failed;
  const percent = job.total > 0 ? Math.round((handled / job.total) * 100) : 0;
  return (
    <div>
      <Track
        role="progressbar"
        aria-label="Member update progress"
        aria-valuemin={0}
        aria-valuemax={job.total}
        aria-valuenow={handled}
        aria-valuetext={`${handled} of ${members(job.total)}`}
      >
        <Fill $percent={percent} />
      </Track>
      <Figures>
        <span>
          {job.status === 'queued'
            ? 'Waiting to start...'
            : `${job.done} of ${members(job.total)} updated`}
          {job.failed > 0 ? `, ${job.failed} failed` : ''}
        </span>
        <span>{job.status === 'running' ? timeLeftText(secondsLeft) : ''}</span>
      </Figures>
    </div>
  );
}

function Summary({ job }: { job: MemberUpdateJob }) {
  if (job.status === 'done')
    return (
      <Banner tone={job.failed > 0 ? 'warning' : 'success'} title="Update finished">
        {members(job.done)} updated{job.failed > 0 ? `, ${job.failed} failed` : ''}.
      </Banner>
    );
  if (job.status === 'cancelled')
    return (
      <Banner tone="info" title="Update cancelled">
        Stopped after {job.done + job.failed} of {members(job.total)}.
      </Banner>
    );
  return (
    <Banner tone="error" title="Update failed">
      The update stopped after {job.done + job.failed} of {members(job.total)}. Try again in a few
      minutes.
    </Banner>
  );
}

/**
 * A run past its share of kicks and bans (docs/security.md, "kick and ban through the bot"): it
 * updated everyone else and waits until the server's owner allows the rest or someone cancels.
 */
function WaitingForOwner({ job }: { job: MemberUpdateJob }) {
  return (
    <Banner tone="warning" title="Waiting for the server owner">
      <Line>
        This run would remove {members(job.removals_waiting)}. Only the server owner can allow it.
      </Line>
      <Line>
        {job.caller_is_owner
          ? 'Every other member is updated. Allow the removals, or cancel the update to keep them in the server.'
          : 'Ask the server owner to open this page, or cancel the update.'}
      </Line>
    </Banner>
  );
}

/**
 * "Update all members": re-applies every linked member's roles and nickname, or only those of the
 * members holding one role (update by role), with live progress.
 */
export function MemberUpdateSection({
  serverId,
  pollMs,
  roles = [],
}: {
  serverId: string;
  pollMs?: number;
  /** the server's roles, for update by role (none: everyone only) */
  roles?: ServerRole[];
}) {
  const roleSelectId = useId();
  const [roleId, setRoleId] = useState('');
  const chosenRole = roles.find((r) => r.id === roleId);
  const startLabel = chosenRole ? `Update members with ${chosenRole.name}` : 'Update all members';

  const descriptionId = useId();
  const allowDescriptionId = useId();
  const [confirming, setConfirming] = useState(false);
  const [askingOwner, setAskingOwner] = useState(false);
  const update = useMemberUpdate(serverId, pollMs);
  const { job } = update;
  const running = isActive(job);
  const waiting = isWaitingForOwner(job);
  const removals = members(job?.removals_waiting ?? 0);
  const following = runFor(job?.role_id, roles);

  return (
    <SectionFrame
      title="Update all members"
      intro={
        <>
          Give every verified member of this server the roles and nickname their Roblox account
          earns now, for example after you changed the group ranks.
        </>
      }
    >
      {job && (running || waiting) && following && <p style={{ margin: '0 0 8px' }}>{following}</p>}
      {job && running && <Progress job={job} secondsLeft={update.secondsLeft} />}
      {job && waiting && <WaitingForOwner job={job} />}
      {job && !running && !waiting && <Summary job={job} />}
      {update.error && (
        <Banner tone="error" style={{ marginTop: 16 }}>
          {update.error}
        </Banner>
      )}
      <WrapRow $justify="flex-end" $top={4}>
        {running || waiting ? (
          <>
            <Button
              variant="secondary"
              onClick={() => void update.cancel()}
              loading={update.cancelling}
            >
              Cancel update
            </Button>
            {waiting && job?.caller_is_owner && (
              <Button
                variant="danger"
                onClick={() => setAskingOwner(true)}
                loading={update.allowing}
              >
                Allow removals
              </Button>
            )}
          </>
        ) : (
          <Button
            onClick={() => setConfirming(true)}
            loading={update.starting}
            disabled={update.loading}
          >
            {startLabel}
          </Button>
        )}
      </WrapRow>
      {!running && !waiting && roles.length > 0 && (
        <RolePicker>
          <Label htmlFor={roleSelectId}>Members to update</Label>
          <Select
            id={roleSelectId}
            value={roleId}
            hint="Update everyone, or only the members who hold one role now."
            onChange={(event) => setRoleId(event.target.value)}
          >
            <option value="">Everyone</option>
            {roles.map((role) => (
              <option key={role.id} value={role.id}>
                Members with {role.name}
              </option>
            ))}
          </Select>
        </RolePicker>
      )}
      <ConfirmModal
        open={confirming}
        title={chosenRole ? `Update members with ${chosenRole.name}?` : 'Update all members?'}
        onCancel={() => setConfirming(false)}
        describedBy={descriptionId}
        confirmLabel={startLabel}
        onConfirm={() => {
          setConfirming(false);
          void update.start(chosenRole ? chosenRole.id : null);
        }}
      >
        <p id={descriptionId} style={{ margin: 0 }}>
          {chosenRole
            ? `RoConnect will re-apply the roles and nickname of every member with ${chosenRole.name} who linked a Roblox account.`
            : 'RoConnect will re-apply the roles and nickname of every member who linked a Roblox account.'}{' '}
          In a large server this takes a few minutes; you can leave this page meanwhile.
        </p>
        {confirming && (
          <div style={{ marginTop: 16 }}>
            <UpdatePreview serverId={serverId} />
          </div>
        )}
      </ConfirmModal>
      <ConfirmModal
        open={askingOwner}
        title={`Remove ${removals}?`}
        onCancel={() => setAskingOwner(false)}
        describedBy={allowDescriptionId}
        confirmLabel={`Remove ${removals}`}
        confirmVariant="danger"
        onConfirm={() => {
          setAskingOwner(false);
          void update.allowRemovals();
        }}
      >
        <p id={allowDescriptionId} style={{ margin: 0 }}>
          RoConnect will kick or ban the {removals} your restrictions catch, as they say, and tell
          each of them why in a direct message.
        </p>
      </ConfirmModal>
    </SectionFrame>
  );
}
