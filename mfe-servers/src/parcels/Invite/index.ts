import { defineParcel } from '@roconnect/shared-lib';
import { PageQueryProvider } from '@roconnect/shared-lib/query';
import { Invite } from './Invite';

export default defineParcel('mfe_servers/Invite', Invite, {
  release: process.env.RC_RELEASE,
  provider: PageQueryProvider,
});
