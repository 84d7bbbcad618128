import { defineParcel } from '@roconnect/shared-lib';
import { Privacy } from './Privacy';

export default defineParcel('mfe_public/Privacy', Privacy, { release: process.env.RC_RELEASE });
