import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFakeIntegrations } from '../support/fake-integrations';
import { bearer, createTestApp, testSettings } from '../support/app';
import { openTestDatabase, TEST_DATABASE_URL } from '../support/db';
import { completeSetup, linkRoblox, loginAs } from '../support/fake-login';
import { GUILD_A, OLIVIA, PETE, standardWorld } from '../support/world';

describe(`restarting the API on the same ${TEST_DATABASE_URL ? 'PostgreSQL schema' : 'PGlite data folder'}`, () => {
  it('keeps sessions, linked accounts, Discord tokens and server configuration', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'roconnect-restart-'));
    const settings = testSettings({ DATA_DIR: dir });
    const world = standardWorld();
    const tdb = await openTestDatabase({ pgliteDir: path.join(dir, 'pglite') });

    const first = await createTestApp(tdb.database, createFakeIntegrations(world), settings);
    const olivia = await loginAs(first, OLIVIA);
    await linkRoblox(first, olivia, PETE);
    await completeSetup(first, olivia, GUILD_A, { skip: true }, 'roblox_display');
    await first.close();
    await tdb.database.close();

    const reopened = await tdb.reopen(); // migrations run again and find nothing to do
    const second = await createTestApp(reopened, createFakeIntegrations(world), settings);
    try {
      expect(
        (await second.inject({ method: 'GET', url: '/auth/me', headers: olivia.headers })).json()
          .data.discord_id,
      ).toBe(OLIVIA);
      const refreshed = await second.inject({
        method: 'POST',
        url: '/auth/refresh',
        payload: { refresh_token: olivia.refresh },
      });
      expect(refreshed.statusCode).toBe(200);
      const h = bearer(refreshed.json().data.access_token);
      const accounts = (
        await second.inject({
          method: 'GET',
          url: '/api/v1/dashboard/user/linked-accounts',
          headers: h,
        })
      ).json().data;
      expect(accounts.map((a: { roblox_id: string }) => a.roblox_id)).toEqual([PETE]);
      const config = (
        await second.inject({ method: 'GET', url: `/api/v1/server/${GUILD_A}/config`, headers: h })
      ).json().data.server_config;
      expect(config).toMatchObject({
        nickname_format: 'roblox_display',
        verified_role_name: 'Verified',
      });
      expect(
        (
          await second.inject({ method: 'GET', url: `/api/v1/server/${GUILD_A}/setup`, headers: h })
        ).json().data.setup_completed,
      ).toBe(true);
      // the encrypted Discord tokens are still readable: a sync works without a new login
      expect(
        (
          await second.inject({
            method: 'POST',
            url: '/api/v1/dashboard/user/sync-servers',
            headers: h,
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await second.close();
      await reopened.close();
      if (TEST_DATABASE_URL) await tdb.cleanup();
      rmSync(dir, { recursive: true, force: true });
    }
    // two PGlite opens of a folder (a full initdb, then migrations) beside the other worker's: 7 s
    // alone, over 30 s once on a loaded 2-core machine
  }, 120_000);
});
