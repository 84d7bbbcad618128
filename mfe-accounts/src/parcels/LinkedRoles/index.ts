import { defineParcel } from '@roconnect/shared-lib';
import { PageQueryProvider } from '@roconnect/shared-lib/query';
import { LinkedRoles } from './LinkedRoles';

export default defineParcel('mfe_accounts/LinkedRoles', LinkedRoles, {
  release: process.env.RC_RELEASE,
  provider: PageQueryProvider,
});
