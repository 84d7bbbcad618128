import { defineParcel } from '@roconnect/shared-lib';
import { ErrorPage } from './ErrorPage';

export default defineParcel('mfe_public/ErrorPage', ErrorPage, { release: process.env.RC_RELEASE });
