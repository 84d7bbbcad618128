import { defineParcel } from '@roconnect/shared-lib';
import { PageQueryProvider } from '@roconnect/shared-lib/query';
import { DiscordSettings } from './DiscordSettings';

export default defineParcel('mfe_setup/DiscordSettings', DiscordSettings, {
  release: process.env.RC_RELEASE,
  provider: PageQueryProvider,
});
