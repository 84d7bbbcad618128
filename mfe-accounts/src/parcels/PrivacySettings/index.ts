import { defineParcel } from '@roconnect/shared-lib';
import { PageQueryProvider } from '@roconnect/shared-lib/query';
import { PrivacySettings } from './PrivacySettings';

export default defineParcel('mfe_accounts/PrivacySettings', PrivacySettings, {
  release: process.env.RC_RELEASE,
  provider: PageQueryProvider,
});
