import { createQueryClient } from './queryClient';
import { queryKeys } from './queryKeys';
import { accountsChanged, serverChanged } from './invalidations';

function clientHolding(keys: readonly (readonly unknown[])[]) {
  const client = createQueryClient();
  for (const key of keys) client.setQueryData(key, 'data');
  const state = (key: readonly unknown[]) => client.getQueryState(key);
  return { client, state };
}

describe('what a change makes the screens read again', () => {
  it("a server's change: its reads go stale, its audit log starts again, other servers stay", async () => {
    const { client, state } = clientHolding([
      queryKeys.serverEdit('1'),
      queryKeys.serverBinds('1'),
      queryKeys.serverHealth('1'),
      queryKeys.setupStatus('1'),
      queryKeys.auditLog('1', null),
      queryKeys.auditLog('1', { member: '123456789012345678' }),
      queryKeys.serverEdit('2'),
      queryKeys.auditLog('2', null),
    ]);
    await serverChanged(client, '1');
    for (const key of [
      queryKeys.serverEdit('1'),
      queryKeys.serverBinds('1'),
      queryKeys.serverHealth('1'),
      queryKeys.setupStatus('1'),
    ]) {
      expect(state(key)).toMatchObject({ isInvalidated: true, data: 'data' });
    }
    expect(state(queryKeys.auditLog('1', null))?.data).toBeUndefined();
    expect(state(queryKeys.auditLog('1', { member: '123456789012345678' }))?.data).toBeUndefined();
    expect(state(queryKeys.serverEdit('2'))).toMatchObject({ isInvalidated: false, data: 'data' });
    expect(state(queryKeys.auditLog('2', null))?.data).toBe('data');
  });

  it('an account change: the accounts and the loads that show them go stale', async () => {
    const { client, state } = clientHolding([
      queryKeys.linkedAccounts(),
      queryKeys.dashboard(),
      queryKeys.verification(),
      queryKeys.userServers(),
    ]);
    await accountsChanged(client);
    expect(state(queryKeys.linkedAccounts())?.isInvalidated).toBe(true);
    expect(state(queryKeys.dashboard())?.isInvalidated).toBe(true);
    expect(state(queryKeys.verification())?.isInvalidated).toBe(true);
    expect(state(queryKeys.userServers())?.isInvalidated).toBe(false);
  });
});
