/**
 * Outbound webhooks (api/README.md › Developer API › Webhooks): a server's HTTPS endpoint, its
 * signing secret answered once; events delivered by the job engine, signed with HMAC-SHA256 over
 * `${timestamp}.${body}` (checked here by a verifier written apart from the API's signer), tried
 * again with backoff after a failing receiver; private and loopback addresses refused unless
 * ALLOW_PRIVATE_WEBHOOKS is set.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { announceUnlinkCleanup } from '../../../src/domain/audit/record';
import { isPrivateAddress, checkedAddresses } from '../../../src/domain/webhooks/address';
import { sendDelivery } from '../../../src/domain/webhooks/send';
import { setWebhook } from '../../../src/domain/webhooks/store';
import { testSettings } from '../../support/app';
import { queryRows } from '../../support/db';
import { linkedAccountId, verifyAs } from '../../support/console';
import { callAs, completeSetup, loginAs, type Session } from '../../support/fake-login';
import { useFakeApp } from '../../support/harness';
import { until } from '../../support/until';
import {
  appRunningJobs,
  receiver,
  receiverAccepts,
  withReceiver,
} from '../../support/webhook-receiver';
import { GROUP, GUILD_A, GUILD_C, MAX, OLIVIA, PETE } from '../../support/world';

/** Every string and number in a JSON value, as strings. */
const leafValues = (value: unknown): string[] =>
  value !== null && typeof value === 'object'
    ? Object.values(value).flatMap(leafValues)
    : typeof value === 'string' || typeof value === 'number'
      ? [String(value)]
      : [];

jest.setTimeout(60_000);

const t = useFakeApp();
const webhookUrl = `/api/v1/server/${GUILD_A}/webhook`;
const putWebhook = (app: FastifyInstance, s: Session, url: string | null) =>
  app.inject({ method: 'PUT', url: webhookUrl, headers: s.headers, payload: { url } });

/**
 * An endpoint that answers 200 headers at once, then one byte of its body a second and never
 * ends (a tarpit). Keeps when each request came and when its connection closed.
 */
