#!/usr/bin/env node
// Members updated per second by "Update all members", against the emulator with Discord's
// default limits (global 50 requests/s, a route bucket of 5 per second per server), beside the
// bound those limits allow for the requests one member costs.
//
//   node bench/investigations/member-updates.mjs [--members 150] [--linked 100]
//
// The emulator and the API run in this process (PGlite in memory, the job engine on), wired as in
// the API's own integration tests; the owner signs in through the emulated Discord consent.
import { loaderFrom, numberOption, runUnderTsx } from '../lib/typescriptScript.mjs';

// the API and the emulator are TypeScript: run again with tsx's loader when it is not there
runUnderTsx(import.meta.url);

const MEMBERS = numberOption('members', 150);
const LINKED = numberOption('linked', 100);

const load = loaderFrom(import.meta.url);
const { startEmulator, generateLoadSeed, DISCORD_DEFAULT_LIMITS } = await load(
  '../../emulator/src/index.ts',
);
const { buildApp } = await load('../../api/src/app.ts');
const { createDatabase } = await load('../../api/src/db/client.ts');
const { createIntegrations } = await load('../../api/src/integrations/index.ts');
const { testSettings } = await load('../../api/test/support/app.ts');
const { loginThroughEmulator } = await load('../../api/test/support/emulator-flow.ts');
const { insertLoadLinks } = await load('../../api/test/support/load-links.ts');

const seed = generateLoadSeed({ members: MEMBERS, linked: LINKED });
const emulator = await startEmulator({ seed: seed.seed, publicUrl: 'http://127.0.0.1' });
const database = await createDatabase({});
const settings = testSettings({
  EMULATOR_URL: emulator.url,
  EMULATOR_PUBLIC_URL: emulator.url,
  API_URL: 'http://localhost:3000',
});
const app = await buildApp({
  settings,
  integrations: createIntegrations(settings.integrations),
  database,
  logger: false,
  jobs: true,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const api = `http://127.0.0.1:${app.server.address().port}`;
const stack = { emulator, app, api, close: async () => {} };

try {
  const owner = await loginThroughEmulator(stack, seed.owner_id);
  await owner.call('POST', '/api/v1/dashboard/user/sync-servers');
  const base = `/api/v1/server/${seed.guild_id}/setup`;
  await owner.call('POST', `${base}/nickname`, { nickname_format: 'roblox_username' });
  await owner.call('POST', `${base}/verified-role`, { verified_role_name: 'Verified' });
  await owner.call('POST', `${base}/group`, { group_id: String(seed.group_id) });
  await insertLoadLinks(database, seed.links);

  const limits = DISCORD_DEFAULT_LIMITS;
  await fetch(`${emulator.url}/__emulator/rate-limits`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ preset: 'discord' }),
  });
  await fetch(`${emulator.url}/__emulator/calls`, { method: 'DELETE' });

  const t0 = Date.now();
  const { job_id: jobId } = (
    await owner.call('POST', `/api/v1/server/${seed.guild_id}/members/update`)
  ).json.data;
  let job;
  for (;;) {
    job = (await owner.call('GET', `/api/v1/server/${seed.guild_id}/members/update/${jobId}`)).json
      .data;
    if (!['queued', 'running'].includes(job.status)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const wall = (Date.now() - t0) / 1000;
  const runSeconds = (Date.parse(job.finished_at) - Date.parse(job.started_at)) / 1000;
  const calls = await (await fetch(`${emulator.url}/__emulator/calls`)).json();
  const counters = (await (await fetch(`${emulator.url}/__emulator/rate-limits`)).json()).counters;

  // the bound: each route bucket serves `limit` per window per server, everything 50/s
  const perRoute = limits.perRouteLimit / limits.perRouteResetAfter;
  const perMember = Object.fromEntries(
    Object.entries(calls.bot.routes).map(([route, n]) => [route, n / job.total]),
  );
  const routeBounds = Object.entries(perMember)
    .filter(([, n]) => n >= 0.5) // per-member routes; one-off calls (list, guild) are negligible
    .map(([route, n]) => ({ route, perMember: Number(n.toFixed(3)), bound: perRoute / n }));
  const requestsPerMember = calls.bot.total / job.total;
  const globalBound = limits.globalPerSecond / requestsPerMember;
  const bound = Math.min(globalBound, ...routeBounds.map((r) => r.bound));

  const result = {
    members: MEMBERS,
    linked: LINKED,
    status: job.status,
    total: job.total,
    done: job.done,
    failed: job.failed,
    run_seconds: Number(runSeconds.toFixed(2)),
    wall_seconds: Number(wall.toFixed(2)),
    members_per_second: Number((job.done / runSeconds).toFixed(2)),
    theoretical_members_per_second: Number(bound.toFixed(2)),
    share_of_bound: Number(((job.done / runSeconds / bound) * 100).toFixed(1)),
    requests: calls.bot.total,
    requests_per_member: Number(requestsPerMember.toFixed(2)),
    route_bounds: routeBounds.map((r) => ({ ...r, bound: Number(r.bound.toFixed(2)) })),
    global_bound: Number(globalBound.toFixed(2)),
    emulator_429s: counters.limited,
    member_writes_repeated: calls.member_writes.repeated.length,
    limits,
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await app.close();
  await emulator.close();
  await database.close();
}
