import { useEffect, useRef } from 'react';
import { toast } from '@roconnect/shared-lib';
import { setupStatusQuery, usePageQueryClient } from '@roconnect/shared-lib/query';
import { botInviteFailureMessage, serverNamed, type BotInviteOutcome } from './botInvite';
import type { DashboardState } from './useDashboardData';
import type { SetupTarget } from './SetupWizardHost';

/** Long enough to read a sentence with a reason and a next step. */
const FAILURE_TOAST_MS = 10_000;

/**
 * Once the dashboard knows the user's servers: a failed invite says what happened, naming the
 * server; a successful one opens the setup wizard for that server unless it is already set up.
 */
export function useBotInviteFollowUp(
  outcome: BotInviteOutcome | null,
  state: DashboardState,
  openWizard: (target: SetupTarget) => void,
): void {
  const client = usePageQueryClient();
  const handled = useRef<BotInviteOutcome | null>(null);
  const latestOpen = useRef(openWizard);
  latestOpen.current = openWizard;

  useEffect(() => {
    if (!outcome || handled.current === outcome || state.status === 'loading') return;
    handled.current = outcome;
    const servers = state.status === 'ready' ? state.data.servers : null;
    const server = serverNamed(servers, outcome.guildId);

    if (outcome.kind === 'failed') {
      toast.error(
        botInviteFailureMessage(outcome.code, server?.server_name ?? null),
        FAILURE_TOAST_MS,
      );
      return;
    }
    if (!server) return;
    const target = { serverId: server.server_id, serverName: server.server_name };
    // A failed status check still opens the wizard: it loads the status itself
    // (docs/product.md › Setup wizard).
    client
      .fetchQuery(setupStatusQuery(server.server_id))
      .then((status) => !status.setup_completed && latestOpen.current(target))
      .catch(() => latestOpen.current(target));
  }, [client, outcome, state]);
}
