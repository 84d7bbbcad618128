import type { Settings } from '../config';
import { unversionedBase, versionedBase } from '../integrations/discord/urls';

/**
 * `npm run doctor`: the production settings held against what Discord and Roblox say about the
 * application, each finding with its fix (docs/production.md › Before going live).
 */
export interface Finding {
  ok: boolean;
  /** what was checked, or what is wrong */
  message: string;
  /** what the operator does about it (problems only) */
  fix?: string;
}

type Fetch = typeof fetch;

/** the fields read from Discord's and Roblox's answers */
interface Answer {
  id?: string;
  username?: string;
  bot?: boolean;
  flags?: number;
  redirect_uris?: string[];
  interactions_endpoint_url?: string | null;
  role_connections_verification_url?: string | null;
  verify_key?: string;
  error?: string;
}

/** Application flags (Discord docs: Resources → Application, Application Flags). */
const GATEWAY_GUILD_MEMBERS = 1 << 14;
const GATEWAY_GUILD_MEMBERS_LIMITED = 1 << 15;
const TIMEOUT_MS = 10_000;
const USER_AGENT = 'DiscordBot (https://github.com/roconnect/roconnect, 0.1.0) RoConnect doctor';

const ok = (message: string): Finding => ({ ok: true, message });
const problem = (message: string, fix: string): Finding => ({ ok: false, message, fix });

const sameUrl = (a: string | null | undefined, b: string) =>
  !!a && a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

export async function runDoctor(
  settings: Settings,
  { production, fetch: get = fetch }: { production: boolean; fetch?: Fetch },
): Promise<Finding[]> {
  const findings: Finding[] = [...httpsFindings(settings, production)];
  const discord = await discordFindings(settings, get);
  findings.push(...discord, ...(await robloxFindings(settings, get)));
  return findings;
}

/** Discord takes only HTTPS redirect and endpoint URLs, but for a local address in development. */
function httpsFindings(settings: Settings, production: boolean): Finding[] {
  const i = settings.integrations;
  const urls: [string, string][] = [
    ['API_URL', settings.apiUrl],
    ['APP_URL', settings.appUrl],
    ['the Discord API', i.discordApiBaseUrl],
    ['the Discord authorize page', i.discordAuthorizeUrl],
    ['the Roblox authorize page', i.robloxAuthorizeUrl],
    ['the Roblox token URL', i.robloxTokenUrl],
    ['the Roblox userinfo URL', i.robloxUserInfoUrl],
  ];
  const plain = urls.filter(([, value]) => {
    const url = new URL(value);
    if (url.protocol === 'https:') return false;
    return production || !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  });
  if (plain.length === 0)
    return [ok(production ? 'every URL is HTTPS' : 'every URL is HTTPS or on this machine')];
  return plain.map(([name, value]) =>
    problem(
      `${name} is not HTTPS: ${value}`,
      'serve it over HTTPS and set the https:// address (Discord refuses plain-HTTP redirect and endpoint URLs)',
    ),
  );
}

