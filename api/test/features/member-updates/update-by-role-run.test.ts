/** Update by role against the emulator: the run lists only the members holding the role. */
import { generateLoadSeed } from '@roconnect/emulator';
import { insertLoadLinks } from '../../support/load-links';
import { setUpServerAs, useStack } from '../../support/emulator-flow';

jest.setTimeout(120_000);

const load = generateLoadSeed({ members: 12, linked: 6 });
const { tdb, stack, signIn } = useStack(
  { seed: load.seed, env: { MEMBER_UPDATE_SLICE_SECONDS: '1' }, jobs: true, policies: {} },
  'file',
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('updates only the linked members holding the role, then everyone with no role given', async () => {
  const owner = await signIn(load.owner_id);
  await setUpServerAs(owner, load.guild_id, { syncFirst: true });
  await insertLoadLinks(tdb.database, load.links);
  const bot = stack.app.ctx.integrations.discordBot;
  const squad = await bot.createRole(load.guild_id, 'Squad');
  const linked = [...new Set(load.links.map((l) => l.discord_id))];
  for (const id of linked.slice(0, 3)) await bot.addMemberRole(load.guild_id, id, squad.id);

  const update = `/api/v1/server/${load.guild_id}/members/update`;
  const run = async (body?: object) => {
    const started = await owner.call('POST', update, body);
    expect(started.status).toBe(202);
    for (;;) {
      const job = (await owner.call('GET', `${update}/${started.json.data.job_id}`)).json.data;
      if (!['queued', 'running'].includes(job.status)) return job;
      await sleep(200);
    }
  };
  expect(await run({ role_id: squad.id })).toMatchObject({
    status: 'done',
    total: 3,
    role_id: squad.id,
  });
  expect(await run()).toMatchObject({ status: 'done', total: linked.length, role_id: null });
});
