/** @jest-environment node */
// `npm start -w @roconnect/shell` runs dist-server/server.mjs, the server as the build bundles it.
// Here it runs from a copy of the workspace alone (package.json, dist-server/, a minimal dist/),
// installed with `npm install --omit=dev`: nothing from the repository's other folders or its root
// node_modules, which is what a deploy has.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildShellServer, close, listen, request } from './serverTestHttp';

/** A port free on 127.0.0.1 right now, for the server the test starts. */
async function freePort(): Promise<number> {
  const probe = http.createServer();
  const port = await listen(probe);
  await close(probe);
  return port;
}

const SHELL_DIR = path.join(__dirname, '..');
const ROOT_LOCK = path.join(SHELL_DIR, '..', 'package-lock.json');
const pkg = JSON.parse(fs.readFileSync(path.join(SHELL_DIR, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
};

/** The built server (scripts/build-server.mjs), written once for this file's tests. */
let builtServer: string;
beforeAll(() => {
  builtServer = buildShellServer();
});
afterAll(() => fs.rmSync(builtServer, { force: true }));

/** What the built server imports: the specifiers of its top-level import statements. */
function importedSpecifiers(): string[] {
  const code = fs.readFileSync(builtServer, 'utf8');
  return [...code.matchAll(/^import\s[^"']*?from\s+["']([^"']+)["']/gm)].map(([, spec]) => spec!);
}

/** The packages the built server imports by name (not Node's own). */
function importedPackages(): string[] {
  const names = new Set<string>();
  for (const spec of importedSpecifiers()) {
    if (spec.startsWith('node:')) continue;
    const parts = spec.split('/');
    names.add(spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
  }
  return [...names].sort();
}

describe("the shell server's own dependencies (shell/package.json)", () => {
  it('are every package the built server imports, and nothing else', () => {
    expect(importedPackages().length).toBeGreaterThan(0);
    expect(Object.keys(pkg.dependencies).sort()).toEqual(importedPackages());
  });

  it("are exact versions, the ones the repository's lock installs", () => {
    const lock = JSON.parse(fs.readFileSync(ROOT_LOCK, 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    for (const [name, version] of Object.entries(pkg.dependencies))
      expect({ name, version }).toEqual({
        name,
        version: lock.packages[`node_modules/${name}`]?.version,
      });
  });

  it('the built server is one file: it imports no file of its own or of the repository', () => {
    expect(
      importedSpecifiers().filter((spec) => spec.startsWith('.') || spec.startsWith('/')),
    ).toEqual([]);
  });
});

describe('npm start from a clean install of the workspace alone', () => {
  let tmp: string;
  let copy: string;
  let child: ChildProcess | undefined;
  let api: http.Server;
  let apiPort: number;
  const seen: { url: string; forwardedFor: unknown }[] = [];

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-shell-alone-'));
    copy = path.join(tmp, 'shell');
    fs.mkdirSync(path.join(copy, 'dist'), { recursive: true });
    fs.copyFileSync(path.join(SHELL_DIR, 'package.json'), path.join(copy, 'package.json'));
    fs.mkdirSync(path.join(copy, 'dist-server'));
    fs.copyFileSync(builtServer, path.join(copy, 'dist-server', 'server.mjs'));
    fs.writeFileSync(
      path.join(copy, 'dist', 'index.html'),
      '<!doctype html><html><head><title>RoConnect alone</title></head><body><div id=root></div></body></html>',
    );
    fs.writeFileSync(path.join(copy, 'dist', 'remotes.json'), '{}');
    fs.writeFileSync(path.join(copy, 'dist', 'config.json'), '{"apiBaseUrl":"/_api"}');
    api = http.createServer((req, res) => {
      seen.push({ url: req.url ?? '', forwardedFor: req.headers['x-forwarded-for'] });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ success: true, data: { from: 'api', url: req.url } }));
    });
    apiPort = await listen(api);
  });
  afterAll(async () => {
    // the npm process and the server it started are one process group (detached below)
    if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await close(api);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Only what a deploy would have: no npm settings or module paths of the repository's run. */
  const cleanEnv = () => ({
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.homedir(),
    ...(process.env.npm_config_cache ? { npm_config_cache: process.env.npm_config_cache } : {}),
  });

  it('installs with --omit=dev, serves the page and passes /_api to the API', async () => {
    const install = spawnSync(
      'npm',
      ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'],
      { cwd: copy, env: cleanEnv(), encoding: 'utf8', timeout: 120_000 },
    );
    if (install.status !== 0) throw new Error(`npm install failed:\n${install.stderr}`);
    // the server's packages come from the copy's own node_modules, nowhere else
    for (const name of Object.keys(pkg.dependencies))
      expect(require.resolve(`${name}/package.json`, { paths: [copy] })).toBe(
        path.join(copy, 'node_modules', name, 'package.json'),
      );
    expect(fs.existsSync(path.join(copy, 'node_modules', 'react'))).toBe(false);

    // a TRUST_PROXY the server cannot read stops it at once, naming the setting
    const refused = spawnSync(process.execPath, ['dist-server/server.mjs'], {
      cwd: copy,
      env: { ...cleanEnv(), TRUST_PROXY: 'the-ingress' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('TRUST_PROXY must be true, false or');

    const port = await freePort();
    child = spawn('npm', ['start'], {
      cwd: copy,
      env: {
        ...cleanEnv(),
        PORT: String(port),
        API_UPSTREAM: `http://127.0.0.1:${apiPort}`,
        TRUST_PROXY: 'loopback',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes(`RoConnect shell at http://localhost:${port}/`)) return resolve();
        if (child!.exitCode !== null) reject(new Error(`npm start exited:\n${output}`));
      };
      child!.stdout!.on('data', check);
      child!.once('exit', check);
    });

    const page = await request(port, '/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>RoConnect alone</title>');

    const proxied = await request(port, '/_api/api/v1/dashboard/user/servers', {
      headers: { 'x-forwarded-for': '198.51.100.4' },
    });
    expect(proxied.status).toBe(200);
    expect(JSON.parse(proxied.text)).toEqual({
      success: true,
      data: { from: 'api', url: '/api/v1/dashboard/user/servers' },
    });
    expect((await request(port, '/_api/metrics')).status).toBe(404);
    // TRUST_PROXY=loopback: the test stands for the ingress, and the API is told its client
    expect(seen.find((call) => call.url === '/api/v1/dashboard/user/servers')).toEqual({
      url: '/api/v1/dashboard/user/servers',
      forwardedFor: '198.51.100.4',
    });
    expect(seen.map((call) => call.url)).not.toContain('/metrics');
  }, 150_000);
});
