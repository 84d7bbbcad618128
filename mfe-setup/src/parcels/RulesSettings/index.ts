import { defineParcel } from '@roconnect/shared-lib';
import { PageQueryProvider } from '@roconnect/shared-lib/query';
import { RulesSettings } from './RulesSettings';

export default defineParcel('mfe_setup/RulesSettings', RulesSettings, {
  release: process.env.RC_RELEASE,
  provider: PageQueryProvider,
});
