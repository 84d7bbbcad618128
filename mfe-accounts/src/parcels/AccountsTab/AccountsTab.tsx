import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import {
  Banner,
  Button,
  EmptyState,
  ErrorState,
  LoadingState,
  TabHeader,
  api,
  type AccountsTabProps,
  type LinkedAccount,
  type UnlinkCleanup,
} from '@roconnect/shared-lib';
import { useApiMutation } from '@roconnect/shared-lib/query';
import { PrivacyLink } from '../../features/privacy/PrivacyLink';
import { AccountCard } from './AccountCard';
import { UnlinkDialog } from './UnlinkDialog';
import { useAccountsData } from './useAccountsData';
import { useLinkRoblox } from './useLinkRoblox';

export const NOT_CONFIGURED_MESSAGE =
  'Roblox OAuth2 is not configured. Please contact an administrator.';

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: 1fr;
  margin: ${({ theme }) => theme.space(4)} 0 0;
  padding: 0;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(auto-fill, minmax(320px, 1fr));
  }
`;

/** The shell always passes the dashboard data; the standalone page may leave it to the tab. */
export type AccountsTabParcelProps = Partial<AccountsTabProps>;

/** Dashboard tab: the user's linked Roblox accounts (docs/product.md › Accounts tab). */
export function AccountsTab(props: AccountsTabParcelProps) {
  const { data, reload, refresh, fromShell } = useAccountsData(props);
  const { starting, startLinking } = useLinkRoblox();
  const [confirming, setConfirming] = useState<LinkedAccount | null>(null);
  const unlinkCall = useApiMutation({
    call: ({ account, removeRoles }: { account: LinkedAccount; removeRoles: boolean }) =>
      api.dashboard.unlinkAccount(account.id, { removeRoles }),
    success: 'Account unlinked successfully!',
    failure: 'Failed to unlink account. Please try again.',
  });
  const unlinking = unlinkCall.isPending;
  const [cleanup, setCleanup] = useState<UnlinkCleanup[] | null>(null);
  // Accounts unlinked here stay hidden until the shell's fresh list arrives without them.
  const [removedIds, setRemovedIds] = useState<ReadonlySet<string>>(new Set());
  const { onAccountsChange } = props;
  const titleId = useId();

  useEffect(() => {
    if (data.status !== 'ready') return;
    setRemovedIds((ids) => {
      const stillListed = [...ids].filter((id) =>
        data.accounts.some((account) => account.id === id),
      );
      return stillListed.length === ids.size ? ids : new Set(stillListed);
    });
  }, [data]);

  async function unlink(account: LinkedAccount, removeRoles: boolean) {
    const unlinked = await unlinkCall.run({ account, removeRoles });
    let keepOpen = false;
    if (unlinked.ok) {
      const result = unlinked.data;
      if (removeRoles && 'cleanup' in result) {
        // the dialog stays open to show what the bot took back
        setCleanup(result.cleanup);
        keepOpen = true;
      }
      setRemovedIds((ids) => new Set(ids).add(account.id));
      if (onAccountsChange) onAccountsChange();
      else if (!fromShell) refresh();
    }
    if (!keepOpen) setConfirming(null);
  }

  let body;
  let headerAction = null;
  if (data.status === 'loading') {
    body = <LoadingState label="Loading linked accounts..." />;
  } else if (data.status === 'failed') {
    body = (
      <ErrorState message="Failed to load dashboard data. Please try again." onRetry={reload} />
    );
  } else {
    const accounts = data.accounts.filter((account) => !removedIds.has(account.id));
    // only a status that said "not configured" hides them; an unknown one keeps them
    const notConfigured = data.robloxConfigured === false;
    const linkButton = (label: string) =>
      !notConfigured ? (
        <Button onClick={() => void startLinking()} loading={starting}>
          {label}
        </Button>
      ) : null;
    if (accounts.length > 0) headerAction = linkButton('Link Another Account');
    body = (
      <>
        {notConfigured && <Banner tone="warning">{NOT_CONFIGURED_MESSAGE}</Banner>}
        {accounts.length === 0 ? (
          <EmptyState
            icon="link"
            title="No Linked Accounts"
            description="Link your Roblox account to verify in your Discord servers."
            action={linkButton('Link Roblox Account')}
          />
        ) : (
          <List aria-label="Linked Roblox accounts">
            {accounts.map((account) => (
              <AccountCard key={account.id} account={account} onUnlink={setConfirming} />
            ))}
          </List>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={titleId}>
      <TabHeader titleId={titleId} title="Linked Roblox Accounts" action={headerAction} />
      {body}
      <PrivacyLink />
      <UnlinkDialog
        account={confirming}
        busy={unlinking}
        cleanup={cleanup}
        onConfirm={(removeRoles) => confirming && void unlink(confirming, removeRoles)}
        onCancel={() => {
          setConfirming(null);
          setCleanup(null);
        }}
      />
    </section>
  );
}
