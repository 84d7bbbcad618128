import { useRef } from 'react';
import styled from 'styled-components';
import {
  Banner,
  Button,
  LinkButton,
  LoadingState,
  type HealthProblemCode,
} from '@roconnect/shared-lib';
import { SectionFrame } from '../config-section/SectionFrame';
import { useFocusReturn } from '../focus/useFocusReturn';
import { PageLink } from '../pages/PageLink';
import { discordSettingsPath } from '../pages/pagePaths';
import { useServerHealth } from './useServerHealth';

const Problems = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Fix = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
`;

const ProblemAction = styled.div`
  margin-top: ${({ theme }) => theme.space(2)};
`;

export const HEALTH_OK_MESSAGE = 'Everything looks good';

/** Problems fixed on the Discord settings page (another channel chosen, the message posted again). */
const FIXED_IN_DISCORD_SETTINGS = new Set<HealthProblemCode>([
  'log_channel_unpostable',
  'verify_channel_unpostable',
]);

/** Top of the server page: what stops the bot from verifying members here, each with its fix. */
export function BotHealthPanel({ serverId }: { serverId: string }) {
  const { state, recheck } = useServerHealth(serverId);
  const checking = state.status === 'loading';
  // the button is disabled while it checks: give the keyboard back to it afterwards
  const button = useRef<HTMLButtonElement>(null);
  const rememberFocus = useFocusReturn(checking, button);

  return (
    <SectionFrame
      title="Bot health"
      busy={checking}
      action={
        <Button
          ref={button}
          variant="secondary"
          size="sm"
          onClick={() => {
            rememberFocus();
            recheck();
          }}
          loading={checking}
        >
          Check again
        </Button>
      }
    >
      {state.status === 'loading' && <LoadingState label="Checking the bot..." />}
      {state.status === 'failed' && (
        <Banner tone="warning" title="Couldn't check the bot right now">
          {state.tooMany ?? 'Discord did not answer. Try again in a moment.'}
        </Banner>
      )}
      {state.status === 'ready' && state.health.ok && (
        <Banner tone="success" title={HEALTH_OK_MESSAGE}>
          The bot can give every role and set nicknames in this server.
        </Banner>
      )}
      {state.status === 'ready' && !state.health.ok && (
        <Problems aria-label="Problems found">
          {state.health.problems.map((problem) => (
            <li key={problem.code}>
              <Banner tone="warning" title={problem.message}>
                <Fix>{problem.fix}</Fix>
                {problem.reinvite_url && (
                  <ProblemAction>
                    <LinkButton href={problem.reinvite_url} size="sm">
                      Re-invite the bot
                    </LinkButton>
                  </ProblemAction>
                )}
                {FIXED_IN_DISCORD_SETTINGS.has(problem.code) && (
                  <ProblemAction>
                    <PageLink to={discordSettingsPath(serverId)} size="sm">
                      Open Discord Settings
                    </PageLink>
                  </ProblemAction>
                )}
              </Banner>
            </li>
          ))}
        </Problems>
      )}
    </SectionFrame>
  );
}
