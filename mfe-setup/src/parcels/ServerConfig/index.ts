import { defineParcel } from '@roconnect/shared-lib';
import { ServerConfig } from './ServerConfig';

export default defineParcel('mfe_setup/ServerConfig', ServerConfig, {
  release: process.env.RC_RELEASE,
});
