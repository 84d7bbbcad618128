#!/usr/bin/env node
// The binds preview over 10,000 verified members: the time of POST /api/v1/server/{id}/binds/preview
// (read every member's stored Roblox facts, count gains and losses per role; Roblox is not asked),
// against the one-second goal in api/README.md › Rules.
//
//   node bench/investigations/binds-preview.mjs [--members 10000] [--runs 5]
//   DATABASE_URL=postgres://… node bench/investigations/binds-preview.mjs   (a fresh schema there)
//
// PGlite in memory unless DATABASE_URL is set; the fake Discord and Roblox of the API's tests.
import { randomBytes } from 'node:crypto';
import { loaderFrom, numberOption, runUnderTsx } from '../lib/typescriptScript.mjs';

// the API is TypeScript: run again with tsx's loader when it is not there
runUnderTsx(import.meta.url);

const MEMBERS = numberOption('members', 10_000);
const RUNS = numberOption('runs', 5);

const load = loaderFrom(import.meta.url);
const { createDatabase } = await load('../../api/src/db/client.ts');
const { createTestApp } = await load('../../api/test/support/app.ts');
const { createFakeIntegrations } = await load('../../api/test/support/fake-integrations.ts');
const { standardWorld, GUILD_A, OLIVIA, ROLE_LOW } = await load('../../api/test/support/world.ts');
const { loginAs, completeSetup } = await load('../../api/test/support/fake-login.ts');
const { addVerifiedMembers, GENERATED } = await load('../../api/test/support/verified-members.ts');

const url = process.env.DATABASE_URL;
const searchPath = url ? `bench_preview_${randomBytes(4).toString('hex')}` : undefined;
const database = await createDatabase(url ? { databaseUrl: url, searchPath } : {});
const world = standardWorld();
world.groups.set(GENERATED.groupId, { name: 'Load Group', roles: [], members: new Map() });
world.robloxItems.set(`badge:${GENERATED.badgeId}`, 'Load Badge');
world.robloxItems.set(`gamepass:${GENERATED.passId}`, 'Load Pass');
world.robloxItems.set(`asset:${GENERATED.hatId}`, 'Load Hat');
const app = await createTestApp(database, createFakeIntegrations(world));
try {
  const owner = await loginAs(app, OLIVIA);
  await completeSetup(app, owner, GUILD_A);
  const seeded = performance.now();
  await addVerifiedMembers(database, GUILD_A, MEMBERS, ROLE_LOW);
  console.log(`${MEMBERS} verified members stored in ${Math.round(performance.now() - seeded)} ms`);
  const binds = [
    { group_id: GENERATED.groupId, min_rank: 100, max_rank: 255, role_id: ROLE_LOW },
    { kind: 'badge', badge_id: GENERATED.badgeId, role_name: 'Badge' },
    { kind: 'gamepass', gamepass_id: GENERATED.passId, role_name: 'Pass' },
    { kind: 'asset', asset_id: GENERATED.hatId, role_name: 'Hat' },
  ];
  const times = [];
  for (let run = 0; run <= RUNS; run++) {
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/server/${GUILD_A}/binds/preview`,
      headers: owner.headers,
      payload: { binds },
    });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`preview answered ${res.statusCode}: ${res.body}`);
    if (res.json().data.members !== MEMBERS) throw new Error('the preview missed members');
    if (run > 0) times.push(ms); // the first fills the name caches, as the editor's first look
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `${url ? 'PostgreSQL' : 'PGlite'}: preview of ${MEMBERS} members, median ${Math.round(median)} ms, ` +
      `best ${Math.round(times[0])} ms, worst ${Math.round(times[times.length - 1])} ms over ${RUNS} runs (goal ≤ 1000 ms)`,
  );
} finally {
  await app.close();
  if (url) await database.db.execute(`DROP SCHEMA ${searchPath} CASCADE`);
  await database.close();
}
