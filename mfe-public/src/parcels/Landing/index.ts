import { defineParcel } from '@roconnect/shared-lib';
import { Landing } from './Landing';

export default defineParcel('mfe_public/Landing', Landing, { release: process.env.RC_RELEASE });
