import { defineParcel } from '@roconnect/shared-lib';
import { PageQueryProvider } from '@roconnect/shared-lib/query';
import { ServersTab } from './ServersTab';

export default defineParcel('mfe_servers/ServersTab', ServersTab, {
  release: process.env.RC_RELEASE,
  provider: PageQueryProvider,
});
