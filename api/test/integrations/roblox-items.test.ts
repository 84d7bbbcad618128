/**
 * The Roblox client's badge, inventory and item-name reads against the emulator's Roblox routes
 * (its test seed: Ruby has the Test Badge, the Test VIP pass and the Test Hat; Pete nothing; Leo
 * keeps his inventory private).
 */
import {
  createRobloxApiClient,
  MAX_BADGE_IDS_PER_CALL,
} from '../../src/integrations/roblox/apiClient';
import type { RobloxApiClient } from '../../src/integrations/types';
import { IDS, settingsFor, useTestEmulator } from './helpers';

let roblox: RobloxApiClient;
const emulator = useTestEmulator(async (settings, running) => {
  await fetch(`${running.url}/__emulator/calls`, { method: 'DELETE' });
  roblox = createRobloxApiClient(settings, { retries: 1 });
});

const calls = async () =>
  (
    (await (await fetch(`${emulator.url}/__emulator/calls`)).json()) as {
      roblox: { routes: Record<string, number> };
    }
  ).roblox.routes;

describe('getUserBadgeAwards', () => {
  it('answers the awarded badges among those asked, 100 ids a call', async () => {
    expect(await roblox.getUserBadgeAwards(IDS.robloxOwner, ['8001', '8002'])).toEqual(
      new Set(['8001']),
    );
    const many = ['8001', ...Array.from({ length: 149 }, (_, i) => String(700_000 + i))];
    await fetch(`${emulator.url}/__emulator/calls`, { method: 'DELETE' });
    expect(await roblox.getUserBadgeAwards(IDS.robloxOwner, many)).toEqual(new Set(['8001']));
    expect((await calls())['GET /v1/users/:userId/badges/awarded-dates']).toBe(
      Math.ceil(many.length / MAX_BADGE_IDS_PER_CALL),
    );
  });

  it('answers none for an account with none, and asks nothing for no ids', async () => {
    expect(await roblox.getUserBadgeAwards(IDS.robloxMember, ['8001'])).toEqual(new Set());
    await fetch(`${emulator.url}/__emulator/calls`, { method: 'DELETE' });
    expect(await roblox.getUserBadgeAwards(IDS.robloxOwner, [])).toEqual(new Set());
    expect(await calls()).toEqual({});
  });
});

describe('getUserOwnership', () => {
  it('says owned, not owned, or private, never failing on a private inventory', async () => {
    expect(await roblox.getUserOwnership(IDS.robloxOwner, 'gamepass', '8101')).toBe('owned');
    expect(await roblox.getUserOwnership(IDS.robloxOwner, 'asset', '8201')).toBe('owned');
    expect(await roblox.getUserOwnership(IDS.robloxOwner, 'gamepass', '8102')).toBe('not_owned');
    expect(await roblox.getUserOwnership(IDS.robloxMember, 'asset', '8201')).toBe('not_owned');
    expect(await roblox.getUserOwnership(IDS.robloxOutsider, 'gamepass', '8101')).toBe('private');
  });

  it('takes an item Roblox does not know as not owned', async () => {
    expect(await roblox.getUserOwnership(IDS.robloxOwner, 'asset', '999999')).toBe('not_owned');
  });
});

describe('getItemName', () => {
  it('reads a badge’s, a game pass’s and a catalog item’s name, null when unknown', async () => {
    expect(await roblox.getItemName('badge', '8001')).toBe('Test Badge');
    expect(await roblox.getItemName('gamepass', '8101')).toBe('Test VIP');
    expect(await roblox.getItemName('asset', '8201')).toBe('Test Hat');
    for (const kind of ['badge', 'gamepass', 'asset'] as const)
      expect(await roblox.getItemName(kind, '999999')).toBeNull();
    expect(await roblox.getItemName('badge', 'not-an-id')).toBeNull();
  });

  it('cannot tell (throws unavailable) on a 404 without Roblox’s item error: a retired route', async () => {
    // a route that is not there answers 404 without an item code, whatever the id
    const retired = createRobloxApiClient(
      settingsFor(emulator.url, {
        robloxGamePassesBaseUrl: `${emulator.url}/retired`,
        robloxEconomyBaseUrl: `${emulator.url}/retired`,
      }),
      { retries: 0 },
    );
    for (const kind of ['gamepass', 'asset'] as const)
      await expect(retired.getItemName(kind, '8101')).rejects.toMatchObject({
        provider: 'roblox',
        kind: 'unavailable',
        status: 404,
      });
    // a 404 on the real route without an item code (the emulator's fault body has code 0)
    await fetch(`${emulator.url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        faults: [{ path: '/v1/game-passes/999999/product-info', status: 404 }],
      }),
    });
    await expect(roblox.getItemName('gamepass', '999999')).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });
});
