import { defineParcel } from '@roconnect/shared-lib';
import { PageQueryProvider } from '@roconnect/shared-lib/query';
import { SetupWizard } from './SetupWizard';

export default defineParcel('mfe_setup/SetupWizard', SetupWizard, {
  release: process.env.RC_RELEASE,
  provider: PageQueryProvider,
});
