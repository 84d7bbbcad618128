/** A server-wide update gives the unverified role to members with no linked account and takes it from linked ones. */
import { emulatorMember } from '../../support/emulator-flow';
import { useUpdateRunStack } from '../../support/update-runs';

jest.setTimeout(120_000);

const { load, stack, ownerWithLinks, runs, runEnded } = useUpdateRunStack({
  members: 12,
  linked: 6,
});

const memberRoles = async (discordId: string): Promise<string[]> =>
  (await emulatorMember(stack, load.guild_id, discordId)).roles;

it('gives the unverified role to unlinked members and takes it from the linked', async () => {
  const owner = await ownerWithLinks();
  const unverified = await stack.app.ctx.integrations.discordBot.createRole(
    load.guild_id,
    'Unverified',
  );
  const saved = await owner.call('PUT', `/api/v1/server/${load.guild_id}/edit/unverified-role`, {
    unverified_role_id: unverified.id,
  });
  expect(saved.status).toBe(200);

  const linkedIds = new Set<string>();
  for (const link of load.links) linkedIds.add(link.discord_id);
  // one linked member still wears the unverified role from before they linked
  const [firstLinked] = [...linkedIds];
  await stack.app.ctx.integrations.discordBot.addMemberRole(
    load.guild_id,
    firstLinked!,
    unverified.id,
  );

  const jobId = (await owner.call('POST', runs)).json.data.job_id;
  const job = await runEnded(owner, jobId);
  expect(job).toMatchObject({ status: 'done', failed: 0 });

  const humans = load.seed.discord.guilds
    .find((g: any) => g.id === load.guild_id)!
    .members.filter((m: any) => m.user_id !== load.owner_id && !m.bot)
    .map((m: any) => m.user_id as string);
  expect(humans.length).toBeGreaterThan(linkedIds.size);
  for (const id of humans) {
    const roles = await memberRoles(id);
    if (linkedIds.has(id)) expect(roles).not.toContain(unverified.id);
    else expect(roles).toContain(unverified.id);
  }
});
