/**
 * The Developers page's webhook actions (api/README.md › Developer API › Webhooks): a signed test
 * event delivered like the others, and a failed delivery sent again; each refused with a clear
 * code (no webhook, not a manager, another server's delivery, not failed), limited like saving a
 * webhook, and written to the audit log.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createDelivery, recordAttempt, setWebhook } from '../../../src/domain/webhooks/store';
import { queryRows } from '../../support/db';
import { callAs, loginAs, type Session } from '../../support/fake-login';
import { useFakeApp } from '../../support/harness';
import { until } from '../../support/until';
import { appRunningJobs, receiverAccepts, withReceiver } from '../../support/webhook-receiver';
import { GUILD_A, GUILD_C, MAX, OLIVIA } from '../../support/world';
import { refusal } from '../../support/app';

jest.setTimeout(60_000);

const t = useFakeApp();
const base = `/api/v1/server/${GUILD_A}/webhook`;
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const post = (a: FastifyInstance, s: Session, url: string) =>
  a.inject({ method: 'POST', url, headers: s.headers });
const sendTest = (a: FastifyInstance, s: Session) => post(a, s, `${base}/test`);
const retry = (a: FastifyInstance, s: Session, deliveryId: string) =>
  post(a, s, `${base}/deliveries/${deliveryId}/retry`);
const deliveries = async (a: FastifyInstance, s: Session) =>
  (await a.inject({ method: 'GET', url: `${base}/deliveries`, headers: s.headers })).json().data
    .deliveries as { id: string; event: string; status: string; attempts: number }[];
const auditChanges = async (a: FastifyInstance, s: Session, action: string) =>
  (await callAs(a, s, 'GET', `/api/v1/server/${GUILD_A}/audit?action=${action}`)).json().data
    .entries as { setting: string; after: string; actor: { discord_id: string } }[];

/** A delivery of `guildId` that failed for good, its body kept. */
async function failedDelivery(a: FastifyInstance, guildId: string, body: string | null = '{}') {
  const row = await createDelivery(a.ctx.db, { guildId, event: 'member.updated', body: '{}' });
  await recordAttempt(a.ctx.db, row.id, {
    ok: false,
    statusCode: 500,
    error: 'The endpoint answered 500.',
    final: true,
  });
  if (body === null)
    await a.ctx.db.execute(sql`UPDATE webhook_deliveries SET body = NULL WHERE id = ${row.id}`);
  return row.id;
}

