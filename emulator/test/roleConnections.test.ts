import {
  BOT,
  CLIENT_ID,
  discordAccessToken,
  loginParams,
  USERS,
  bearer,
  DISCORD_CLIENT,
  useEmulator,
} from './helpers';

const app = useEmulator();

const METADATA_URL = `/api/v10/applications/${CLIENT_ID}/role-connections/metadata`;
const CONNECTION_URL = `/api/v10/users/@me/applications/${CLIENT_ID}/role-connection`;

const RECORDS = [
  { type: 7, key: 'verified', name: 'Verified', description: 'Has a linked Roblox account' },
  { type: 2, key: 'rank', name: 'Group rank', description: 'Rank in the group at least' },
  { type: 6, key: 'joined', name: 'Joined', description: 'On Roblox since' },
];

/** signs in through the consent page asking for `scope` and returns the access token */
async function tokenWithScope(userId: string, scope: string): Promise<string> {
  const page = await app.inject({
    url: `/oauth2/authorize?${new URLSearchParams(loginParams('s', scope))}`,
  });
  expect(page.statusCode).toBe(200);
  const token = await discordAccessToken(app, userId, scope);
  expect(token.scope).toBe(scope);
  return token.access_token;
}

const putMetadata = (payload: unknown, headers: Record<string, string> = BOT) =>
  app.inject({ method: 'PUT', url: METADATA_URL, headers, payload: payload as object });

describe('application role connection metadata', () => {
  it('stores up to 5 records with the bot token and lists them', async () => {
    const put = await putMetadata(RECORDS);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(RECORDS);
    const get = await app.inject({ url: METADATA_URL, headers: BOT });
    expect(get.json()).toEqual(RECORDS);
    expect(app.emulator.state().role_connections.metadata).toEqual(RECORDS);
    // a PUT replaces the whole set
    expect((await putMetadata([RECORDS[0]])).json()).toEqual([RECORDS[0]]);
  });

  it.each<[string, unknown, object]>([
    [
      'more than 5 records',
      Array.from({ length: 6 }, (_, i) => ({ ...RECORDS[0], key: `k${i}` })),
      { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 5 or fewer in length.' }] },
    ],
    [
      'an unknown type',
      [{ ...RECORDS[0], type: 9 }],
      {
        '0': {
          type: {
            _errors: [
              {
                code: 'BASE_TYPE_CHOICES',
                message: 'Value must be one of (1, 2, 3, 4, 5, 6, 7, 8).',
              },
            ],
          },
        },
      },
    ],
    [
      'a key with capitals',
      [{ ...RECORDS[0], key: 'Verified' }],
      {
        '0': {
          key: {
            _errors: [
              {
                code: 'APPLICATION_ROLE_CONNECTIONS_METADATA_KEY_INVALID',
                message: 'Key must be 1-50 characters of a-z, 0-9 or _.',
              },
            ],
          },
        },
      },
    ],
    [
      'a description over 200 characters',
      [RECORDS[0], { ...RECORDS[1], description: 'x'.repeat(201) }],
      {
        '1': {
          description: {
            _errors: [
              { code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 200 in length.' },
            ],
          },
        },
      },
    ],
  ])('answers 400 50035 for %s', async (_label, body, errors) => {
    const res = await putMetadata(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid Form Body', code: 50035, errors });
  });

  it('needs the bot token of this application', async () => {
    expect((await putMetadata(RECORDS, DISCORD_CLIENT)).statusCode).toBe(401);
    const other = await app.inject({
      method: 'PUT',
      url: '/api/v10/applications/100000000000000009/role-connections/metadata',
      headers: BOT,
      payload: RECORDS,
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('user application role connection', () => {
  beforeEach(async () => {
    await putMetadata(RECORDS);
  });

  it('stores platform name, username and metadata with a role_connections.write token', async () => {
    const token = await tokenWithScope(USERS.member, 'identify role_connections.write');
    const auth = bearer(token);
    const empty = await app.inject({ url: CONNECTION_URL, headers: auth });
    expect(empty.json()).toEqual({ platform_name: null, platform_username: null, metadata: {} });
    const body = {
      platform_name: 'Roblox',
      platform_username: 'RankedRuby',
      metadata: { verified: 1, rank: '255', joined: '2015-01-01T00:00:00.000Z' },
    };
    const put = await app.inject({
      method: 'PUT',
      url: CONNECTION_URL,
      headers: auth,
      payload: body,
    });
    expect(put.statusCode).toBe(200);
    const stored = { ...body, metadata: { ...body.metadata, verified: '1' } };
    expect(put.json()).toEqual(stored);
    expect((await app.inject({ url: CONNECTION_URL, headers: auth })).json()).toEqual(stored);
    expect(app.emulator.state().role_connections.users).toEqual([
      { user_id: USERS.member, ...stored, updated_at: expect.any(String) },
    ]);
  });

  it('answers 403 Missing Access for a token without role_connections.write, 401 for none', async () => {
    const { access_token } = await discordAccessToken(app, USERS.member);
    const res = await app.inject({
      method: 'PUT',
      url: CONNECTION_URL,
      headers: bearer(access_token),
      payload: { metadata: {} },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Missing Access', code: 50001 });
    const anon = await app.inject({
      method: 'PUT',
      url: CONNECTION_URL,
      headers: DISCORD_CLIENT,
      payload: {},
    });
    expect(anon.statusCode).toBe(401);
    // the bot token is not a user's token
    expect((await app.inject({ url: CONNECTION_URL, headers: BOT })).statusCode).toBe(401);
    expect(app.emulator.state().role_connections.users).toEqual([]);
  });

  it.each<[string, object, string]>([
    [
      'an unknown key',
      { metadata: { level: '3' } },
      'level is not a metadata key of this application.',
    ],
    ['a non-integer for an integer key', { metadata: { rank: 'high' } }, 'Must be an integer.'],
    ['a bad date', { metadata: { joined: 'yesterday' } }, 'Must be an ISO 8601 date.'],
    ['a boolean other than 0 or 1', { metadata: { verified: 'yes' } }, 'Must be 0 or 1.'],
    [
      'a platform name over 50 characters',
      { platform_name: 'x'.repeat(51) },
      'Must be 50 or fewer in length.',
    ],
  ])('answers 400 50035 for %s', async (_label, payload, message) => {
    const token = await tokenWithScope(USERS.member, 'identify role_connections.write');
    const res = await app.inject({
      method: 'PUT',
      url: CONNECTION_URL,
      headers: bearer(token),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(50035);
    expect(JSON.stringify(res.json().errors)).toContain(message);
  });
});
