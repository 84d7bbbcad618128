import { defineParcel } from '@roconnect/shared-lib';
import { PageQueryProvider } from '@roconnect/shared-lib/query';
import { AccountsTab } from './AccountsTab';

export default defineParcel('mfe_accounts/AccountsTab', AccountsTab, {
  release: process.env.RC_RELEASE,
  provider: PageQueryProvider,
});
