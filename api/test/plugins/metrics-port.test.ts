/** /metrics on a port of its own (METRICS_PORT, METRICS_HOST), never on the API's public port (N6). */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadSettings } from '../../src/config';
import { PRODUCTION_ENV, testSettings } from '../support/app';
import { openTestDatabase } from '../support/db';
import { freePort, spawnApiProcess, waitForApiHealth } from '../support/api-process';

const dirs: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'roconnect-metrics-'));
  dirs.push(dir);
  return dir;
};
/**
 * A DATA_DIR whose database is already a copy of the run's migrated template, as a test file's
 * own is: the API process then skips initdb and the migrations, seconds of CPU a start.
 */
const seededDataDir = async () => {
  const dir = tmp();
  const seeded = await openTestDatabase({ pgliteDir: path.join(dir, 'pglite') });
  await seeded.cleanup();
  return dir;
};
let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('METRICS_PORT and METRICS_HOST', () => {
  it('default to 127.0.0.1, port 9464 in production and a free port elsewhere; off turns it off', () => {
    expect(testSettings().metrics).toEqual({ port: 0, host: '127.0.0.1' });
    expect(testSettings({ METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      port: 9100,
      host: '0.0.0.0',
    });
    expect(testSettings({ METRICS_PORT: 'off' }).metrics).toBeUndefined();
    const production = loadSettings({
      ...PRODUCTION_ENV,
      DATA_DIR: tmp(),
    });
    expect(production.metrics).toEqual({ port: 9464, host: '127.0.0.1' });
  });

  it('refuse anything else, naming the setting', () => {
    expect(() => testSettings({ METRICS_PORT: 'yes' })).toThrow(ConfigError);
    expect(() => testSettings({ METRICS_PORT: 'yes' })).toThrow(
      'METRICS_PORT must be off or a port number, got "yes"',
    );
    expect(() => testSettings({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => testSettings({ METRICS_HOST: 'not a host' })).toThrow(
      'METRICS_HOST must be an address or a host name, got "not a host"',
    );
  });
});

describe('the API process', () => {
  it('serves /metrics on METRICS_PORT only: its public port answers 404', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const api = `http://127.0.0.1:${port}`;
    child = spawnApiProcess(port, {
      DATA_DIR: await seededDataDir(),
      METRICS_PORT: String(metricsPort),
    });
    await waitForApiHealth(api, child, { timeoutMs: 60_000, everyMs: 200 });

    const onPublicPort = await fetch(`${api}/metrics`);
    expect(onPublicPort.status).toBe(404);
    expect(await onPublicPort.text()).not.toMatch(/http_request_duration_seconds/);

    const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    // the health checks above were counted by the API and are served here
    expect(await scrape.text()).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} [1-9]/,
    );
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
  }, 90_000);

  it('does not start when METRICS_PORT is taken, and says so', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const metricsPort = (taken.address() as net.AddressInfo).port;
    try {
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(__dirname, '../../src/main.ts')],
        {
          cwd: path.join(__dirname, '../..'),
          env: {
            PATH: process.env.PATH,
            PORT: String(await freePort()),
            HOST: '127.0.0.1',
            DATA_DIR: await seededDataDir(),
            LOG_LEVEL: 'warn',
            METRICS_PORT: String(metricsPort),
          },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(
        `Cannot serve /metrics on 127.0.0.1:${metricsPort} (METRICS_PORT, METRICS_HOST)`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 90_000);
});
