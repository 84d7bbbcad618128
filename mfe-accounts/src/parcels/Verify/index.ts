import { defineParcel } from '@roconnect/shared-lib';
import { PageQueryProvider } from '@roconnect/shared-lib/query';
import { Verify } from './Verify';

export default defineParcel('mfe_accounts/Verify', Verify, {
  release: process.env.RC_RELEASE,
  provider: PageQueryProvider,
});
