import { apiCalls } from '../api/apiCalls';
import { refusal, setupMockServer, signIn } from '../testing';
import { SEED_SERVERS } from './seed';

setupMockServer();
beforeEach(() => signIn());

const ready = SEED_SERVERS.ownerReady;
const params = { id: ready };

describe('the mock API’s staff roles and backups', () => {
  it('saves staff roles of the server and refuses an unknown one', async () => {
    const { server_config: config } = await apiCalls.server.config({ params });
    const edit = await apiCalls.server.edit({ params });
    const role = edit.roles.find((r) => r.name !== '@everyone')!;
    expect(config.staff_roles).toEqual({ manager_role_ids: [], updater_role_ids: [] });
    const saved = await apiCalls.server.editStaffRoles({
      params,
      body: { manager_role_ids: [role.id], updater_role_ids: [] },
    });
    expect(saved.server_config.staff_roles.manager_role_ids).toEqual([role.id]);
    expect(
      await refusal(
        apiCalls.server.editStaffRoles({
          params,
          body: { manager_role_ids: ['199999999999999999'], updater_role_ids: [] },
        }),
      ),
    ).toMatchObject({ status: 400, error: 'role_not_found' });
  });

  it('exports, dry-runs an import that changes nothing, and refuses another version', async () => {
    const backup = await apiCalls.configBackup.export({ params });
    expect(backup.version).toBe(1);
    const dry = await apiCalls.configBackup.import({
      params,
      query: { dry_run: true },
      body: backup,
    });
    expect(dry).toEqual({
      dry_run: true,
      applied: false,
      changes: [],
      unmatched_roles: [],
      unmatched_channels: [],
    });
    const changed = {
      ...backup,
      settings: { ...backup.settings, join_dm: !backup.settings.join_dm },
    };
    const real = await apiCalls.configBackup.import({
      params,
      query: { dry_run: false },
      body: changed,
    });
    expect(real.changes.map((c) => c.field)).toEqual(['settings.join_dm']);
    expect((await apiCalls.configBackup.export({ params })).settings.join_dm).toBe(
      !backup.settings.join_dm,
    );
    expect(
      await refusal(
        apiCalls.configBackup.import({
          params,
          query: { dry_run: true },
          body: { ...backup, version: 2 as 1 },
        }),
      ),
    ).toMatchObject({ status: 400, error: 'unsupported_version' });
  });
});
