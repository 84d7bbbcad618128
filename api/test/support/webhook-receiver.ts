import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { testSettings } from './app';
import { createFakeIntegrations } from './fake-integrations';
import type { FakeApp } from './harness';

/** A receiver on this machine answering `statuses` in turn (then 200), keeping what it got. */
export async function receiver(statuses: number[]) {
  const got: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = statuses[got.length - 1] ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    got,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A receiver (as `receiver(statuses)`) for the length of `use`, closed after it however it ends. */
export async function withReceiver<T>(
  statuses: number[],
  use: (hook: Awaited<ReturnType<typeof receiver>>) => Promise<T>,
): Promise<T> {
  const hook = await receiver(statuses);
  try {
    return await use(hook);
  } finally {
    await hook.close();
  }
}

/**
 * The receiver's check, as a developer would write it from the docs: HMAC-SHA256 of
 * `${timestamp}.${body}` under the secret, hex, after `v1=`, compared in constant time.
 */
export function receiverAccepts(
  secret: string,
  headers: IncomingHttpHeaders,
  body: string,
): boolean {
  const timestamp = String(headers['x-roconnect-timestamp']);
  const given = String(headers['x-roconnect-signature']);
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300)
    return false;
  const expected =
    'v1=' +
    createHmac('sha256', secret)
      .update(timestamp + '.' + body)
      .digest('hex');
  return (
    given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  );
}

/**
 * The test's app again, this time running its jobs (deliveries are jobs), with private webhooks
 * allowed (the receiver is on this machine) and retries a second apart. Close it after the test.
 */
export async function appRunningJobs(
  t: FakeApp,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  await t.app.close();
  const app = await buildApp({
    settings: testSettings({
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
      ...env,
    }),
    integrations: createFakeIntegrations(t.world),
    database: t.tdb.database,
    logger: false,
    jobs: true,
  });
  await app.ready();
  return app;
}
