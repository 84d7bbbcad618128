import { defineParcel } from '@roconnect/shared-lib';
import { Invite } from './Invite';

export default defineParcel('mfe_servers/Invite', Invite, { release: process.env.RC_RELEASE });
