import { defineParcel } from '@roconnect/shared-lib';
import { Terms } from './Terms';

export default defineParcel('mfe_public/Terms', Terms, { release: process.env.RC_RELEASE });
