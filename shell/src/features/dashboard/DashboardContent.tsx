import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from '../../router';
import {
  ErrorState,
  LoadingState,
  PageContainer,
  TabPanel,
  Tabs,
  dashboardPath,
  isDashboardTab,
  type AccountsTabProps,
  type DashboardTab,
  type ServersTabProps,
} from '@roconnect/shared-lib';
import { PageQueryProvider } from '@roconnect/shared-lib/query';
import { RemoteParcel } from '../remotes/RemoteParcel';
import type { ParcelRef } from '../remotes/remoteRegistry';
import { preloadParcelsAfterPaint } from '../remotes/routePreloads';
import { SetupWizardHost, type SetupTarget } from './SetupWizardHost';
import { useBotInviteFollowUp } from './useBotInviteFollowUp';
import { useDashboardData } from './useDashboardData';
import { useDashboardFlags } from './useDashboardFlags';
import { DashboardHeading } from './DashboardHeading';

const TABS: readonly { id: DashboardTab; label: string }[] = [
  { id: 'accounts', label: 'Accounts' },
  { id: 'servers', label: 'Servers' },
];

export interface DashboardPageProps {
  /** The parcel each tab shows. */
  tabParcels: Record<DashboardTab, ParcelRef>;
  /** What a visitor here is likely to open next, fetched once the tab is painted. */
  openedNext: readonly ParcelRef[];
}

/**
 * The dashboard below its header: tabs whose bodies are remote parcels, and the data they show
 * (read here from the page's query cache, docs/product.md › Dashboard). Setup Bot opens
 * mfe_setup's wizard; the remotes never import each other. The tab lives in the address
 * (`?tab=servers`), so reloads, Back links and the browser's back button keep it.
 */
export function DashboardContent(props: DashboardPageProps) {
  return (
    <PageQueryProvider>
      <DashboardBody {...props} />
    </PageQueryProvider>
  );
}

function DashboardBody({ tabParcels, openedNext }: DashboardPageProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requestedTab = params.get('tab');
  const tab: DashboardTab = isDashboardTab(requestedTab) ? requestedTab : 'accounts';
  const { state, reload, replaceServers } = useDashboardData();
  const [setupTarget, setSetupTarget] = useState<SetupTarget | null>(null);
  const botInvite = useDashboardFlags();
  useBotInviteFollowUp(botInvite, state, setSetupTarget);

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
  const preloadOpenedNext = useCallback(() => preloadParcelsAfterPaint(openedNext), [openedNext]);
  const completeWizard = useCallback(() => {
    setSetupTarget(null);
    reload();
  }, [reload]);

  function selectTab(id: string) {
    // A history entry per tab, so the browser's back button goes back to the previous tab.
    if (isDashboardTab(id) && id !== tab) navigate(dashboardPath(id));
  }

  return (
    <>
      <PageContainer>
        <DashboardHeading />
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
            <Tabs label="Dashboard sections" tabs={TABS} value={tab} onChange={selectTab} />
            {TABS.map(({ id, label }) => (
              <TabPanel key={id} tabId={id} hidden={tab !== id}>
                {tab === id && (
                  <RemoteParcel
                    {...tabParcels[id]}
                    label={label}
                    parcelProps={id === 'accounts' ? accountsProps : serversProps}
                    onMounted={preloadOpenedNext}
                  />
                )}
              </TabPanel>
            ))}
          </>
        )}
      </PageContainer>
      {setupTarget && (
        <SetupWizardHost
          target={setupTarget}
          onComplete={completeWizard}
          onCancel={closeWizard}
          onSaveSettledAfterClose={reload}
        />
      )}
    </>
  );
}
