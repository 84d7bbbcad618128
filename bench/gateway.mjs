#!/usr/bin/env node
// The gateway's figures (docs/performance.md › The gateway), against the compiled emulator with
// Discord's default limits (50 requests/s, a route bucket of 5 per second per server), on a
// PostgreSQL database of its own, created and dropped here:
//   1. a burst of joins into one server (one control call): every linked joiner's roles, and the
//      time from the join to its roles at p50 and p95, beside the bound the role-write limits
//      allow and the role-by-role write's 2.43 members/s measured before the one-PATCH write;
//   2. one gateway process holding many servers (shards as GET /gateway/bot recommends): its
//      resident memory after READY and every GUILD_CREATE, and its CPU per 1,000 member events.
// The emulator, the API (whose job workers handle the joins) and the gateway worker
// (`api/dist/gateway.js`) run as child processes on free ports, stopped on exit and on failure.
//
//   node bench/gateway.mjs [--joins 1000] [--servers 10000] [--only joins|servers] [--json [file]]
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTable, rowsFile } from './bench.mjs';
import { USAGE, gatewayBenchOptions } from './lib/gatewayOptions.mjs';
import {
  burstPercentileSeconds,
  cpuPerThousandEvents,
  joinRateBound,
  percentile,
  recommendedShards,
} from './lib/gatewayFigures.mjs';
import { observeRoles } from './lib/gatewayObserver.mjs';
import {
  apiEnvironment,
  createBenchDatabase,
  dropCreatedDatabases,
  ensureBuilds,
  gatewaySessions,
  join,
  killAllNow,
  linkAccounts,
  queuedMemberEvents,
  setUpServer,
  signInAs,
  startApi,
  startEmulator,
  startGateway,
  stopAll,
  waitFor,
  writeLoadSeed,
} from './lib/gatewayStack.mjs';
import { cpuMs, residentMemoryMb } from './lib/processStats.mjs';

/** members/s of "Update all members" when roles were written one request per role (before). */
const ROLE_BY_ROLE_PER_SECOND = 2.43;
const BOT_TOKEN = 'emulator-bot-token';
const log = (message) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

const seconds = (s) => `${s.toFixed(1)} s`;
const mb = (n) => (n === null ? 'n/a' : `${n.toFixed(0)} MB`);
const load = () => os.loadavg()[0].toFixed(1);

/** CPU time of `pid` spent idle per second, over `ms`. */
async function idleCpu(pid, ms) {
  const before = cpuMs(pid);
  await new Promise((r) => setTimeout(r, ms));
  return ((cpuMs(pid) - before) * 1000) / ms;
}

/** Waits until `pid` spends under 30 ms of CPU in a second, twice running: its start is over. */
async function settled(pid, timeoutMs) {
  let quiet = 0;
  let last = cpuMs(pid);
  await waitFor(
    () => {
      const now = cpuMs(pid);
      quiet = now - last < 30 ? quiet + 1 : 0;
      last = now;
      return quiet >= 2;
    },
    { timeoutMs, what: 'the gateway process going quiet', everyMs: 1000 },
  );
}

