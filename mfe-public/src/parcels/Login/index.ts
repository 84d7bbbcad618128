import { defineParcel } from '@roconnect/shared-lib';
import { Login } from './Login';

export default defineParcel('mfe_public/Login', Login, { release: process.env.RC_RELEASE });
