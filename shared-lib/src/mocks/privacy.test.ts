import { API_PATHS } from '../contract/paths';
import { privacyApi } from '../api/privacy';
import { setupMockServer, signIn } from '../testing';
import { DEMO_ACCESS_TOKEN, SEED_SERVERS } from './seed';

setupMockServer();

const verified = SEED_SERVERS.memberWithBot;

/** A raw call with the demo user's token, as the API would be called. */
async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`http://localhost${path}`, {
    method,
    headers: {
      authorization: `Bearer ${DEMO_ACCESS_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, json: await res.json() };
}

describe('MSW handlers for the member privacy routes', () => {
  beforeEach(() => signIn());

  it('answers the choices as the API does: shown where verified, a choice per server, the default', async () => {
    expect(await privacyApi.settings()).toEqual({
      default_visible: true,
      servers: [{ server_id: verified, server_name: 'Tycoon Fans', visible: true, verified: true }],
    });
    const saved = await privacyApi.saveSettings({
      default_visible: false,
      servers: [
        { server_id: verified, visible: false },
        { server_id: SEED_SERVERS.ownerReady, visible: true },
      ],
    });
    expect(saved.default_visible).toBe(false);
    expect(saved.servers.map((s) => [s.server_id, s.visible, s.verified])).toEqual([
      [SEED_SERVERS.ownerReady, true, false],
      [verified, false, true],
    ]);
  });

  it('refuses a bad body and a server the member is not in, naming them', async () => {
    const bad = await call('PUT', API_PATHS.privacy, { default_visible: 'yes', servers: [] });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('default_visible');
    const stranger = '299999999999999999';
    const unknown = await call('PUT', API_PATHS.privacy, {
      default_visible: true,
      servers: [{ server_id: stranger, visible: true }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ error: 'unknown_server' });
    expect(unknown.json.message).toContain(stranger);
  });

  it('lists the lookups of the caller, exports a file and deletes the account', async () => {
    expect(await privacyApi.lookups()).toEqual([
      expect.objectContaining({ server_id: verified, source: 'whois', shown: true }),
    ]);
    const exported = await call('GET', API_PATHS.exportAccount);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename=".+\.json"$/,
    );
    expect(exported.json).toMatchObject({ format: 'roconnect-export-1', profile: { id: '1' } });
    expect(JSON.stringify(exported.json)).not.toContain(DEMO_ACCESS_TOKEN);

    const deleted = await call('DELETE', API_PATHS.deleteAccount);
    expect(deleted.status).toBe(200);
    expect(deleted.json.data.deleted).toBe(true);
    expect(deleted.json.data.cleanup.map((c: { server_id: string }) => c.server_id)).toEqual([
      verified,
    ]);
    expect((await call('GET', API_PATHS.me)).status).toBe(401);
  });
});
