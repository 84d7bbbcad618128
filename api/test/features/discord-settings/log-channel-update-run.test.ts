/**
 * The log channel during a server-wide member update: the run's verifications are not posted one
 * by one; the run ends with one summary message.
 */
import { generateLoadSeed } from '@roconnect/emulator';
import { insertLoadLinks } from '../../support/load-links';
import { emulatorChannel, useStack, type EmulatorMessage } from '../../support/emulator-flow';
import { until } from '../../support/until';

jest.setTimeout(120_000);

const load = generateLoadSeed({ members: 120, linked: 80 });
const GUILD = load.guild_id;
/** a guild seeded without channels has one text channel, `general`, whose id is the guild's */
const GENERAL = GUILD;
const BASE = `/api/v1/server/${GUILD}`;

const { tdb, stack, signIn } = useStack({ seed: load.seed, jobs: true }, 'file');

const messages = async () =>
  (await emulatorChannel<EmulatorMessage>(stack, GUILD, GENERAL)).messages;

it('posts one summary message for an update run of 80 linked members, not one per member', async () => {
  const owner = await signIn(load.owner_id);
  expect((await owner.call('POST', '/api/v1/dashboard/user/sync-servers')).status).toBe(200);
  await owner.call('POST', `${BASE}/setup/nickname`, { nickname_format: 'roblox_username' });
  await owner.call('POST', `${BASE}/setup/verified-role`, { verified_role_name: 'Verified' });
  expect(
    (await owner.call('POST', `${BASE}/setup/group`, { group_id: String(load.group_id) })).status,
  ).toBe(200);
  await insertLoadLinks(tdb.database, load.links);
  expect((await owner.call('PUT', `${BASE}/log-channel`, { channel_id: GENERAL })).status).toBe(
    200,
  );
  // the setup's changes and this one, gathered in one message
  const first = await until('the log channel confirms itself', messages, (m) => m.length === 1, {
    timeoutMs: 10_000,
    everyMs: 100,
  });
  expect(first[0]!.embeds.map((e) => e.title)).toContain('Log channel changed');

  const started = await owner.call('POST', `${BASE}/members/update`);
  expect(started.status).toBe(202);
  const jobId: string = started.json.data.job_id;
  const job = await until(
    'the run ends',
    async () => (await owner.call('GET', `${BASE}/members/update/${jobId}`)).json.data,
    (j) => j.status !== 'queued' && j.status !== 'running',
    { timeoutMs: 90_000, everyMs: 250 },
  );
  expect(job).toMatchObject({ status: 'done', total: 80, done: 80, failed: 0 });

  const after = await until('the run summary', messages, (m) => m.length > 1, {
    timeoutMs: 10_000,
    everyMs: 100,
  });
  expect(after.slice(1)).toEqual([
    expect.objectContaining({
      embeds: [
        expect.objectContaining({
          title: 'Member update finished',
          description: '80 of 80 members checked, 0 failed.',
        }),
      ],
    }),
  ]);
  // every linked member was verified in the run and is in the audit log, not in the channel
  const audit = (await owner.call('GET', `${BASE}/audit?limit=100`)).json.data.entries;
  expect(
    audit.filter((e: { kind: string; source?: string }) => e.source === 'update_all').length,
  ).toBeGreaterThanOrEqual(80);
});
