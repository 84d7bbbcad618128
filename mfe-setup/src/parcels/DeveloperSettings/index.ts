import { defineParcel } from '@roconnect/shared-lib';
import { PageQueryProvider } from '@roconnect/shared-lib/query';
import { DeveloperSettings } from './DeveloperSettings';

export default defineParcel('mfe_setup/DeveloperSettings', DeveloperSettings, {
  release: process.env.RC_RELEASE,
  provider: PageQueryProvider,
});
