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

/** msw handlers for every path of the contract, over the given in-memory data set. */
export function createHandlers(db: MockDb = mockDb): RequestHandler[] {
  return [
    ...authHandlers(db),
    ...robloxHandlers(db),
    ...dashboardHandlers(db),
    ...serverHandlers(db),
    ...consoleHandlers(db),
    ...discordSettingsHandlers(db),
    ...messageHandlers(db),
    ...memberUpdateHandlers(db),
    ...staffAndBackupHandlers(db),
    ...developerApiHandlers(db),
    ...privacyHandlers(db),
    ...linkedRolesHandlers(db),
    ...publicHandlers(db),
  ];
}

/** Handlers over the shared `mockDb` (reset it with `resetMockDb()`). */
export const handlers: RequestHandler[] = createHandlers(mockDb);
