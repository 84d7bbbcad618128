/**
 * The bot's direct messages carry names others chose (the server's, a Roblox group's, a role's)
 * as plain text: a name written as a link, a masked link, a mention or formatting reaches the
 * member as those characters, never as a link in a message from RoConnect (docs/security.md,
 * "names chosen by others in what the bot writes").
 */
import { sql } from 'drizzle-orm';
import { handleMemberEvent } from '../../../src/features/member-events/handle-event';
import { consoleWorld, linkedAccountId, verifyAs } from '../../support/console';
import { completeSetup, loginAs } from '../../support/fake-login';
import { useFakeApp } from '../../support/harness';
import { GROUP, GUILD_A, MAX, OLIVIA, PETE } from '../../support/world';

const t = useFakeApp(consoleWorld);
const A = `/api/v1/server/${GUILD_A}`;
const PHISHING =
  'Free Robux: https://evil.test/claim [Claim here](https://evil.test) <@&1> **now**';
const SAFE =
  'Free Robux: https:\\/\\/evil.test\\/claim \\[Claim here\\](https:\\/\\/evil.test) \\<@&1> \\*\\*now\\*\\*';
/** what Discord would render as a link: a scheme's "://" or a masked link's "](", unescaped */
const LINK = /[a-z]+:\/\/|(?<!\\)\]\(/;

beforeEach(async () => {
  const olivia = await loginAs(t.app, OLIVIA);
  await completeSetup(t.app, olivia, GUILD_A);
});

it("writes the server's name in the join DM of an unlinked member as plain text, one line", async () => {
  await t.tdb.database.db.execute(
    sql`UPDATE guild_configs SET join_dm = true WHERE guild_id = ${GUILD_A}`,
  );
  t.world.guilds.get(GUILD_A)!.name = `${PHISHING}\n\n# Urgent\u202E`;
  const outcome = await handleMemberEvent(t.app.ctx, {
    kind: 'join',
    guildId: GUILD_A,
    userId: MAX,
    at: new Date().toISOString(),
  });
  expect(outcome).toMatchObject({ kind: 'unlinked', dmSent: true });
  const [dm] = t.world.dms;
  expect(dm!.content).toBe(
    `Welcome to ${SAFE} # Urgent! Link your Roblox account and verify to get your roles: http://app.test/verify?server_id=${GUILD_A}`,
  );
  // the one link left is RoConnect's own
  expect(dm!.content.replace(`http://app.test/verify?server_id=${GUILD_A}`, '')).not.toMatch(LINK);
});

it("writes a blocked group's and the server's names in the restriction DM as plain text", async () => {
  t.world.groups.get(GROUP)!.name = PHISHING;
  t.world.guilds.get(GUILD_A)!.name = '[Support](https://evil.test)';
  const olivia = await loginAs(t.app, OLIVIA);
  const saved = await t.app.inject({
    method: 'PUT',
    url: `${A}/edit/restrictions`,
    headers: olivia.headers,
    payload: {
      min_account_age_days: null,
      blocked_roblox_user_ids: [],
      blocked_group_ids: [GROUP],
      action: 'deny',
    },
  });
  expect(saved.statusCode).toBe(200);
  const max = await loginAs(t.app, MAX);
  const res = await verifyAs(t.app, max, GUILD_A, await linkedAccountId(t.app, max, PETE));
  expect(res.statusCode).toBe(200);
  expect(t.world.dms.at(-1)!.content).toBe(
    `You cannot verify in \\[Support\\](https:\\/\\/evil.test): members of the Roblox group ${SAFE} are blocked in this server.`,
  );
  expect(t.world.dms.at(-1)!.content).not.toMatch(LINK);
});

it("writes the server's and the roles' names in the verified DM as plain text", async () => {
  t.world.guilds.get(GUILD_A)!.name = '<@&1> ||https://evil.test||';
  // the verified role as the setup stored its name
  await t.tdb.database.db.execute(
    sql`UPDATE guild_configs SET verified_role_name = '[Claim](https://evil.test)'`,
  );
  const max = await loginAs(t.app, MAX);
  const res = await verifyAs(t.app, max, GUILD_A, await linkedAccountId(t.app, max, PETE));
  expect(res.statusCode).toBe(200);
  expect(t.world.dms.at(-1)!.content).toBe(
    'You are verified in \\<@&1> \\|\\|https:\\/\\/evil.test\\|\\| as PlainPete on Roblox. Roles given: \\[Claim\\](https:\\/\\/evil.test).',
  );
});