async function trickler() {
  const requests: { at: number; closedAt: number | null }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const seen = { at: Date.now(), closedAt: null as number | null };
    requests.push(seen);
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('.');
    const timer = setInterval(() => res.write('.'), 1000);
    timers.add(timer);
    res.on('close', () => {
      clearInterval(timer);
      timers.delete(timer);
      seen.closedAt = Date.now();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    /** requests whose connection is still open */
    open: () => requests.filter((r) => r.closedAt === null).length,
    close: () => {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Sends `delivery` to the receiver under the host `name`, which resolves to the receiver's 127.0.0.1. */
const sendByName = (
  hook: { url: string },
  name: string,
  allowPrivate: boolean,
  delivery: Parameters<typeof sendDelivery>[1],
) =>
  sendDelivery({ url: hook.url.replace('127.0.0.1', name), secret: 's' }, delivery, {
    allowPrivate,
    resolve: async () => [{ address: '127.0.0.1', family: 4 }],
  });

describe('private and loopback addresses', () => {
  it.each([
    ['https://127.0.0.1/hook', '127.0.0.1'],
    ['https://[::1]/hook', '::1'],
    ['https://10.1.2.3/hook', '10.1.2.3'],
    ['https://169.254.169.254/latest', '169.254.169.254'],
    ['https://localhost/hook', 'localhost'],
  ])(
    '%s is refused without ALLOW_PRIVATE_WEBHOOKS, without naming the address',
    async (url, host) => {
      const olivia = await loginAs(t.app, OLIVIA);
      const res = await putWebhook(t.app, olivia, url);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('webhook_address_refused');
      expect(res.json().message).toBe(
        "The webhook's host resolves to a private address: webhooks go to public HTTPS endpoints only.",
      );
      // what a name resolves to inside the network is not told (localhost → 127.0.0.1 / ::1)
      if (host === 'localhost') expect(res.json().message).not.toMatch(/127\.0\.0\.1|::1/);
      expect(await queryRows(t.tdb.database, sql`SELECT * FROM webhooks`)).toEqual([]);
    },
  );

  it('plain http:// and URLs with credentials are refused, naming why', async () => {
    const olivia = await loginAs(t.app, OLIVIA);
    const http = await putWebhook(t.app, olivia, 'http://example.com/hook');
    expect(http.statusCode).toBe(400);
    expect(http.json().message).toBe('url must use https:// (got http).');
    const creds = await putWebhook(t.app, olivia, 'https://user:pw@example.com/hook');
    expect(creds.json().message).toBe('url must not hold a user name or password.');
    const junk = await putWebhook(t.app, olivia, 'not a url');
    expect(junk.json().message).toBe('url must be an absolute https:// URL.');
  });

  it('every address of a name is checked: one private address among public ones refuses it', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '::ffff:192.168.1.10', family: 6 },
    ];
    const refused = checkedAddresses('mixed.example', false, resolve);
    await expect(refused).rejects.toThrow("The webhook's host resolves to a private address");
    await expect(refused).rejects.not.toThrow('192.168');
    await expect(refused).rejects.not.toThrow('mixed.example');
    await expect(checkedAddresses('mixed.example', true, resolve)).resolves.toHaveLength(2);
    const publicOnly = async () => [{ address: '93.184.216.34', family: 4 }];
    await expect(checkedAddresses('public.example', false, publicOnly)).resolves.toEqual([
      { address: '93.184.216.34', family: 4 },
    ]);
  });

  it('knows the internal ranges', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      // site-local, IPv4-compatible (127.0.0.1 written as ::7f00:1) and local-use NAT64
      'fec0::1',
      '::7f00:1',
      '::a00:1',
      '64:ff9b:1::a00:1',
    ])
      expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    for (const a of [
      '93.184.216.34',
      '8.8.8.8',
      '2606:4700:4700::1111',
      '172.32.0.1',
      '64:ff9b:2::1',
    ])
      expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  });

  it('a delivery is refused at send time too (a name that later resolves to a private address), without retrying', async () => {
    await withReceiver([], async (hook) => {
      const outcome = await sendByName(hook, 'rebound.example', false, {
        id: 'd1',
        event: 'member.verified',
        body: '{}',
      });
      expect(outcome).toMatchObject({ ok: false, permanent: true });
      expect(hook.got).toEqual([]);
    });
  });
});

it('connects to the address its lookup checked (a name, with private addresses allowed)', async () => {
  await withReceiver([], async (hook) => {
    const outcome = await sendByName(hook, 'receiver.example', true, {
      id: 'd2',
      event: 'member.updated',
      body: '{"a":1}',
    });
    expect(outcome).toEqual({ ok: true, statusCode: 200 });
    expect(hook.got.map((g) => [g.headers.host, g.body])).toEqual([
      [new URL(hook.url.replace('127.0.0.1', 'receiver.example')).host, '{"a":1}'],
    ]);
  });
});

