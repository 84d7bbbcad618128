/** The check against Discord's OpenAPI document names what is wrong with a call, and only that. */
import { DiscordContract } from './discord-contract';
import type { RecordedCall } from './recording-proxy';

const contract = new DiscordContract();
const GUILD = '120000000000000001';
const USER = '110000000000000001';

const member = {
  user: {
    id: USER,
    username: 'olivia',
    avatar: null,
    discriminator: '0',
    public_flags: 0,
    flags: 0,
    global_name: null,
    primary_guild: null,
  },
  nick: null,
  avatar: null,
  banner: null,
  roles: [],
  joined_at: '2024-01-01T00:00:00.000Z',
  premium_since: null,
  deaf: false,
  mute: false,
  flags: 0,
  pending: false,
  communication_disabled_until: null,
};

function call(over: Partial<RecordedCall>): RecordedCall {
  return {
    method: 'GET',
    url: `/api/v10/guilds/${GUILD}/members?limit=1000&after=0`,
    requestHeaders: { authorization: 'Bot token' },
    requestBody: '',
    status: 200,
    responseBody: JSON.stringify([member]),
    ...over,
  };
}

it('passes a call as Discord documents it, naming its operation', () => {
  expect(contract.check(call({}))).toEqual({
    call: `GET /api/v10/guilds/${GUILD}/members`,
    operation: { key: 'GET /guilds/{guild_id}/members', operationId: 'list_guild_members' },
    problems: [],
  });
});

it('names an operation the document does not have', () => {
  expect(contract.check(call({ url: `/api/v10/guilds/${GUILD}/everyone` })).problems).toEqual([
    'no such operation in the document',
  ]);
});

it('names a query parameter that is not declared, or out of range', () => {
  const { problems } = contract.check(
    call({ url: `/api/v10/guilds/${GUILD}/members?limit=5000&with_counts=true` }),
  );
  expect(problems).toEqual([
    expect.stringMatching(/^query limit=5000: .*must be <= 1000/),
    'query parameter with_counts is not declared',
  ]);
});

it('names the credentials an operation does not take', () => {
  const { problems } = contract.check(
    call({
      method: 'PUT',
      url: `/api/v10/users/@me/applications/100000000000000001/role-connection`,
      requestHeaders: { authorization: 'Bot token', 'content-type': 'application/json' },
      requestBody: JSON.stringify({ metadata: {} }),
      responseBody: JSON.stringify({
        platform_name: 'RoConnect',
        platform_username: null,
        metadata: {},
      }),
    }),
  );
  expect(problems).toEqual(['authorises with "Bot"; the operation takes Bearer']);
});

it('takes a permission bit set as a string of digits, and names a body of the wrong type', () => {
  const role = (body: object) =>
    contract.check(
      call({
        method: 'POST',
        url: `/api/v10/guilds/${GUILD}/roles`,
        requestHeaders: { authorization: 'Bot token', 'content-type': 'application/json' },
        requestBody: JSON.stringify(body),
        status: 400,
        responseBody: JSON.stringify({ message: 'Invalid Form Body', code: 50035 }),
      }),
    ).problems;
  expect(role({ name: 'Verified', permissions: '0' })).toEqual([]);
  expect(role({ name: 'Verified', permissions: 0 })).toEqual([]);
  const wrong = role({ name: 'Verified', permissions: 'none' });
  expect(wrong.length).toBeGreaterThan(0);
  expect(wrong.filter((p) => !p.startsWith('request body: /permissions '))).toEqual([]);
});

it("names an answer without a field Discord's type requires", () => {
  const { user: _user, ...withoutUser } = member;
  const { problems } = contract.check(call({ responseBody: JSON.stringify([withoutUser]) }));
  expect(problems).toEqual([
    expect.stringMatching(/^answer 200: \/0 must have required property 'user'/),
  ]);
});

it('holds the OAuth2 token form to the grant it uses', () => {
  const token = (form: string, contentType = 'application/x-www-form-urlencoded') =>
    contract.check(
      call({
        method: 'POST',
        url: '/api/oauth2/token',
        requestHeaders: { authorization: 'Basic abc', 'content-type': contentType },
        requestBody: form,
        status: 400,
        responseBody: '{"error":"invalid_grant"}',
      }),
    ).problems;
  expect(token('grant_type=refresh_token&refresh_token=r')).toEqual([]);
  expect(token('grant_type=password&username=u', 'application/json')).toEqual([
    'the OAuth2 token URLs take application/x-www-form-urlencoded only',
    'grant_type password is not one the API may use',
    "the form's username is not a field of this grant",
  ]);
  expect(contract.tokenPath).toBe('/api/oauth2/token');
});
