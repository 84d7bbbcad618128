import { completeSetup, loginAs, type Session } from '../../support/fake-login';
import { useFakeApp } from '../../support/harness';
import { GUILD_A, GUILD_B, MAX, OLIVIA } from '../../support/world';
import { refusal } from '../../support/app';

const t = useFakeApp();
let olivia: Session;
beforeEach(async () => {
  olivia = await loginAs(t.app, OLIVIA);
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, s: Session = olivia) =>
  t.app.inject({ method, url, headers: s.headers });
const UPDATE = `/api/v1/server/${GUILD_A}/members/update`;

describe('members/update routes', () => {
  it('refuses to start before the setup is complete, naming why', async () => {
    const res = await call('POST', UPDATE);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(
      refusal('setup_incomplete', 'The bot setup of this server is not complete yet.'),
    );
    expect((await call('GET', UPDATE)).json()).toEqual({ success: true, data: null });
  });

  it('refuses a member who does not manage the server (start, read, cancel), and no sign-in', async () => {
    await completeSetup(t.app, olivia, GUILD_A);
    const max = await loginAs(t.app, MAX);
    const jobId = (await call('POST', UPDATE)).json().data.job_id;
    for (const [method, url] of [
      ['POST', UPDATE],
      ['GET', UPDATE],
      ['GET', `${UPDATE}/${jobId}`],
      ['DELETE', `${UPDATE}/${jobId}`],
    ] as const) {
      const res = await call(method, url, max);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('not_server_manager');
    }
    expect((await t.app.inject({ method: 'POST', url: UPDATE })).statusCode).toBe(401);
  });

  it('starts a queued job (202), follows it, answers it as the latest, and cancels it', async () => {
    await completeSetup(t.app, olivia, GUILD_A);
    const started = await call('POST', UPDATE);
    expect(started.statusCode).toBe(202);
    const jobId = started.json().data.job_id;
    expect((await call('POST', UPDATE)).json().data.job_id).toBe(jobId);
    const job = (await call('GET', `${UPDATE}/${jobId}`)).json().data;
    expect(job).toEqual({
      job_id: jobId,
      status: 'queued',
      total: 0,
      done: 0,
      failed: 0,
      removed: 0,
      removals_waiting: 0,
      role_id: null,
      caller_is_owner: true,
      started_at: null,
      finished_at: null,
    });
    expect((await call('GET', UPDATE)).json().data.job_id).toBe(jobId);
    const cancelled = (await call('DELETE', `${UPDATE}/${jobId}`)).json().data;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.finished_at).toEqual(expect.any(String));
    // a new run may start once the last one is over
    expect((await call('POST', UPDATE)).json().data.job_id).not.toBe(jobId);
  });

  it('answers 404 for a job of another server or an unknown id, and 400 for a malformed id', async () => {
    await completeSetup(t.app, olivia, GUILD_A);
    const jobId = (await call('POST', UPDATE)).json().data.job_id;
    const other = await call('GET', `/api/v1/server/${GUILD_B}/members/update/${jobId}`);
    expect(other.statusCode).toBe(404);
    const unknown = await call('GET', `${UPDATE}/00000000-0000-4000-8000-000000000000`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('member_update_not_found');
    expect((await call('GET', `${UPDATE}/nope`)).statusCode).toBe(400);
  });
});