/** Part 1: a burst of joins into one server, every joiner linked. */
async function joinBurst({ dir, joins }) {
  const database = await createBenchDatabase();
  let observer;
  try {
    log(`joins: database ${database.name}; seeding one server and ${joins} linked newcomers`);
    const { file, links } = writeLoadSeed({ dir, members: 10, newcomers: joins });
    const emulator = await startEmulator({ dir, seedFile: file, shards: 1 });
    const env = apiEnvironment({
      emulatorUrl: emulator.url,
      databaseUrl: database.url,
      apiUrl: 'http://127.0.0.1:9',
    });
    const api = await startApi({ dir, env });
    const gateway = startGateway({ dir, env: { ...env, API_URL: api.url } });
    const token = await signInAs(api.url, links.owner_id);
    await setUpServer({ api: api.url, token, guildId: links.guild_id, groupId: links.group_id });
    await linkAccounts(database.url, links.newcomers);
    observer = await observeRoles({
      emulatorUrl: emulator.url,
      token: BOT_TOKEN,
      guildId: links.guild_id,
      roleId: links.roles.verified,
    });
    // the worker's session has READY and the server's GUILD_CREATE (sequence 2) once it is ready
    await waitFor(
      async () =>
        (await gatewaySessions(emulator.url)).some(
          (s) => s.session_id !== observer.sessionId && s.connected && s.seq >= 2,
        ),
      { timeoutMs: 90_000, what: "the gateway worker's session on the emulator" },
    );
    await settled(gateway.child.pid, 60_000);
    const oneServerMemory = residentMemoryMb(gateway.child.pid);
    const idlePerSecond = await idleCpu(gateway.child.pid, 5000);
    await fetch(`${emulator.url}/__emulator/calls`, { method: 'DELETE' });

    const joinerIds = links.newcomers.map((l) => l.discord_id);
    const loadAtJoin = load();
    log(`joins: ${joins} joiners at once (load ${loadAtJoin}); waiting for every one's roles`);
    const cpuBefore = cpuMs(gateway.child.pid);
    const t0 = Date.now();
    await join(emulator.url, links.guild_id, joinerIds);
    const postMs = Date.now() - t0;
    const lastLogged = { n: 0 };
    await waitFor(
      () => {
        const n = observer.rolesSeen.size;
        if (n - lastLogged.n >= 100) {
          lastLogged.n = n;
          log(`joins: ${n} with roles after ${seconds((Date.now() - t0) / 1000)}`);
        }
        return n >= joins;
      },
      // 20 × the bound at Discord's 5 PATCH/s, and never under 10 minutes
      { timeoutMs: Math.max(600_000, (joins / 5) * 20_000), what: `roles for all ${joins}` },
    );
    const wall = (Date.now() - t0) / 1000;
    const cpuBurst = cpuMs(gateway.child.pid) - cpuBefore;
    const times = joinerIds.map((id) => (observer.rolesSeen.get(id) - t0) / 1000);

    // every joiner's roles as the emulator holds them: Verified and the role of their rank
    const state = await (await fetch(`${emulator.url}/__emulator/state`)).json();
    const guild = state.discord.guilds.find((g) => g.id === links.guild_id);
    const rankRole = new Map(links.roles.ranks.map((r) => [r.rank, r.role_id]));
    const members = new Map(guild.members.map((m) => [m.user_id, m]));
    const complete = links.newcomers.filter((l) => {
      const roles = members.get(l.discord_id)?.roles ?? [];
      return roles.includes(links.roles.verified) && roles.includes(rankRole.get(l.rank));
    }).length;

    const calls = await (await fetch(`${emulator.url}/__emulator/calls`)).json();
    const limits = await (await fetch(`${emulator.url}/__emulator/rate-limits`)).json();
    const bound = joinRateBound({
      members: joins,
      routes: calls.bot.routes,
      limits: {
        perRouteLimit: limits.per_route_limit,
        perRouteResetAfter: limits.per_route_reset_after,
        globalPerSecond: limits.global_per_second,
      },
    });
    for (const [route, n] of Object.entries(calls.bot.routes))
      log(`joins: ${(n / joins).toFixed(2)} × ${route} per joiner`);
    const writeRate = limits.per_route_limit / limits.per_route_reset_after;
    const at = (p, rate) => seconds(burstPercentileSeconds(joins, rate, p));
    const cpu = cpuPerThousandEvents({
      cpuMs: cpuBurst,
      seconds: wall,
      idleMsPerSecond: idlePerSecond,
      events: joins,
    });
    const section = `Gateway · ${joins} joins into one server`;
    return {
      oneServerMemory,
      oneServerCpu: cpu,
      rows: [
        {
          section,
          figure: 'linked joiners with Verified and their rank role',
          value: `${complete} of ${joins}`,
          baseline: 'none before the gateway: a joiner waited for /verify or "Update all"',
        },
        {
          section,
          figure: 'join → roles, p50 / p95 (the observer session’s GUILD_MEMBER_UPDATE)',
          value: `${seconds(percentile(times, 50))} / ${seconds(percentile(times, 95))}`,
          baseline: `bound ${at(50, writeRate)} / ${at(95, writeRate)} (${writeRate} PATCH/s); role by role ${at(50, ROLE_BY_ROLE_PER_SECOND)} / ${at(95, ROLE_BY_ROLE_PER_SECOND)}`,
        },
        {
          section,
          figure: 'the last joiner’s roles; members/s',
          value: `${seconds(percentile(times, 100))}; ${(joins / wall).toFixed(2)}/s`,
          baseline: `bound ${at(100, writeRate)}; role by role ${at(100, ROLE_BY_ROLE_PER_SECOND)} (${ROLE_BY_ROLE_PER_SECOND}/s)`,
        },
        {
          section,
          figure: 'bound from the call log (Discord’s limits, slowest route)',
          value: `${bound.perSecond.toFixed(2)}/s (${bound.by})`,
          baseline: `${(calls.bot.total / joins).toFixed(2)} requests per joiner, ${limits.counters.limited} 429s`,
        },
        {
          section,
          figure: 'the join control call; load average (1 min) at the burst',
          value: `${postMs} ms; ${loadAtJoin}`,
          baseline: '',
        },
      ],
    };
  } finally {
    observer?.close();
    await stopAll();
    await database.drop();
  }
}

