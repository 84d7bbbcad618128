import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageContainer, TabPanel, Tabs, session, toast } from '@roconnect/shared-lib';
import { RemoteParcel } from '../remotes/RemoteParcel';
import { useSession } from '../auth/useSession';
import { DashboardHeader } from './DashboardHeader';
import { SetupWizardHost, type SetupTarget } from './SetupWizardHost';

const TABS = [
  { id: 'accounts', label: 'Accounts' },
  { id: 'servers', label: 'Servers' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The dashboard frame: header and tabs; each tab body is a remote's parcel. */
export function DashboardPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const [tab, setTab] = useState<TabId>('accounts');
  const [loggingOut, setLoggingOut] = useState(false);
  const [setupTarget, setSetupTarget] = useState<SetupTarget | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  const serversProps = useMemo(
    () => ({
      reloadKey,
      onSetupServer: (serverId: string, serverName: string) => setSetupTarget({ serverId, serverName }),
      onEditServer: (serverId: string) => navigate(`/server/edit/${encodeURIComponent(serverId)}`),
    }),
    [navigate, reloadKey],
  );
  const accountsProps = useMemo(() => ({ reloadKey }), [reloadKey]);

  async function logout() {
    setLoggingOut(true);
    await session.logout();
    toast.success('Successfully logged out!');
    navigate('/', { replace: true });
  }

  return (
    <>
      <DashboardHeader user={user} onLogout={() => void logout()} loggingOut={loggingOut} />
      <PageContainer as="main">
        <Tabs label="Dashboard sections" tabs={[...TABS]} value={tab} onChange={(id) => setTab(id as TabId)} />
        <TabPanel tabId="accounts" hidden={tab !== 'accounts'}>
          {tab === 'accounts' && (
            <RemoteParcel remote="mfe_accounts" expose="AccountsTab" label="Accounts" parcelProps={accountsProps} />
          )}
        </TabPanel>
        <TabPanel tabId="servers" hidden={tab !== 'servers'}>
          {tab === 'servers' && (
            <RemoteParcel remote="mfe_servers" expose="ServersTab" label="Servers" parcelProps={serversProps} />
          )}
        </TabPanel>
      </PageContainer>
      {setupTarget && (
        <SetupWizardHost
          target={setupTarget}
          onComplete={() => {
            setSetupTarget(null);
            setReloadKey((n) => n + 1);
          }}
          onCancel={() => setSetupTarget(null)}
        />
      )}
    </>
  );
}
