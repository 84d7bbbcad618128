/** A server-wide update gives the unverified role to members with no linked account and takes it from linked ones. */
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

async function memberRoles(discordId: string): Promise<string[]> {
  const state = (await (await fetch(`${stack.emulator.url}/__emulator/state`)).json()) as any;
  const guild = state.discord.guilds.find((g: any) => g.id === load.guild_id);
  return guild.members.find((m: any) => m.user_id === discordId).roles;
}

it('gives the unverified role to unlinked members and takes it from the linked', async () => {
  const owner = await signIn(load.owner_id);
  await setUpServerAs(owner, load.guild_id, { syncFirst: true });
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
  await insertLoadLinks(tdb.database, load.links);
  // one linked member still wears the unverified role from before they linked
  const [firstLinked] = [...linkedIds];
  await stack.app.ctx.integrations.discordBot.addMemberRole(
    load.guild_id,
    firstLinked!,
    unverified.id,
  );

  const update = `/api/v1/server/${load.guild_id}/members/update`;
  const jobId = (await owner.call('POST', update)).json.data.job_id;
  let job: any;
  for (;;) {
    job = (await owner.call('GET', `${update}/${jobId}`)).json.data;
    if (!['queued', 'running'].includes(job.status)) break;
    await sleep(200);
  }
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