/** Part 2: one gateway process holding `servers` servers. */
async function manyServers({ dir, servers, events, baseline }) {
  const database = await createBenchDatabase();
  try {
    const shards = recommendedShards(servers);
    log(`servers: database ${database.name}; seeding ${servers} servers on ${shards} shards`);
    const { file, seed, links } = writeLoadSeed({
      dir,
      members: 1,
      newcomers: events,
      servers,
    });
    const emulator = await startEmulator({ dir, seedFile: file, shards });
    const env = apiEnvironment({
      emulatorUrl: emulator.url,
      databaseUrl: database.url,
      apiUrl: 'http://127.0.0.1:9',
    });
    const t0 = Date.now();
    const gateway = startGateway({ dir, env, name: 'gateway-many' });
    const pid = gateway.child.pid;
    // every shard connected, with READY and one GUILD_CREATE per server sent
    await waitFor(
      async () => {
        if (gateway.exited()) throw new Error(`the gateway exited (see ${gateway.logFile})`);
        const sessions = (await gatewaySessions(emulator.url)).filter((s) => s.connected);
        const sent = sessions.reduce((sum, s) => sum + s.seq, 0);
        return sessions.length === shards && sent >= shards + servers;
      },
      { timeoutMs: 120_000 + shards * 15_000, what: `${shards} shards ready`, everyMs: 500 },
    );
    const readySeconds = (Date.now() - t0) / 1000;
    await settled(pid, 120_000);
    const memory = residentMemoryMb(pid);
    const loadAtReady = load();
    log(`servers: ready after ${seconds(readySeconds)}, ${mb(memory)} (load ${loadAtReady})`);
    const idlePerSecond = await idleCpu(pid, 10_000);

    // one join into each of `events` servers, spread over every shard
    const guilds = seed.discord.guilds.map((g) => g.id);
    const cpuBefore = cpuMs(pid);
    const start = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < events) {
        const k = next++;
        await join(emulator.url, guilds[k % guilds.length], [links.newcomers[k].discord_id]);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    await waitFor(async () => (await queuedMemberEvents(database.url)) >= events, {
      timeoutMs: 300_000,
      what: `${events} member events queued`,
    });
    const window = (Date.now() - start) / 1000;
    const cpu = cpuPerThousandEvents({
      cpuMs: cpuMs(pid) - cpuBefore,
      seconds: window,
      idleMsPerSecond: idlePerSecond,
      events,
    });
    const after = residentMemoryMb(pid);
    const loadAtEvents = load();
    const section = `Gateway · one process, ${servers.toLocaleString('en')} servers`;
    return [
      {
        section,
        figure: `READY and every GUILD_CREATE on ${shards} shards (GET /gateway/bot)`,
        value: seconds(readySeconds),
        baseline: `identify bound ${seconds((shards - 1) * 5)} (one per 5 s, max_concurrency 1)`,
      },
      {
        section,
        figure: 'resident memory after READY / GUILD_CREATEs',
        value: mb(memory),
        baseline: baseline ? `holding 1 server: ${mb(baseline.memory)}` : '',
      },
      {
        section,
        figure: `CPU per 1,000 member events (${events} joins; less idle)`,
        value: `${cpu.total.toFixed(0)} ms (${cpu.lessIdle.toFixed(0)} ms)`,
        baseline: baseline
          ? `1 server, a joiner’s add + role update: ${baseline.cpu.total.toFixed(0)} ms (${baseline.cpu.lessIdle.toFixed(0)} ms)`
          : '',
      },
      {
        section,
        figure: 'idle CPU; memory after the events; load average at ready / events',
        value: `${idlePerSecond.toFixed(1)} ms/s; ${mb(after)}`,
        baseline: `${loadAtReady} / ${loadAtEvents}`,
      },
    ];
  } finally {
    await stopAll();
    await database.drop();
  }
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const options = gatewayBenchOptions(argv);
  ensureBuilds();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'roconnect-bench-gateway-'));
  const onSignal = (signal) => {
    killAllNow();
    console.error(`\nbench/gateway.mjs stopped by ${signal}; logs in ${dir}`);
    // the processes are gone, so their databases drop at once
    void dropCreatedDatabases().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const rows = [
    {
      section: 'Gateway',
      figure: 'machine: cores, load average (1 min) at start',
      value: `${os.cpus().length}, ${load()}`,
      baseline: '',
    },
  ];
  let failed = true;
  try {
    let baseline = null;
    if (options.only !== 'servers') {
      const sub = path.join(dir, 'joins');
      mkdirSync(sub);
      const burst = await joinBurst({ dir: sub, joins: options.joins });
      rows.push(...burst.rows);
      baseline = { memory: burst.oneServerMemory, cpu: burst.oneServerCpu };
    }
    if (options.only !== 'joins') {
      const sub = path.join(dir, 'servers');
      mkdirSync(sub);
      rows.push(
        ...(await manyServers({ dir: sub, servers: options.servers, events: 1000, baseline })),
      );
    }
    failed = false;
  } finally {
    if (failed) log(`logs kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\n${formatTable(rows)}`);
  const jsonAt = argv.indexOf('--json');
  // --json alone (no file after it): the rows on stdout too
  if (jsonAt !== -1 && !(argv[jsonAt + 1] ?? '--').match(/^[^-]/))
    console.log(JSON.stringify(rows, null, 2));
  const file = rowsFile(argv);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
  log(`rows written to ${file}`);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain)
  main().catch(async (error) => {
    await stopAll().catch(() => killAllNow());
    console.error(
      `\nbench/gateway.mjs failed: ${error.usage ? error.message : error.stack || error.message}`,
    );
    process.exit(1);
  });
