import { http, HttpResponse } from 'msw';
import { API_PATHS } from '../contract/paths';
import { setupMockServer, signIn } from '../testing';
import { api } from './endpoints';
import { loginCheck } from './loginCheck';

const { server } = setupMockServer();
afterEach(() => sessionStorage.clear());

/** Records how the next call to `path` was sent. */
function recordCall(path: string) {
  const seen: { credentials?: string; check?: string | null } = {};
  server.use(
    http.get(`*${path}`, ({ request }) => {
      seen.credentials = request.credentials;
      seen.check = request.headers.get('x-login-check');
      return HttpResponse.json({
        success: true,
        data: { auth_url: 'https://x.test', invite_url: 'https://x.test' },
      });
    }),
  );
  return seen;
}

describe('the calls that start an OAuth flow', () => {
  it('send credentials (the browser-binding cookie) and a login check kept in this tab', async () => {
    const seen = recordCall(API_PATHS.discordUrl);
    await api.auth.discordUrl();
    expect(seen.credentials).toBe('include');
    expect(seen.check).toMatch(/^[\w-]{43}$/);
    expect(loginCheck.consume(seen.check!)).toBe(true);
  });

  it.each([
    ['the bot invite', API_PATHS.inviteUrl, () => api.dashboard.inviteUrl('100000000000000001')],
    ['the Roblox link', API_PATHS.robloxAuthUrl, () => api.roblox.authUrl()],
    [
      'the bot health check (its re-invite link)',
      API_PATHS.serverHealth('100000000000000001'),
      () => api.server.health('100000000000000001'),
    ],
  ])('%s sends credentials too', async (_name, path, call) => {
    signIn();
    const seen = recordCall(path);
    await call();
    expect(seen.credentials).toBe('include');
  });

  it('other calls never send credentials', async () => {
    signIn();
    let credentials: string | undefined;
    server.use(
      http.get(`*${API_PATHS.linkedAccounts}`, ({ request }) => {
        credentials = request.credentials;
        return HttpResponse.json({ success: true, data: [] });
      }),
    );
    await api.dashboard.linkedAccounts();
    expect(credentials).not.toBe('include');
  });
});

describe('loginCheck', () => {
  it('accepts only the check this tab created, once', () => {
    const check = loginCheck.create();
    expect(loginCheck.consume(check)).toBe(true);
    expect(loginCheck.consume(check)).toBe(false);
  });

  it('refuses a check from elsewhere, and any check when this tab started no login', () => {
    loginCheck.create();
    expect(loginCheck.consume('b'.repeat(43))).toBe(false);
    expect(loginCheck.consume('b'.repeat(43))).toBe(false);
    expect(loginCheck.consume(null)).toBe(false);
  });
});

describe('the return path of a login started for a page', () => {
  it('is kept with the check, taken once, and dropped by a login started without one', () => {
    loginCheck.create('/account/privacy');
    expect(loginCheck.takeReturnPath()).toBe('/account/privacy');
    expect(loginCheck.takeReturnPath()).toBeNull();
    loginCheck.create('/account/privacy');
    loginCheck.create();
    expect(loginCheck.takeReturnPath()).toBeNull();
  });

  it.each(['https://evil.test/', '//evil.test', '/\\evil.test', '/\t/evil.test', 'account', ''])(
    'is never an address elsewhere: %j',
    (path) => {
      loginCheck.create(path);
      expect(loginCheck.takeReturnPath()).toBeNull();
    },
  );

  it('is sent by api.auth.discordUrl', async () => {
    recordCall(API_PATHS.discordUrl);
    await api.auth.discordUrl('/account/privacy');
    expect(loginCheck.takeReturnPath()).toBe('/account/privacy');
  });
});