describe('POST …/webhook/test', () => {
  it('sends a signed webhook.test event like a real delivery, lists it and writes the audit log', async () => {
    await withReceiver([], async (hook) => {
      app = await appRunningJobs(t);
      const olivia = await loginAs(app, OLIVIA);
      const { secret } = (await callAs(app, olivia, 'PUT', base, { url: hook.url })).json().data;
      const res = await sendTest(app, olivia);
      expect(res.statusCode).toBe(202);
      const delivery = res.json().data;
      expect(delivery).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: 0 });

      await until(
        'the test event to arrive',
        () => hook.got.length,
        (n) => n >= 1,
        { timeoutMs: 20_000, everyMs: 100 },
      );
      const [got] = hook.got;
      expect(receiverAccepts(secret, got!.headers, got!.body)).toBe(true);
      expect(got!.headers['x-roconnect-event']).toBe('webhook.test');
      expect(got!.headers['x-roconnect-delivery']).toBe(delivery.id);
      expect(JSON.parse(got!.body)).toEqual({
        id: delivery.id,
        event: 'webhook.test',
        created_at: expect.any(String),
        server_id: GUILD_A,
        data: { message: 'A test event from RoConnect: your endpoint receives its webhooks.' },
      });
      await until(
        'the delivery listed as delivered',
        () => deliveries(app!, olivia),
        (list) => list[0]?.status === 'delivered',
      );
      const [entry] = await auditChanges(app, olivia, 'webhook_test');
      expect(entry).toMatchObject({
        setting: 'webhook_test',
        after: `test event sent to ${new URL(hook.url).origin}`,
        actor: { discord_id: OLIVIA },
      });
    });
  });

  it('answers 409 no_webhook when the server has none, 403 to a member, 401 without a sign-in', async () => {
    const olivia = await loginAs(t.app, OLIVIA);
    const none = await sendTest(t.app, olivia);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual(
      refusal('no_webhook', 'This server has no webhook: save one first.'),
    );
    const max = await loginAs(t.app, MAX);
    const member = await sendTest(t.app, max);
    expect(member.statusCode).toBe(403);
    expect(member.json().error).toBe('not_server_manager');
    expect((await t.app.inject({ method: 'POST', url: `${base}/test` })).statusCode).toBe(401);
    expect(await queryRows(t.tdb.database, sql`SELECT id FROM webhook_deliveries`)).toEqual([]);
  });

  it('answers 503 where this API runs no jobs, writing nothing', async () => {
    const olivia = await loginAs(t.app, OLIVIA);
    await setWebhook(
      t.app.ctx.db,
      t.app.ctx.settings.encryptionKey,
      GUILD_A,
      'https://example.com/h',
    );
    const res = await sendTest(t.app, olivia);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('deliveries_unavailable');
    expect(await queryRows(t.tdb.database, sql`SELECT id FROM webhook_deliveries`)).toEqual([]);
  });

  it('is limited like saving a webhook: 10 sends a minute, tests and retries together', async () => {
    const olivia = await loginAs(t.app, OLIVIA);
    for (let i = 0; i < 5; i++) expect((await sendTest(t.app, olivia)).statusCode).toBe(409);
    for (let i = 0; i < 5; i++)
      expect((await retry(t.app, olivia, randomUUID())).statusCode).toBe(404);
    const limited = await sendTest(t.app, olivia);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('rate_limited');
    expect(limited.json().message).toMatch(
      /^You sent webhook deliveries more than 10 times this minute: try again in \d+ s\.$/,
    );
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('POST …/webhook/deliveries/{delivery_id}/retry', () => {
  it('sends a failed delivery again, with the same id, and writes the audit log', async () => {
    await withReceiver([], async (hook) => {
      app = await appRunningJobs(t);
      const olivia = await loginAs(app, OLIVIA);
      await callAs(app, olivia, 'PUT', base, { url: hook.url });
      const id = await failedDelivery(app, GUILD_A);
      const res = await retry(app, olivia, id);
      expect(res.statusCode).toBe(202);
      expect(res.json().data).toMatchObject({ id, status: 'pending', attempts: 1 });
      await until(
        'the delivery to arrive',
        () => hook.got.length,
        (n) => n >= 1,
        { timeoutMs: 20_000, everyMs: 100 },
      );
      expect(hook.got[0]!.headers['x-roconnect-delivery']).toBe(id);
      const [listed] = await until(
        'the delivery listed as delivered',
        () => deliveries(app!, olivia),
        (list) => list[0]?.status === 'delivered',
      );
      expect(listed).toMatchObject({ id, status: 'delivered', attempts: 2 });
      const [entry] = await auditChanges(app, olivia, 'webhook_retry');
      expect(entry!.after).toBe(
        `member.updated delivery ${id} sent again to ${new URL(hook.url).origin}`,
      );
      // delivered now: not failed, so not sent again
      const again = await retry(app, olivia, id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(
        refusal(
          'delivery_not_failed',
          'This delivery is delivered: only a failed delivery can be sent again.',
        ),
      );
    });
  });

  it("answers 404 for another server's delivery and an unknown one, 403 to a member", async () => {
    const olivia = await loginAs(t.app, OLIVIA);
    const { ctx } = t.app;
    await setWebhook(ctx.db, ctx.settings.encryptionKey, GUILD_A, 'https://example.com/h');
    const theirs = await failedDelivery(t.app, GUILD_C);
    for (const id of [theirs, randomUUID()]) {
      const res = await retry(t.app, olivia, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(
        refusal('delivery_not_found', 'This server has no such webhook delivery.'),
      );
    }
    const ours = await failedDelivery(t.app, GUILD_A);
    const max = await loginAs(t.app, MAX);
    expect((await retry(t.app, max, ours)).statusCode).toBe(403);
    expect((await retry(t.app, olivia, 'not-a-uuid')).statusCode).toBe(400);
    // nothing was reopened
    const rows = await queryRows<{ status: string }>(
      t.tdb.database,
      sql`SELECT status FROM webhook_deliveries`,
    );
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed']);
  });

  it('answers 409 for a pending delivery, without a webhook, or once its body is gone', async () => {
    const olivia = await loginAs(t.app, OLIVIA);
    const { ctx } = t.app;
    const failed = await failedDelivery(t.app, GUILD_A);
    const noWebhook = await retry(t.app, olivia, failed);
    expect([noWebhook.statusCode, noWebhook.json().error]).toEqual([409, 'no_webhook']);
    await setWebhook(ctx.db, ctx.settings.encryptionKey, GUILD_A, 'https://example.com/h');
    const pending = await createDelivery(ctx.db, {
      guildId: GUILD_A,
      event: 'member.verified',
      body: '{}',
    });
    const notFailed = await retry(t.app, olivia, pending.id);
    expect([notFailed.statusCode, notFailed.json().message]).toEqual([
      409,
      'This delivery is pending: only a failed delivery can be sent again.',
    ]);
    const bodiless = await failedDelivery(t.app, GUILD_A, null);
    const gone = await retry(t.app, olivia, bodiless);
    expect([gone.statusCode, gone.json().error]).toEqual([409, 'delivery_not_kept']);
  });

  it('a failed delivery keeps its body for a retry; a delivered one does not', async () => {
    const { db } = t.app.ctx;
    const failed = await failedDelivery(t.app, GUILD_A);
    const delivered = await createDelivery(db, {
      guildId: GUILD_A,
      event: 'member.verified',
      body: '{}',
    });
    await recordAttempt(db, delivered.id, { ok: true, statusCode: 200, error: null, final: true });
    const rows = await queryRows<{ id: string; body: string | null }>(
      t.tdb.database,
      sql`SELECT id, body FROM webhook_deliveries`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.body]))).toEqual({
      [failed]: '{}',
      [delivered.id]: null,
    });
  });
});
