import { defineParcel } from '@roconnect/shared-lib';
import { RobloxCallback } from './RobloxCallback';

export default defineParcel('mfe_accounts/RobloxCallback', RobloxCallback, {
  release: process.env.RC_RELEASE,
});
