import { apiErrorMessage, apiErrorStatus } from '../api/errors';
import { SEED_SERVERS } from '../mocks';
import { setupMockServer } from '../testing/mockServer';
import { signIn } from '../testing/signIn';
import { createQueryClient } from './queryClient';
import { bindLookupQuery, bindsPreviewQuery } from './rules';

const { db } = setupMockServer();
const SERVER_ID = SEED_SERVERS.ownerReady;
const VERIFIED = '200000000000000011';

it("looks up a group's ranks and an item's name, and names an unknown id", async () => {
  signIn();
  const client = createQueryClient();
  const group = await client.fetchQuery(bindLookupQuery(SERVER_ID, 'group', '5000001'));
  expect(group.name).toBe('Demo Builders Group');
  expect(group.ranks.map((r) => r.rank)).toEqual([0, 1, 100, 255]);
  const pass = await client.fetchQuery(bindLookupQuery(SERVER_ID, 'gamepass', '9100001'));
  expect(pass).toEqual({ kind: 'gamepass', id: '9100001', name: 'VIP', ranks: [] });
  const unknown = await client
    .fetchQuery(bindLookupQuery(SERVER_ID, 'badge', '777'))
    .catch((error: unknown) => error);
  expect(apiErrorStatus(unknown)).toBe(404);
  expect(apiErrorMessage(unknown)).toBe('Roblox badge 777 does not exist.');
});

it('previews a list without saving it, keyed by the list', async () => {
  signIn();
  db.linkedAccounts[0]!.verified_in.push({
    server_id: SERVER_ID,
    server_name: 'Demo Builders Club',
    verified_at: '2025-08-02T10:05:00.000Z',
  });
  const client = createQueryClient();
  const binds = [{ kind: 'gamepass' as const, gamepass_id: '9100001', role_id: VERIFIED }];
  const preview = await client.fetchQuery(bindsPreviewQuery(SERVER_ID, binds));
  expect(preview.members).toBe(1);
  expect(preview.roles).toEqual([
    { role_id: VERIFIED, role_name: 'Verified', gain: 1, lose: 0, keep: 0, unknown: 0 },
  ]);
  expect(db.servers.find((s) => s.server_id === SERVER_ID)!.binds).toEqual([]);
  // another list is another entry
  const other = [{ kind: 'gamepass' as const, gamepass_id: '9100002', role_id: VERIFIED }];
  expect(bindsPreviewQuery(SERVER_ID, other).queryKey).not.toEqual(
    bindsPreviewQuery(SERVER_ID, binds).queryKey,
  );
  expect(client.getQueryData(bindsPreviewQuery(SERVER_ID, other).queryKey)).toBeUndefined();
});
