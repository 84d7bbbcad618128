import { BOT, controlCall, GUILDS, guildState, ROLES, USERS, useEmulator } from './helpers';

const app = useEmulator();

const patchRole = (roleId: string, body: unknown, guildId = GUILDS.withBot) =>
  controlCall(app, 'PATCH', `/__emulator/guilds/${guildId}/roles/${roleId}`, body);
const giveLow = () =>
  app.inject({
    method: 'PUT',
    url: `/api/v10/guilds/${GUILDS.withBot}/members/${USERS.member}/roles/${ROLES.low}`,
    headers: BOT,
  });
const botRoleId = (): string => {
  const role = guildState(app, GUILDS.withBot).roles.find((r) => r.managed);
  if (!role) throw new Error('the bot has no role in the test guild');
  return role.id;
};

describe('PATCH /__emulator/guilds/{guild_id}/roles/{role_id}', () => {
  it('moves the bot’s role below a role it gives, and Discord then refuses that role (50013)', async () => {
    expect((await giveLow()).statusCode).toBe(204);
    const moved = await patchRole(botRoleId(), { position: 1 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: botRoleId(), position: 1 });
    const refused = await giveLow();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(50013);
    const roles = await app.inject({
      url: `/api/v10/guilds/${GUILDS.withBot}/roles`,
      headers: BOT,
    });
    expect(roles.json().find((r: { id: string }) => r.id === botRoleId()).position).toBe(1);
  });

  it('takes Manage Roles from the bot’s role, so the bot can no longer give roles', async () => {
    const changed = await patchRole(botRoleId(), { permissions: String(1n << 27n) });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().permissions).toBe(String(1n << 27n));
    expect((await giveLow()).statusCode).toBe(403);
  });

  it('changes any role’s permissions as listed by Discord', async () => {
    await patchRole(ROLES.low, { permissions: '8' });
    const roles = await app.inject({
      url: `/api/v10/guilds/${GUILDS.withBot}/roles`,
      headers: BOT,
    });
    expect(roles.json().find((r: { id: string }) => r.id === ROLES.low).permissions).toBe('8');
  });

  it.each([
    [{ position: 0 }, 'body.position must be a whole number from 1 to 250'],
    [{ position: 'top' }, 'body.position must be a whole number from 1 to 250'],
    [{ permissions: 8 }, 'body.permissions must be a decimal string such as "8" or "0"'],
    [{ colour: 1 }, 'body.colour is not allowed'],
    [[], 'send a JSON object {position?, permissions?}'],
  ])('refuses %j with a message naming the field', async (body, message) => {
    const res = await patchRole(ROLES.low, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_role', message });
  });

  it('answers 404 for an unknown server or role, 400 for a bad id, and keeps @everyone at 0', async () => {
    expect((await patchRole(ROLES.low, { position: 3 }, '199999999999999999')).statusCode).toBe(
      404,
    );
    expect((await patchRole('199999999999999999', { position: 3 })).statusCode).toBe(404);
    expect((await patchRole('abc', { position: 3 })).statusCode).toBe(400);
    const everyone = await patchRole(GUILDS.withBot, { position: 3 });
    expect(everyone.statusCode).toBe(400);
    expect(everyone.json().message).toBe('@everyone always stays at position 0');
  });
});
