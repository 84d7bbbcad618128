import type { RequestHandler } from 'msw';
import { mockDb, type MockDb } from './db';
import { authHandlers, robloxHandlers } from './handlers/auth';
import { consoleHandlers } from './handlers/console';
import { dashboardHandlers } from './handlers/dashboard';
import { developerApiHandlers } from './handlers/developerApi';
import { discordSettingsHandlers } from './handlers/discordSettings';
import { memberUpdateHandlers } from './handlers/memberUpdates';
import { messageHandlers } from './handlers/messages';
import { linkedRolesHandlers } from './handlers/linkedRoles';
import { privacyHandlers } from './handlers/privacy';
import { publicHandlers } from './handlers/public';
import { serverHandlers } from './handlers/server';
import { staffAndBackupHandlers } from './handlers/staffAndBackup';

/** The handlers of each part of the contract, in the order msw tries them. */
const HANDLER_GROUPS: ((db: MockDb) => RequestHandler[])[] = [
  authHandlers,
  robloxHandlers,
  dashboardHandlers,
  serverHandlers,
  consoleHandlers,
  discordSettingsHandlers,
  messageHandlers,
  memberUpdateHandlers,
  staffAndBackupHandlers,
  developerApiHandlers,
  privacyHandlers,
  linkedRolesHandlers,
  publicHandlers,
];

/** msw handlers for every path of the contract, over the given in-memory data set. */
export function createHandlers(db: MockDb = mockDb): RequestHandler[] {
  return HANDLER_GROUPS.flatMap((group) => group(db));
}

/** Handlers over the shared `mockDb` (reset it with `resetMockDb()`). */
export const handlers: RequestHandler[] = createHandlers(mockDb);
