import { defineParcel } from '@roconnect/shared-lib';
import { Verify } from './Verify';

export default defineParcel('mfe_accounts/Verify', Verify, { release: process.env.RC_RELEASE });
