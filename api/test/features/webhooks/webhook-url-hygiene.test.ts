/**
 * A webhook URL's path and query often carry the receiver's own secret. Everywhere others read
 * it (the audit log, the log channel that posts it, the API's own logs) it is written as its
 * origin only; and saving a webhook (a DNS lookup and an audit entry each) is limited per user,
 * 429 with Retry-After past it (docs/security.md › T9).
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app';
import type * as Logging from '../../../src/plugins/logging';
import { WEBHOOK_SAVES_PER_MINUTE } from '../../../src/features/webhooks/routes';
import { testSettings } from '../../support/app';
import { linkedAccountId, verifyAs } from '../../support/console';
import { queryRows } from '../../support/db';
import { createFakeIntegrations } from '../../support/fake-integrations';
import { callAs, completeSetup, loginAs, type Session } from '../../support/fake-login';
import { useFakeApp } from '../../support/harness';
import { until } from '../../support/until';
import { GROUP, GUILD_A, GUILD_C, MAX, MO, OLIVIA, PETE } from '../../support/world';

jest.setTimeout(60_000);

// jest.mock's factory may only reach variables named mock…
const mockLines: string[] = [];

// the API logs as in production (its own options, redaction and request lines), into mockLines
jest.mock('../../../src/plugins/logging', () => {
  const actual = jest.requireActual<typeof Logging>('../../../src/plugins/logging');
  return {
    ...actual,
    requestLogging: (level: string) => {
      const options = actual.requestLogging(level);
      const stream = new Writable({
        write(chunk, _encoding, done) {
          mockLines.push(String(chunk));
          done();
        },
      });
      return { ...options, logger: { ...options.logger, stream } };
    },
  };
});

const t = useFakeApp();
const webhookPath = (guildId: string) => `/api/v1/server/${guildId}/webhook`;
const putWebhook = (app: FastifyInstance, s: Session, url: string | null, guildId = GUILD_A) =>
  app.inject({ method: 'PUT', url: webhookPath(guildId), headers: s.headers, payload: { url } });

describe('a webhook URL where others read it', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('the audit log, the log channel and the API’s logs name it by its origin only', async () => {
    await t.app.close();
    mockLines.length = 0;
    app = await buildApp({
      settings: testSettings({ ALLOW_PRIVATE_WEBHOOKS: 'true', LOG_LEVEL: 'debug' }),
      integrations: createFakeIntegrations(t.world),
      database: t.tdb.database,
      jobs: true,
    });
    await app.ready();
    const olivia = await loginAs(app, OLIVIA);
    const max = await loginAs(app, MAX);
    await completeSetup(app, olivia, GUILD_A, { group_id: GROUP });
    const logChannel = await callAs(app, olivia, 'PUT', `/api/v1/server/${GUILD_A}/log-channel`, {
      channel_id: GUILD_A,
    });
    expect(logChannel.statusCode).toBe(200);

    // port 9 refuses: each delivery fails, and the worker logs that too
    const origin = 'http://127.0.0.1:9';
    const first = `${origin}/hooks/path-secret-1?token=query-secret-1`;
    const second = `${origin}/hooks/path-secret-2?token=query-secret-2`;
    const secrets = ['path-secret-1', 'query-secret-1', 'path-secret-2', 'query-secret-2'];
    const saved = await putWebhook(app, olivia, first);
    expect(saved.statusCode).toBe(200);
    // the managers who set it still read it whole where they manage it
    expect(saved.json().data.url).toBe(first);
    expect((await putWebhook(app, olivia, second)).statusCode).toBe(200);
    expect((await putWebhook(app, olivia, second)).statusCode).toBe(200);
    const verified = await verifyAs(app, max, GUILD_A, await linkedAccountId(app, max, PETE));
    expect(verified.statusCode).toBe(200);
    await until(
      'a failed delivery attempt',
      async () =>
        (
          await app!.inject({
            method: 'GET',
            url: `${webhookPath(GUILD_A)}/deliveries`,
            headers: olivia.headers,
          })
        ).json().data.deliveries as { attempts: number }[],
      (deliveries) => deliveries.some((d) => d.attempts >= 1),
      { timeoutMs: 20_000, everyMs: 200 },
    );
    expect((await putWebhook(app, olivia, null)).statusCode).toBe(200);

    const entries = (await callAs(app, olivia, 'GET', `/api/v1/server/${GUILD_A}/audit`)).json()
      .data.entries as { setting?: string; before: string | null; after: string | null }[];
    expect(entries.filter((e) => e.setting === 'webhook').map((e) => [e.before, e.after])).toEqual([
      [origin, null],
      [origin, `${origin} (new signing secret)`],
      [origin, `${origin} (new path)`],
      [null, origin],
    ]);
    const stored = JSON.stringify(
      await queryRows(t.tdb.database, sql`SELECT * FROM setting_changes`),
    );

    const posts = await until(
      'the log channel posting the webhook’s removal',
      () => JSON.stringify(t.world.posts),
      (text) => (text.match(/Webhook/g) ?? []).length >= 4,
      { timeoutMs: 20_000, everyMs: 200 },
    );
    expect(posts).toContain(origin);

    const logs = mockLines.join('');
    expect(logs).toContain('webhook delivery failed');
    expect(mockLines.filter((l) => l.includes('"msg":"webhook saved"'))).toHaveLength(3);
    for (const line of mockLines.filter((l) => l.includes('"msg":"webhook saved"')))
      expect(JSON.parse(line)).toMatchObject({ guildId: GUILD_A, origin });

    for (const secret of secrets) {
      expect(stored).not.toContain(secret);
      expect(posts).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
  });
});

describe('saving a webhook is limited per user', () => {
  it(`answers 429 with Retry-After past ${WEBHOOK_SAVES_PER_MINUTE} saves a minute, in any server; removing and other users are not held`, async () => {
    const app = await t.restartWith(testSettings({ ALLOW_PRIVATE_WEBHOOKS: 'true' }));
    const olivia = await loginAs(app, OLIVIA);
    const mo = await loginAs(app, MO);
    const statuses: number[] = [];
    for (let i = 0; i < WEBHOOK_SAVES_PER_MINUTE; i++)
      // refused URLs count too: each costs the same checks
      statuses.push(
        (await putWebhook(app, olivia, i % 2 ? `http://127.0.0.1:9/${i}` : 'ftp://x/')).statusCode,
      );
    expect(statuses).toEqual(
      Array.from({ length: WEBHOOK_SAVES_PER_MINUTE }, (_, i) => (i % 2 ? 200 : 400)),
    );

    const past = await putWebhook(app, olivia, 'http://127.0.0.1:9/late');
    expect(past.statusCode).toBe(429);
    expect(past.json()).toEqual({
      success: false,
      error: 'rate_limited',
      message: expect.stringMatching(
        new RegExp(
          `^You saved a webhook more than ${WEBHOOK_SAVES_PER_MINUTE} times this minute: try again in \\d+ s\\.$`,
        ),
      ),
    });
    const retryAfter = Number(past.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // nothing was saved by it
    const listed = await callAs(app, olivia, 'GET', `${webhookPath(GUILD_A)}/deliveries`);
    expect(listed.json().data.webhook.url).toBe(
      `http://127.0.0.1:9/${WEBHOOK_SAVES_PER_MINUTE - 1}`,
    );
    // the limit is the user's, not the server's: Olivia is held in any server
    expect((await putWebhook(app, olivia, 'http://127.0.0.1:9/c', GUILD_C)).statusCode).toBe(429);
    // removing a webhook is never held
    expect((await putWebhook(app, olivia, null)).statusCode).toBe(200);
    // another user has their own minute
    expect((await putWebhook(app, mo, 'http://127.0.0.1:9/mo', GUILD_C)).statusCode).toBe(200);
  });
});
