/**
 * A server-wide member update survives the API being killed (SIGKILL, no goodbye) mid-run: a new
 * API process finishes the same job. Separate processes share one PostgreSQL, so this runs in the
 * PostgreSQL pass of `npm test` (test/support/database-files.js leaves it out on PGlite, which one
 * process owns).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { generateLoadSeed, startEmulator, type RunningEmulator } from '@roconnect/emulator';
import { freePort, requireEnv, startApiReplica, stopApiProcesses } from '../../support/api-process';
import { dropTestSchema } from '../../support/db';
import { signInThroughEmulator } from '../../support/emulator-flow';
import { allDone, untilRunEnds } from '../../support/update-runs';
import { until } from '../../support/until';

const DATABASE_URL = requireEnv(
  'TEST_DATABASE_URL',
  'member-update-kill.test.ts needs TEST_DATABASE_URL (see api/README.md)',
);

jest.setTimeout(300_000);

const load = generateLoadSeed({ members: 500, linked: 300 });
const GUILD = load.guild_id;
const schema = `kill_${randomBytes(4).toString('hex')}`;
const children: ChildProcess[] = [];
/** a run of 300 members, through the emulator's rate limits, with a restart on the way */
const LONG_WAIT = { timeoutMs: 200_000, everyMs: 200 };
let emulator: RunningEmulator;

/** An API process on a free port; answers its base URL once /api/health says yes. */
async function startApi(): Promise<{ base: string; child: ChildProcess }> {
  return startApiReplica(
    children,
    await freePort(),
    {
      API_URL: 'http://localhost:3000',
      DATABASE_URL,
      DATABASE_SCHEMA: schema,
      JWT_SECRET: 'kill-test-jwt-secret-shared-by-both-processes-0123',
      TOKEN_ENCRYPTION_KEY: '0'.repeat(63) + '3',
      EMULATOR_URL: emulator.url,
      MEMBER_UPDATE_LEASE_SECONDS: '2',
      MEMBER_UPDATE_SLICE_SECONDS: '2',
    },
    LONG_WAIT,
  );
}

async function call(base: string, method: string, route: string, token: string, body?: object) {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as any };
}

async function sql(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(`SET search_path TO ${schema}`);
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  emulator = await startEmulator({ seed: load.seed, publicUrl: 'http://127.0.0.1' });
});
afterAll(async () => {
  await stopApiProcesses(children, 'SIGKILL');
  await emulator?.close();
  await dropTestSchema(DATABASE_URL, schema);
});

it('a run whose API was killed is finished by the next API process, nobody updated twice', async () => {
  const first = await startApi();
  const { access: token } = await signInThroughEmulator(first.base, load.owner_id);
  await call(first.base, 'POST', '/api/v1/dashboard/user/sync-servers', token);
  const setup = `/api/v1/server/${GUILD}/setup`;
  await call(first.base, 'POST', `${setup}/nickname`, token, {
    nickname_format: 'roblox_username',
  });
  await call(first.base, 'POST', `${setup}/verified-role`, token, {
    verified_role_name: 'Verified',
  });
  expect(
    (await call(first.base, 'POST', `${setup}/group`, token, { group_id: String(load.group_id) }))
      .status,
  ).toBe(200);
  for (const link of load.links) {
    const userId = randomUUID();
    await sql('INSERT INTO users (id, discord_id, username) VALUES ($1, $2, $3)', [
      userId,
      link.discord_id,
      link.discord_username,
    ]);
    await sql(
      'INSERT INTO roblox_accounts (id, user_id, roblox_id, username, display_name) VALUES ($1, $2, $3, $4, $5)',
      [
        randomUUID(),
        userId,
        String(link.roblox_id),
        link.roblox_username,
        link.roblox_display_name,
      ],
    );
  }
  await fetch(`${emulator.url}/__emulator/calls`, { method: 'DELETE' });

  const update = `/api/v1/server/${GUILD}/members/update`;
  const jobId = (await call(first.base, 'POST', update, token)).json.data.job_id as string;
  const job = (base: string) =>
    call(base, 'GET', `${update}/${jobId}`, token).then((r) => r.json.data);
  await until(
    'some members done',
    () => job(first.base),
    (j) => j.done >= 60,
    LONG_WAIT,
  );

  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  // the API itself is gone, not only a wrapper around it
  await expect(fetch(`${first.base}/api/health`)).rejects.toThrow();
  const [left] = await sql('SELECT status, done, worker FROM member_update_runs WHERE id = $1', [
    jobId,
  ]);
  expect(left.status).toBe('running');
  expect(left.done).toBeLessThan(300);
  expect(left.worker).not.toBeNull(); // the killed process never gave its lease back

  const second = await startApi();
  expect(await untilRunEnds(() => job(second.base), LONG_WAIT)).toMatchObject(allDone(jobId, 300));

  const state = (await (await fetch(`${emulator.url}/__emulator/state`)).json()) as any;
  const guild = state.discord.guilds[0];
  const verified = guild.roles.find((r: { name: string }) => r.name === 'Verified').id;
  const members = new Map<string, { roles: string[]; nick: string | null }>(
    guild.members.map((m: any) => [m.user_id, m]),
  );
  const wrong = load.links.filter((link) => {
    const m = members.get(link.discord_id)!;
    return (
      !m.roles.includes(verified) ||
      m.roles.length !== (link.rank ? 2 : 1) ||
      // none verified himself in this server: no nickname from his Roblox account
      // (docs/product.md › Privacy and data)
      m.nick !== null
    );
  });
  expect(wrong).toEqual([]);
  const calls = (await (await fetch(`${emulator.url}/__emulator/calls`)).json()) as any;
  expect(calls.member_writes.repeated).toEqual([]);
});