describe('one deadline per attempt and a capped answer (docs/security.md › T3)', () => {
  const delivery = { id: 'd3', event: 'member.verified', body: '{}' };

  it('an endpoint that trickles its answer a byte a second is cut at the deadline', async () => {
    const tarpit = await trickler();
    try {
      const started = Date.now();
      const outcome = await sendDelivery({ url: tarpit.url, secret: 's' }, delivery, {
        allowPrivate: true,
        timeoutMs: 1500,
      });
      const took = Date.now() - started;
      expect(outcome).toEqual({
        ok: false,
        statusCode: 200,
        error: 'The endpoint did not answer within 1.5 s.',
        permanent: false,
      });
      // the idle timer alone never fires here: each byte restarts it
      expect(took).toBeGreaterThanOrEqual(1400);
      expect(took).toBeLessThan(3000);
      await until(
        'the connection to be closed',
        () => tarpit.open(),
        (n) => n === 0,
      );
    } finally {
      await tarpit.close();
    }
  });

  it('an answer is read to 4 KB and no further', async () => {
    let closed = false;
    const server: Server = createServer((req, res) => {
      req.resume();
      res.writeHead(200);
      // 64 KB now, and the answer never ends
      res.write(Buffer.alloc(64 * 1024, 'a'));
      res.on('close', () => (closed = true));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const started = Date.now();
      const outcome = await sendDelivery(
        { url: `http://127.0.0.1:${port}/hook`, secret: 's' },
        delivery,
        { allowPrivate: true, timeoutMs: 5000 },
      );
      expect(outcome).toEqual({ ok: true, statusCode: 200 });
      expect(Date.now() - started).toBeLessThan(4000);
      await until(
        'the connection to be closed',
        () => closed,
        (c) => c,
      );
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('deliveries', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function appWithJobs(env: Record<string, string> = {}) {
    app = await appRunningJobs(t, env);
    return app;
  }

  it('signs each delivery, retries after a failing receiver and lists the delivery with its status', async () => {
    await withReceiver([500, 503], async (hook) => {
      const a = await appWithJobs();
      const olivia = await loginAs(a, OLIVIA);
      const max = await loginAs(a, MAX);
      const saved = await putWebhook(a, olivia, hook.url);
      expect(saved.statusCode).toBe(200);
      const { secret } = saved.json().data as { url: string; secret: string };
      expect(secret).toMatch(/^whsec_/);
      // the secret is answered once: kept encrypted, never listed
      expect(
        JSON.stringify(await queryRows(t.tdb.database, sql`SELECT * FROM webhooks`)),
      ).not.toContain(secret);

      await completeSetup(a, olivia, GUILD_A, { group_id: GROUP });
      const verify = await verifyAs(a, max, GUILD_A, await linkedAccountId(a, max, PETE));
      expect(verify.statusCode).toBe(200);

      await until(
        'three attempts to reach the receiver',
        () => hook.got.length,
        (n) => n >= 3,
        {
          timeoutMs: 30_000,
          everyMs: 100,
        },
      );
      // the same delivery each time, each attempt signed afresh and accepted by the receiver's check
      const ids = new Set(hook.got.map((g) => g.headers['x-roconnect-delivery']));
      expect(ids.size).toBe(1);
      for (const g of hook.got) {
        expect(receiverAccepts(secret, g.headers, g.body)).toBe(true);
        expect(receiverAccepts('whsec_someone-else', g.headers, g.body)).toBe(false);
        expect(receiverAccepts(secret, g.headers, g.body.replace('PlainPete', 'OtherName'))).toBe(
          false,
        );
        expect(g.headers['x-roconnect-event']).toBe('member.verified');
      }
      const payload = JSON.parse(hook.got[2]!.body);
      expect(payload).toEqual({
        id: [...ids][0],
        event: 'member.verified',
        created_at: expect.any(String),
        server_id: GUILD_A,
        data: {
          member: { discord_id: MAX, username: 'member_max' },
          roblox: { roblox_id: PETE, username: 'PlainPete' },
          roles_added: ['Verified', 'Member'],
          roles_removed: [],
          nickname: expect.any(String),
        },
      });

      const listed = await until(
        'the delivery to be marked delivered',
        async () => (await callAs(a, olivia, 'GET', `${webhookUrl}/deliveries`)).json().data,
        (d) => d.deliveries[0]?.status === 'delivered',
      );
      expect(listed.webhook).toEqual({ url: hook.url, created_at: expect.any(String) });
      expect(listed.deliveries).toEqual([
        {
          id: [...ids][0],
          event: 'member.verified',
          status: 'delivered',
          attempts: 3,
          response_status: 200,
          error: null,
          created_at: expect.any(String),
          finished_at: expect.any(String),
        },
      ]);
      expect(JSON.stringify(listed)).not.toContain(secret);
      // once delivered, the body (which names the member) is not kept
      const [row] = await queryRows<{ body: string | null }>(
        t.tdb.database,
        sql`SELECT body FROM webhook_deliveries`,
      );
      expect(row!.body).toBeNull();
    });
  });

  it('a member who keeps their account private in the server is sent without it', async () => {
    await withReceiver([], async (hook) => {
      const a = await appWithJobs();
      const olivia = await loginAs(a, OLIVIA);
      const max = await loginAs(a, MAX);
      const { secret } = (await putWebhook(a, olivia, hook.url)).json().data;
      await completeSetup(a, olivia, GUILD_A, { group_id: GROUP });
      await t.tdb.database.db.execute(
        sql`INSERT INTO privacy_consents (user_id, guild_id, visible) SELECT id, ${GUILD_A}, false FROM users WHERE discord_id = ${MAX}`,
      );
      await verifyAs(a, max, GUILD_A, await linkedAccountId(a, max, PETE));
      await until(
        'the delivery',
        () => hook.got.length,
        (n) => n >= 1,
        { timeoutMs: 20_000, everyMs: 100 },
      );
      expect(receiverAccepts(secret, hook.got[0]!.headers, hook.got[0]!.body)).toBe(true);
      const payload = JSON.parse(hook.got[0]!.body);
      expect(payload.data.roblox).toBeNull();
      expect(hook.got[0]!.body).not.toContain('PlainPete');
      // no value is the account's id (the random delivery id may hold its digits)
      expect(leafValues(payload)).not.toContain(PETE);
    });
  });

  it('an update through the developer API and an unlink are sent as member.updated and member.unlinked', async () => {
    await withReceiver([], async (hook) => {
      const a = await appWithJobs();
      const olivia = await loginAs(a, OLIVIA);
      const max = await loginAs(a, MAX);
      await putWebhook(a, olivia, hook.url);
      await completeSetup(a, olivia, GUILD_A, { group_id: GROUP });
      const accountId = await linkedAccountId(a, max, PETE);
      await verifyAs(a, max, GUILD_A, accountId);
      // staff took the Verified role away in Discord; a game asks RoConnect to update Max
      const guild = t.world.guilds.get(GUILD_A)!;
      const verified = guild.roles.find((r) => r.name === 'Verified')!;
      const member = guild.members.get(MAX)!;
      member.roles = member.roles.filter((id) => id !== verified.id);
      const { key } = (
        await callAs(a, olivia, 'POST', `/api/v1/server/${GUILD_A}/api-keys`, { name: 'game' })
      ).json().data;
      const update = await a.inject({
        method: 'POST',
        url: `/api/public/v1/servers/${GUILD_A}/members/${MAX}/update`,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(update.statusCode).toBe(200);
      const unlink = await callAs(
        a,
        max,
        'DELETE',
        `/api/v1/dashboard/user/linked-account/${accountId}?remove_roles=true`,
      );
      expect(unlink.statusCode).toBe(200);

      await until(
        'three deliveries',
        () => hook.got.length,
        (n) => n >= 3,
        { timeoutMs: 20_000, everyMs: 100 },
      );
      const sent = hook.got.map((g) => JSON.parse(g.body));
      expect(sent.map((p) => p.event).sort()).toEqual([
        'member.unlinked',
        'member.updated',
        'member.verified',
      ]);
      const updated = sent.find((p) => p.event === 'member.updated')!;
      expect(updated.data).toMatchObject({
        member: { discord_id: MAX },
        roles_added: ['Verified'],
      });
      const unlinked = sent.find((p) => p.event === 'member.unlinked')!;
      expect(unlinked.data.member.discord_id).toBe(MAX);
      expect(unlinked.data.roles_removed).toEqual(expect.arrayContaining(['Verified']));
    });
  });

  it("a trickling endpoint holds one slot for its deadline and never another server's delivery", async () => {
    const tarpit = await trickler();
    const hook = await receiver([]);
    try {
      const a = await appWithJobs({ WEBHOOK_TIMEOUT_SECONDS: '3' });
      const { db, settings } = a.ctx;
      await setWebhook(db, settings.encryptionKey, GUILD_A, tarpit.url);
      await setWebhook(db, settings.encryptionKey, GUILD_C, hook.url);
      const cleanup = (discordId: string) => ({
        member: { discordId, username: 'member' },
        account: { robloxId: PETE, username: 'PlainPete' },
        rolesRemoved: [],
        nicknameReset: false,
        warnings: [],
      });
      // server A's endpoint is the tarpit, and A has four deliveries queued first
      for (const id of ['1', '2', '3', '4']) announceUnlinkCleanup(db, GUILD_A, cleanup(id));
      await until(
        'an attempt held by the tarpit',
        () => tarpit.requests.length,
        (n) => n >= 1,
      );
      const queuedAt = Date.now();
      announceUnlinkCleanup(db, GUILD_C, cleanup('5'));
      // server C's delivery arrives while A's attempt is still being trickled, within the deadline
      await until(
        'server C’s delivery',
        () => hook.got.length,
        (n) => n === 1,
        {
          timeoutMs: 3000,
        },
      );
      expect(Date.now() - queuedAt).toBeLessThan(3000);
      expect(tarpit.open()).toBe(1);
      // the attempt against A ends at the deadline, failed, and is tried again later
      const first = tarpit.requests[0]!;
      await until(
        'the first tarpit attempt to end',
        () => first.closedAt,
        (c) => c !== null,
        {
          timeoutMs: 6000,
        },
      );
      // the deadline counts from before the connection, so the endpoint sees a little less of it
      expect(first.closedAt! - first.at).toBeGreaterThanOrEqual(2000);
      expect(first.closedAt! - first.at).toBeLessThan(4500);
      const failed = await until(
        'the attempt recorded',
        () =>
          queryRows<{ attempts: number; last_error: string }>(
            t.tdb.database,
            sql`SELECT attempts, last_error FROM webhook_deliveries WHERE guild_id = ${GUILD_A} AND attempts > 0`,
          ),
        (rows) => rows.length >= 1,
      );
      expect(failed[0]).toEqual({
        attempts: 1,
        last_error: 'The endpoint did not answer within 3 s.',
      });
      // one of A's deliveries in flight at a time, whatever else is queued for A
      expect(
        tarpit.requests.every(
          (r, i) => i === 0 || r.at >= (tarpit.requests[i - 1]!.closedAt ?? Infinity) - 50,
        ),
      ).toBe(true);
    } finally {
      await app?.close();
      app = undefined;
      await tarpit.close();
      await hook.close();
    }
  });

  it('a new save answers a new secret, and null removes the webhook', async () => {
    const olivia = await loginAs(t.app, OLIVIA);
    await t.restartWith(testSettings({ ALLOW_PRIVATE_WEBHOOKS: 'true' }));
    const first = (await putWebhook(t.app, olivia, 'http://127.0.0.1:9/a')).json().data;
    const second = (await putWebhook(t.app, olivia, 'http://127.0.0.1:9/a')).json().data;
    expect(first.secret).not.toBe(second.secret);
    const removed = await putWebhook(t.app, olivia, null);
    expect(removed.json().data).toEqual({ url: null, secret: null });
    const listed = (await callAs(t.app, olivia, 'GET', `${webhookUrl}/deliveries`)).json().data;
    expect(listed).toEqual({ webhook: null, deliveries: [] });
    const max = await loginAs(t.app, MAX);
    expect((await putWebhook(t.app, max, 'http://127.0.0.1:9/a')).statusCode).toBe(403);
  });
});
