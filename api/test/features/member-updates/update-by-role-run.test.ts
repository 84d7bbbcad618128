/** Update by role against the emulator: the run lists only the members holding the role. */
import { useUpdateRunStack } from '../../support/update-runs';

jest.setTimeout(120_000);

const { load, stack, ownerWithLinks, runs, runEnded } = useUpdateRunStack({
  members: 12,
  linked: 6,
});

it('updates only the linked members holding the role, then everyone with no role given', async () => {
  const owner = await ownerWithLinks();
  const bot = stack.app.ctx.integrations.discordBot;
  const squad = await bot.createRole(load.guild_id, 'Squad');
  const linked = [...new Set(load.links.map((l) => l.discord_id))];
  for (const id of linked.slice(0, 3)) await bot.addMemberRole(load.guild_id, id, squad.id);

  const run = async (body?: object) => {
    const started = await owner.call('POST', runs, body);
    expect(started.status).toBe(202);
    return runEnded(owner, started.json.data.job_id);
  };
  expect(await run({ role_id: squad.id })).toMatchObject({
    status: 'done',
    total: 3,
    role_id: squad.id,
  });
  expect(await run()).toMatchObject({ status: 'done', total: linked.length, role_id: null });
});
