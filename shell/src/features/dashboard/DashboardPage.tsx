import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ErrorState,
  LoadingState,
  PageContainer,
  TabPanel,
  Tabs,
  session,
  toast,
  type AccountsTabProps,
  type ServersTabProps,
} from '@roconnect/shared-lib';
import { RemoteParcel } from '../remotes/RemoteParcel';
import { useSession } from '../auth/useSession';
import { DashboardHeader } from './DashboardHeader';
import { SetupWizardHost, type SetupTarget } from './SetupWizardHost';
import { useDashboardData } from './useDashboardData';
import { useDashboardFlags } from './useDashboardFlags';

const TABS = [
  { id: 'accounts', label: 'Accounts' },
  { id: 'servers', label: 'Servers' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * The dashboard: header, tabs whose bodies are remote parcels, and the data they show (loaded
 * here, spec §4). Setup Bot opens mfe_setup's wizard; the remotes never import each other.
 */
export function DashboardPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const { state, reload, replaceServers } = useDashboardData();
  const [tab, setTab] = useState<TabId>('accounts');
  const [loggingOut, setLoggingOut] = useState(false);
  const [setupTarget, setSetupTarget] = useState<SetupTarget | null>(null);
  useDashboardFlags();

  const data = state.status === 'ready' ? state.data : null;
  const accountsProps = useMemo<AccountsTabProps | null>(
    () =>
      data && {
        accounts: data.accounts,
        robloxConfigured: data.robloxConfigured,
        onAccountsChange: reload,
      },
    [data, reload],
  );
  const serversProps = useMemo<ServersTabProps | null>(
    () =>
      data && {
        servers: data.servers,
        onServersUpdate: replaceServers,
        onSetupServer: (serverId, serverName) => setSetupTarget({ serverId, serverName }),
        onEditServer: (serverId) => navigate(`/server/edit/${encodeURIComponent(serverId)}`),
      },
    [data, replaceServers, navigate],
  );
  const closeWizard = useCallback(() => setSetupTarget(null), []);
  const completeWizard = useCallback(() => {
    setSetupTarget(null);
    reload();
  }, [reload]);

  async function logout() {
    setLoggingOut(true);
    // The session ends locally whether or not the API call succeeds (spec §4).
    await session.logout();
    toast.success('Successfully logged out!');
    navigate('/', { replace: true });
  }

  return (
    <>
      <DashboardHeader user={user} onLogout={() => void logout()} loggingOut={loggingOut} />
      <PageContainer>
        {state.status === 'loading' && <LoadingState label="Loading dashboard..." />}
        {state.status === 'failed' && (
          <ErrorState
            message="Failed to load dashboard data. Please try again."
            onRetry={reload}
            retryLabel="Try Again"
          />
        )}
        {accountsProps && serversProps && (
          <>
            <Tabs
              label="Dashboard sections"
              tabs={[...TABS]}
              value={tab}
              onChange={(id) => setTab(id as TabId)}
            />
            <TabPanel tabId="accounts" hidden={tab !== 'accounts'}>
              {tab === 'accounts' && (
                <RemoteParcel
                  remote="mfe_accounts"
                  expose="AccountsTab"
                  label="Accounts"
                  parcelProps={accountsProps}
                />
              )}
            </TabPanel>
            <TabPanel tabId="servers" hidden={tab !== 'servers'}>
              {tab === 'servers' && (
                <RemoteParcel
                  remote="mfe_servers"
                  expose="ServersTab"
                  label="Servers"
                  parcelProps={serversProps}
                />
              )}
            </TabPanel>
          </>
        )}
      </PageContainer>
      {setupTarget && (
        <SetupWizardHost target={setupTarget} onComplete={completeWizard} onCancel={closeWizard} />
      )}
    </>
  );
}
