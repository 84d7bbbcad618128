/**
 * Update by role (docs/product.md › Update all members): POST …/members/update {role_id} runs
 * over the members holding that role only; the job answers its role_id (null for everyone).
 */
import { useConsole, EXTRA_ROLE } from '../../support/console';
import { GUILD_A } from '../../support/world';
import { refusal } from '../../support/app';

const { t, cast } = useConsole({ setUp: GUILD_A });
const UPDATE = `/api/v1/server/${GUILD_A}/members/update`;

const start = (payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: UPDATE,
    headers: cast.owner.headers,
    ...(payload ? { payload } : {}),
  });
const job = async (id: string) =>
  (
    await t.app.inject({ method: 'GET', url: `${UPDATE}/${id}`, headers: cast.owner.headers })
  ).json().data;

it('starts a run for one role and answers its role_id', async () => {
  const res = await start({ role_id: EXTRA_ROLE });
  expect(res.statusCode).toBe(202);
  expect(await job(res.json().data.job_id)).toMatchObject({
    status: 'queued',
    role_id: EXTRA_ROLE,
  });
});

it.each([[undefined], [{}], [{ role_id: null }]])(
  'with %j updates everyone (role_id null)',
  async (payload) => {
    const res = await start(payload);
    expect(res.statusCode).toBe(202);
    expect((await job(res.json().data.job_id)).role_id).toBeNull();
  },
);

it('refuses a role that is not in the server, and @everyone (400 naming it)', async () => {
  for (const id of ['130000000000000099', GUILD_A]) {
    const res = await start({ role_id: id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      refusal('role_not_found', `body.role_id: the role ${id} does not exist in this server.`),
    );
  }
  expect((await start({ role_id: 'abc' })).statusCode).toBe(400);
});
