import { defineParcel } from '@roconnect/shared-lib';
import { AccountsTab } from './AccountsTab';

export default defineParcel('mfe_accounts/AccountsTab', AccountsTab, {
  release: process.env.RC_RELEASE,
});
