// The processes and data of the gateway bench (bench/gateway.mjs): a throw-away PostgreSQL
// database, the compiled emulator, API and gateway worker as child processes on free ports, a load
// seed from the emulator's generator (with as many servers as asked), the owner's sign-in and the
// links of the joiners. Every process started here is stopped by `stopAll`, on failure too.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import stack from '@roconnect/tools/stack';
import { guildIds } from './gatewayFigures.mjs';
import { registerRedirectUri } from './registerRedirect.mjs';
import { apiAddressesAndSecrets } from './apiEnv.mjs';
import { hasExited, spawnNode, stopChild } from './nodeProcess.mjs';
import { signInThroughConsent } from './signIn.mjs';

const { freePort } = stack;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const POSTGRES_ADMIN_URL =
  process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Polls `check` until it answers something truthy; fails naming `what` after `timeoutMs`. */
export async function waitFor(check, { timeoutMs, what, everyMs = 250 }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const databases = new Set();

/** A database of its own on the PostgreSQL server (never `test`), dropped by `drop()`. */
export async function createBenchDatabase() {
  const name = `roconnect_bench_gateway_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = {
    name,
    url: url.toString(),
    async drop() {
      databases.delete(database);
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
  databases.add(database);
  return database;
}

/** Drops every database this module created and has not dropped yet (a run stopped midway). */
export async function dropCreatedDatabases() {
  await Promise.all([...databases].map((d) => d.drop().catch(() => undefined)));
}

const running = new Set();

/** Starts `node args` with output to `logFile`; `stop()` sends SIGTERM, then SIGKILL after 10 s. */
export function startProcess(name, args, { env, logFile }) {
  const child = spawnNode(args, { env, logFile });
  const proc = {
    name,
    child,
    logFile,
    exited: () => hasExited(child),
    stop: () => {
      running.delete(proc);
      return stopChild(child);
    },
  };
  running.add(proc);
  return proc;
}

/** Stops every process this module started that is still running. */
export async function stopAll() {
  await Promise.all([...running].map((p) => p.stop()));
}

/** Kills them at once, for a process that is exiting and cannot wait. */
export function killAllNow() {
  for (const p of running) if (!p.exited()) p.child.kill('SIGKILL');
}

async function waitForHttp(proc, url, timeoutMs = 120_000) {
  await waitFor(
    async () => {
      if (proc.exited())
        throw new Error(`${proc.name} exited with ${proc.child.exitCode} (see ${proc.logFile})`);
      return fetch(url).then(
        (r) => r.status < 500,
        () => false,
      );
    },
    { timeoutMs, what: `${proc.name} answering at ${url} (see ${proc.logFile})`, everyMs: 200 },
  );
}

/** The compiled emulator and API, built first when missing or older than their sources. */
export function ensureBuilds() {
  stack.ensureBuilt(stack.BUILDS.emulator);
  stack.ensureBuilt(stack.BUILDS.api);
}

/**
 * A load seed from the emulator's own generator (`npm run seed:generate`): one server, `members`
 * in it, `newcomers` outside it with Roblox accounts in the group; with `servers` > 1, that many
 * servers in all, the others empty but for their owner and the bot, with ids spread over shards
 * as Discord's are. Answers the seed's file and the generator's links file, read.
 */
export function writeLoadSeed({ dir, members, newcomers, servers = 1 }) {
  const out = path.join(dir, 'load.json');
  const result = spawnSync(
    'npm',
    [
      'run',
      '--silent',
      'seed:generate',
      '-w',
      '@roconnect/emulator',
      '--',
      '--members',
      String(members),
      '--linked',
      '0',
      '--newcomers',
      String(newcomers),
      '--out',
      out,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (result.status !== 0)
    throw new Error(`seed:generate failed: ${result.stderr || result.stdout}`);
  const seed = JSON.parse(readFileSync(out, 'utf8'));
  const links = JSON.parse(readFileSync(out.replace(/\.json$/, '.links.json'), 'utf8'));
  if (servers > 1) {
    const owner = links.owner_id;
    for (const id of guildIds(servers - 1))
      seed.discord.guilds.push({
        id,
        name: `Server ${id.slice(-6)}`,
        icon: null,
        owner_id: owner,
        bot_present: true,
      });
  }
  writeFileSync(out, JSON.stringify(seed));
  return { file: out, seed, links };
}

/** The compiled emulator on a free port, with Discord's default rate limits. */
export async function startEmulator({ dir, seedFile, shards }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = startProcess('emulator', [path.join(ROOT, 'emulator/dist/main.js')], {
    env: {
      EMULATOR_PORT: String(port),
      EMULATOR_PUBLIC_URL: url,
      EMULATOR_SEED: seedFile,
      EMULATOR_RATE_LIMITS: 'discord',
      EMULATOR_GATEWAY_SHARDS: String(shards),
    },
    logFile: path.join(dir, 'emulator.log'),
  });
  await waitForHttp(proc, `${url}/__emulator/gateway`);
  return { ...proc, url };
}

/** What the API and the gateway worker both read: the emulator, PostgreSQL, throw-away secrets. */
export function apiEnvironment({ emulatorUrl, databaseUrl, apiUrl }) {
  return {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    APP_URL: 'http://127.0.0.1:9',
    ...apiAddressesAndSecrets({ apiUrl, emulatorUrl }),
    DATABASE_URL: databaseUrl,
    GATEWAY_IN_API: 'false',
    LOG_LEVEL: 'warn',
  };
}

/** The compiled API (its job workers handle the joins) on a free port, without the gateway. */
export async function startApi({ dir, env }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = startProcess('api', [path.join(ROOT, 'api/dist/main.js')], {
    env: { ...env, PORT: String(port), API_URL: url },
    logFile: path.join(dir, 'api.log'),
  });
  await waitForHttp(proc, `${url}/api/health`);
  await registerRedirectUri(env.EMULATOR_URL, url);
  return { ...proc, url };
}

/** The gateway worker alone (`npm run start:gateway`), run as npm start runs it. */
export function startGateway({ dir, env, name = 'gateway' }) {
  return startProcess(name, ['--liftoff-only', path.join(ROOT, 'api/dist/gateway.js')], {
    env,
    logFile: path.join(dir, `${name}.log`),
  });
}

/** Signs `userId` in through the emulator's Discord consent, as a browser would: an access token. */
export const signInAs = (api, userId) => signInThroughConsent(api, userId);

/** An API call as the signed-in owner; a non-2xx answer is an error naming the call. */
export async function callApi(api, token, method, route, body) {
  const response = await fetch(`${api}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** The owner sets the server up as the website does: nickname, Verified role, the group's ranks. */
export async function setUpServer({ api, token, guildId, groupId }) {
  await callApi(api, token, 'POST', '/api/v1/dashboard/user/sync-servers');
  const base = `/api/v1/server/${guildId}/setup`;
  await callApi(api, token, 'POST', `${base}/nickname`, { nickname_format: 'roblox_username' });
  await callApi(api, token, 'POST', `${base}/verified-role`, { verified_role_name: 'Verified' });
  await callApi(api, token, 'POST', `${base}/group`, { group_id: String(groupId) });
}

/** Each joiner's Discord user linked with its Roblox account in the API's database, as /verify leaves it. */
export async function linkAccounts(databaseUrl, links) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    for (const link of links) {
      const userId = randomUUID();
      await client.query('INSERT INTO users (id, discord_id, username) VALUES ($1, $2, $3)', [
        userId,
        link.discord_id,
        link.discord_username,
      ]);
      await client.query(
        'INSERT INTO roblox_accounts (id, user_id, roblox_id, username, display_name, verified) VALUES ($1, $2, $3, $4, $5, true)',
        [
          randomUUID(),
          userId,
          String(link.roblox_id),
          link.roblox_username,
          link.roblox_display_name,
        ],
      );
    }
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

/** How many member events the gateway has queued as jobs (pg-boss's table). */
export async function queuedMemberEvents(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'member-event'",
    );
    return rows[0].n;
  } catch (error) {
    // the table is there once a job engine started
    if (error.code === '42P01') return 0;
    throw error;
  } finally {
    await client.end();
  }
}

/** The emulator's gateway sessions (GET /__emulator/gateway). */
export async function gatewaySessions(emulatorUrl) {
  const response = await fetch(`${emulatorUrl}/__emulator/gateway`);
  if (!response.ok) throw new Error(`GET /__emulator/gateway answered ${response.status}`);
  return (await response.json()).sessions;
}

/** Seeded users join `guildId` at once (one control call). */
export async function join(emulatorUrl, guildId, userIds) {
  const response = await fetch(`${emulatorUrl}/__emulator/guilds/${guildId}/members`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_ids: userIds }),
  });
  const body = await response.json();
  if (response.status !== 200 && response.status !== 201)
    throw new Error(`joining ${guildId} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}