async function call(get: Fetch, url: string, init: RequestInit = {}) {
  const res = await get(url, {
    ...init,
    headers: { 'user-agent': USER_AGENT, ...(init.headers as Record<string, string>) },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.text();
  let json: Answer | undefined;
  try {
    json = JSON.parse(text) as Answer;
  } catch {
    json = undefined;
  }
  return { status: res.status, json };
}

const unreachable = (what: string, url: string, err: unknown) =>
  problem(
    `${what} did not answer at ${url}: ${err instanceof Error ? err.message : String(err)}`,
    'check the address setting and this machine’s outbound network',
  );

async function discordFindings(settings: Settings, get: Fetch): Promise<Finding[]> {
  const i = settings.integrations;
  const api = versionedBase(i.discordApiBaseUrl);
  const bot = { authorization: `Bot ${i.discordBotToken}` };
  const findings: Finding[] = [];

  let me;
  try {
    me = await call(get, `${api}/users/@me`, { headers: bot });
  } catch (err) {
    return [unreachable('Discord', api, err)];
  }
  if (me.status === 401)
    return [
      problem(
        'Discord refuses DISCORD_BOT_TOKEN (401): the token is wrong or was reset',
        'Developer Portal → your application → Bot → Reset Token, and set DISCORD_BOT_TOKEN to it',
      ),
    ];
  if (me.status !== 200 || !me.json?.bot)
    return [
      problem(
        `GET /users/@me with the bot token answered ${me.status}${me.json?.bot === false ? ' for a user that is not a bot' : ''}`,
        'set DISCORD_BOT_TOKEN to the token under Developer Portal → Bot',
      ),
    ];
  findings.push(ok(`the bot token is valid (bot ${me.json.username}, id ${me.json.id})`));

  const app = await call(get, `${api}/applications/@me`, { headers: bot });
  if (app.status !== 200)
    return [
      ...findings,
      problem(
        `GET /applications/@me answered ${app.status}`,
        'check DISCORD_BOT_TOKEN belongs to the application',
      ),
    ];
  const a = app.json ?? {};
  if (a.id !== i.discordClientId)
    findings.push(
      problem(
        `DISCORD_CLIENT_ID is ${i.discordClientId}, but the bot token belongs to application ${a.id}`,
        'set DISCORD_CLIENT_ID (and DISCORD_CLIENT_SECRET) from the same application as the bot token',
      ),
    );
  const flags = Number(a.flags ?? 0);
  findings.push(
    flags & (GATEWAY_GUILD_MEMBERS | GATEWAY_GUILD_MEMBERS_LIMITED)
      ? ok('the Server Members intent is on')
      : problem(
          'the Server Members intent is off: the gateway is refused (4014) and updating every member fails (50001)',
          'Developer Portal → Bot → Privileged Gateway Intents → turn on Server Members Intent',
        ),
  );
  const redirect = i.discordRedirectUri;
  findings.push(
    (a.redirect_uris ?? []).includes(redirect)
      ? ok(`the redirect URI ${redirect} is registered`)
      : problem(
          `the redirect URI ${redirect} is not registered: sign-in and the bot invite are refused`,
          `Developer Portal → OAuth2 → Redirects → add ${redirect} exactly`,
        ),
  );
  const interactions = `${settings.apiUrl}/api/interactions`;
  findings.push(
    sameUrl(a.interactions_endpoint_url, interactions)
      ? ok(`the interactions endpoint is ${interactions}`)
      : problem(
          `the interactions endpoint is ${a.interactions_endpoint_url ?? 'not set'}, not this deployment's ${interactions}`,
          `Developer Portal → General Information → Interactions Endpoint URL → ${interactions}`,
        ),
  );
  const linkedRoles = `${settings.appUrl}/`;
  findings.push(
    sameUrl(a.role_connections_verification_url, linkedRoles)
      ? ok(`the Linked Roles verification URL is ${linkedRoles}`)
      : problem(
          `the Linked Roles verification URL is ${a.role_connections_verification_url ?? 'not set'}, not this deployment's ${linkedRoles}`,
          `Developer Portal → General Information → Linked Roles Verification URL → ${linkedRoles}`,
        ),
  );
  if (a.verify_key && a.verify_key !== settings.discordPublicKey.toString('hex'))
    findings.push(
      problem(
        'DISCORD_PUBLIC_KEY is not the application’s public key: every interaction is refused (401)',
        'Developer Portal → General Information → Public Key → DISCORD_PUBLIC_KEY',
      ),
    );
  findings.push(await clientSecretFinding(settings, get));
  return findings;
}

/** A made-up code: Discord answers invalid_grant to a known client, invalid_client otherwise. */
async function clientSecretFinding(settings: Settings, get: Fetch): Promise<Finding> {
  const i = settings.integrations;
  const url = `${unversionedBase(i.discordApiBaseUrl)}/oauth2/token`;
  const res = await tokenProbe(
    get,
    url,
    i.discordClientId,
    i.discordClientSecret,
    i.discordRedirectUri,
  );
  if (res instanceof Error) return unreachable('Discord’s token URL', url, res);
  return res.status === 401 || res.json?.error === 'invalid_client'
    ? problem(
        'Discord refuses DISCORD_CLIENT_ID / DISCORD_CLIENT_SECRET (invalid_client): sign-in fails',
        'Developer Portal → OAuth2 → Client ID and Reset Secret → DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET',
      )
    : ok('Discord accepts DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET');
}

async function tokenProbe(
  get: Fetch,
  url: string,
  clientId: string,
  secret: string,
  redirectUri: string,
) {
  try {
    return await call(get, url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'roconnect-doctor-probe',
        redirect_uri: redirectUri,
      }).toString(),
    });
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

async function robloxFindings(settings: Settings, get: Fetch): Promise<Finding[]> {
  const i = settings.integrations;
  if (!i.robloxClientId || !i.robloxClientSecret)
    return [
      problem(
        'ROBLOX_CLIENT_ID or ROBLOX_CLIENT_SECRET is not set: Roblox linking is off',
        'Creator Dashboard → OAuth 2.0 apps → your app → ROBLOX_CLIENT_ID, ROBLOX_CLIENT_SECRET',
      ),
    ];
  const res = await tokenProbe(
    get,
    i.robloxTokenUrl,
    i.robloxClientId,
    i.robloxClientSecret,
    i.robloxRedirectUri,
  );
  if (res instanceof Error) return [unreachable('Roblox’s OAuth app', i.robloxTokenUrl, res)];
  if (res.status === 401 || res.json?.error === 'invalid_client')
    return [
      problem(
        'Roblox refuses ROBLOX_CLIENT_ID / ROBLOX_CLIENT_SECRET (invalid_client): linking fails',
        'Creator Dashboard → OAuth 2.0 apps → your app → copy the client id, regenerate the secret',
      ),
    ];
  return [ok('Roblox’s OAuth app answers and accepts ROBLOX_CLIENT_ID and ROBLOX_CLIENT_SECRET')];
}

/** The lines `npm run doctor` prints. */
export function formatFindings(findings: Finding[]): string {
  return findings
    .map((f) => (f.ok ? `ok: ${f.message}` : `problem: ${f.message} — fix: ${f.fix}`))
    .join('\n');
}
