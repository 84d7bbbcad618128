import { defineParcel } from '@roconnect/shared-lib';
import { PageQueryProvider } from '@roconnect/shared-lib/query';
import { ServerConfig } from './ServerConfig';

export default defineParcel('mfe_setup/ServerConfig', ServerConfig, {
  release: process.env.RC_RELEASE,
  provider: PageQueryProvider,
});
