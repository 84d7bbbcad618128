/** @jest-environment node */
// The deployables' Dockerfiles and compose.yaml (docs/production.md › Containers). No base image can be pulled on this
// project's machines, so each Dockerfile's own steps run in a clean folder
// (scripts/lib/dockerfile.mjs: COPY from the repository through .dockerignore, RUN, ENV, WORKDIR,
// USER, CMD, HEALTHCHECK) and the piece must then serve. One build session for the file: the
// stage every Dockerfile opens with (npm ci of the workspace) is installed once, as Docker's build
// cache would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { loadSettings } from '../../api/src/config';

interface Image {
  label: string;
  rootfs: string;
  workdir: string;
  env: Record<string, string>;
  expose: number[];
  cmd: string[];
  user: { uid: number; gid: number };
  healthcheck: { command: string[] } | null;
}
interface Exit {
  code: number | null;
  signal: string | null;
}
interface Container {
  rootfs: string;
  exited: Promise<Exit>;
  output(): string;
  healthcheck(): Promise<Exit & { output: string }>;
  stop(graceMs?: number): Promise<Exit>;
}
interface Session {
  dir: string;
  dispose(): void;
}
interface Build {
  dockerfile: string;
  context: string;
  buildArgs?: Record<string, string>;
}
interface DockerfileModule {
  createSession(options?: { log?: (text: string) => void }): Session;
  buildImage(session: Session, build: Build): Promise<Image>;
  startContainer(
    session: Session,
    image: Image,
    options?: { env?: Record<string, string> },
  ): Container;
  parseDockerfile(text: string, file?: string): { stages: { name?: string; from: string }[] };
  dockerignoreMatcher(text: string): (relative: string) => boolean;
}

const ROOT = path.resolve(__dirname, '../..');
// plain Node ESM, no types (as ensureDependencies.test.ts loads scripts/lib/ensure.mjs)
const DOCKERFILE = '../../scripts/lib/dockerfile.mjs';
const FREE_PORT = '../../scripts/lib/freePort.mjs';
const REMOTES = {
  'mfe-public': 'mfe_public',
  'mfe-accounts': 'mfe_accounts',
  'mfe-servers': 'mfe_servers',
  'mfe-setup': 'mfe_setup',
} as const;
// the whole file: one npm ci of the workspace, five builds (measured: about 3 minutes on 2 cores)
const BUILD_MS = 15 * 60_000;

let docker: DockerfileModule;
let freePort: () => Promise<number>;
let session: Session;
const running: Container[] = [];
const built = new Map<string, Promise<Image>>();

beforeAll(async () => {
  docker = (await import(DOCKERFILE)) as DockerfileModule;
  ({ freePort } = (await import(FREE_PORT)) as {
    freePort: () => Promise<number>;
  });
  session = docker.createSession({
    log: process.env.DOCKERFILE_TEST_LOG ? (text) => process.stderr.write(text) : undefined,
  });
});

afterAll(async () => {
  await Promise.all(running.map((c) => c.stop(2_000)));
  session?.dispose();
});

/** The image of `dockerfile` (repository-relative), built once per build arguments. */
function image(dockerfile: string, buildArgs: Record<string, string> = {}): Promise<Image> {
  const key = `${dockerfile} ${JSON.stringify(buildArgs)}`;
  if (!built.has(key))
    built.set(
      key,
      docker.buildImage(session, {
        dockerfile: path.join(ROOT, dockerfile),
        context: ROOT,
        buildArgs,
      }),
    );
  return built.get(key)!;
}

function start(img: Image, env: Record<string, string>): Container {
  const container = docker.startContainer(session, img, { env });
  running.push(container);
  return container;
}

/** The first answer of `url` below 500, polled until `limitMs`; fails at once if the container exits. */
async function serving(container: Container, url: string, limitMs = 120_000): Promise<Response> {
  let exit: Exit | undefined;
  void container.exited.then((e) => (exit = e));
  const giveUpAt = Date.now() + limitMs;
  let last = 'no answer';
  while (Date.now() < giveUpAt) {
    if (exit)
      throw new Error(
        `the container exited (${exit.code ?? exit.signal}) before ${url} answered:\n${container.output()}`,
      );
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.status < 500) return response;
      last = `status ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${limitMs} ms (${last}):\n${container.output()}`);
}

/** HEALTHCHECK's own command passes, and the container stops on `docker stop`'s signal with 0. */
async function healthyThenStopsCleanly(container: Container) {
  const health = await container.healthcheck();
  expect({ code: health.code, output: health.output }).toEqual({ code: 0, output: '' });
  expect(await container.stop()).toEqual({ code: 0, signal: null });
}

/** The API's production settings (nothing of the emulator's: production refuses its key). */
const apiProductionEnv = () => ({
  JWT_SECRET: 'a-test-secret-of-at-least-32-characters!!',
  TOKEN_ENCRYPTION_KEY: '11'.repeat(32),
  DISCORD_CLIENT_ID: '200000000000000002',
  DISCORD_CLIENT_SECRET: 'test-discord-secret',
  DISCORD_BOT_TOKEN: 'test-bot-token',
  DISCORD_PUBLIC_KEY: '22'.repeat(32),
  METRICS_PORT: 'off',
});

describe('scripts/lib/dockerfile.mjs', () => {
  it('reads stages and continued lines, and refuses what it cannot run, naming the line', () => {
    const parsed = docker.parseDockerfile(
      '# syntax=docker/dockerfile:1\nFROM node:20-bookworm-slim AS deps\nRUN echo a \\\n  # dropped\n  b\nFROM deps\n',
    );
    expect(parsed.stages.map((s) => [s.from, s.name])).toEqual([
      ['node:20-bookworm-slim', 'deps'],
      ['deps', undefined],
    ]);
    expect(() => docker.parseDockerfile('FROM node:20\nADD x.tar /', 'x/Dockerfile')).toThrow(
      'x/Dockerfile:2: ADD is not an instruction this test can run',
    );
  });

  it('lets .dockerignore keep installed and built files out of the context', () => {
    const ignored = docker.dockerignoreMatcher(
      fs.readFileSync(path.join(ROOT, '.dockerignore'), 'utf8'),
    );
    for (const p of [
      'node_modules',
      'api/node_modules/pg/index.js',
      'shell/dist/main.js',
      'shell/dist-server/server.mjs',
      'api/.data/secrets.json',
      '.git/HEAD',
      'deploy/compose/production.env',
    ])
      expect([p, ignored(p)]).toEqual([p, true]);
    for (const p of [
      'package.json',
      'api/src/main.ts',
      'shell/server/server.ts',
      'emulator/seeds/demo.json',
    ])
      expect([p, ignored(p)]).toEqual([p, false]);
    expect(docker.dockerignoreMatcher('**/dist\n!keep/dist')('keep/dist/a.js')).toBe(false);
  });

  it("stands for a later Node major pinned by digest (the images' 22) with this machine's, never an earlier one", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dockerfile-major-'));
    const machine = Number(process.versions.node.split('.')[0]);
    const digest = `sha256:${'0'.repeat(64)}`;
    try {
      fs.writeFileSync(
        path.join(dir, 'Dockerfile'),
        `FROM node:${machine + 2}-bookworm-slim@${digest}\nRUN node -e "require('fs').writeFileSync('built', 'yes')"\n`,
      );
      const later = await docker.buildImage(session, {
        dockerfile: path.join(dir, 'Dockerfile'),
        context: dir,
      });
      expect(fs.readFileSync(path.join(later.rootfs, later.workdir, 'built'), 'utf8')).toBe('yes');
      fs.writeFileSync(path.join(dir, 'Dockerfile'), `FROM node:${machine - 2}-bookworm-slim\n`);
      await expect(
        docker.buildImage(session, { dockerfile: path.join(dir, 'Dockerfile'), context: dir }),
      ).rejects.toThrow(
        `this machine runs Node ${machine}, so it cannot stand for Node ${machine - 2}`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an absolute path in RUN: the image is a folder here', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dockerfile-abs-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'Dockerfile'),
        'FROM node:20-bookworm-slim\nRUN mkdir /data\n',
      );
      await expect(
        docker.buildImage(session, { dockerfile: path.join(dir, 'Dockerfile'), context: dir }),
      ).rejects.toThrow('Dockerfile:2: RUN names the absolute path /data');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Every Dockerfile in the repository (installs, builds and git's own files aside). */
function findDockerfiles(dir = ROOT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return ['node_modules', '.git', 'dist', 'dist-server'].includes(entry.name)
        ? []
        : findDockerfiles(path.join(dir, entry.name));
    return /(^|\.)Dockerfile$/.test(entry.name)
      ? [path.relative(ROOT, path.join(dir, entry.name))]
      : [];
  });
}

/** Node 22 LTS or later (docs/production.md › Containers). */
const LOWEST_NODE_MAJOR = 22;

/**
 * What is wrong with each base image of a Dockerfile (`FROM` of anything but an earlier stage):
 * not an official node image, below Node 22, or not pinned by its digest.
 */
function baseProblems(text: string, file: string): string[] {
  const stages: string[] = [];
  const problems: string[] = [];
  for (const stage of docker.parseDockerfile(text, file).stages) {
    const base = stage.from;
    if (!stages.includes(base.toLowerCase())) {
      const m = /^node:(\d+)-[a-z0-9.-]+(@sha256:[0-9a-f]{64})?$/.exec(base);
      if (!m) problems.push(`${file}: FROM ${base} is not node:<major>-<variant>@sha256:<digest>`);
      else {
        if (Number(m[1]) < LOWEST_NODE_MAJOR)
          problems.push(`${file}: FROM ${base} runs Node ${m[1]}, below ${LOWEST_NODE_MAJOR}`);
        if (!m[2]) problems.push(`${file}: FROM ${base} is not pinned by digest`);
      }
    }
    if (stage.name) stages.push(stage.name);
  }
  return problems;
}

describe("every Dockerfile's base image", () => {
  it('is a supported Node LTS (22 or later) pinned by digest, the same in every image', () => {
    const files = findDockerfiles();
    expect(files).toEqual(
      expect.arrayContaining([
        'api/Dockerfile',
        'shell/Dockerfile',
        'emulator/Dockerfile',
        'deploy/remote-static/Dockerfile',
      ]),
    );
    const bases = new Set<string>();
    for (const file of files) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      expect(baseProblems(text, file)).toEqual([]);
      const { stages } = docker.parseDockerfile(text, file);
      for (const stage of stages) if (stage.from.startsWith('node:')) bases.add(stage.from);
    }
    // one base: the shared deps stage is then one build cache, and a refresh changes them all
    expect(bases.size).toBe(1);
  });

  it('names an unpinned base, an end-of-life Node and an image that is not node', () => {
    const digest = `sha256:${'a'.repeat(64)}`;
    expect(
      baseProblems(
        [
          'FROM node:22-bookworm-slim AS deps',
          'FROM deps AS build',
          `FROM node:20-bookworm-slim@${digest}`,
          `FROM alpine@${digest}`,
          `FROM node:24-bookworm-slim@${digest}`,
        ].join('\n'),
        'x/Dockerfile',
      ),
    ).toEqual([
      'x/Dockerfile: FROM node:22-bookworm-slim is not pinned by digest',
      `x/Dockerfile: FROM node:20-bookworm-slim@${digest} runs Node 20, below 22`,
      `x/Dockerfile: FROM alpine@${digest} is not node:<major>-<variant>@sha256:<digest>`,
    ]);
  });
});

describe('each Dockerfile, run in a clean folder, serves', () => {
  let apiPort: number;
  let apiContainer: Container | undefined;

  it(
    'api/Dockerfile: the API answers /api/health on PGlite as the node user, and refuses to start without its production settings',
    async () => {
      const api = await image('api/Dockerfile');
      expect(api.env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', PORT: '3000' });
      expect(api.expose).toEqual([3000]);
      expect(api.user.uid).toBe(1000);

      const bare = start(api, { PORT: String(await freePort()), METRICS_PORT: 'off' });
      expect((await bare.exited).code).toBe(1);
      expect(bare.output()).toContain('JWT_SECRET is not set');

      apiPort = await freePort();
      apiContainer = start(api, {
        ...apiProductionEnv(),
        PORT: String(apiPort),
        TRUST_PROXY: 'loopback',
      });
      const health = await serving(apiContainer, `http://127.0.0.1:${apiPort}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ data: { database: 'ok' } });
      // PGlite's files in the image's data folder, written by the node user
      const data = path.join(apiContainer.rootfs, api.workdir, '.data', 'pglite');
      expect(fs.statSync(data).uid).toBe(1000);
      // stays up for the shell's test below, which passes /_api to it
    },
    BUILD_MS,
  );

  it(
    'shell/Dockerfile: the shell server answers a page and passes /_api to the API',
    async () => {
      const shell = await image('shell/Dockerfile');
      expect(shell.expose).toEqual([Number(shell.env.PORT)]);
      const port = await freePort();
      const container = start(shell, {
        PORT: String(port),
        API_UPSTREAM: `http://127.0.0.1:${apiPort ?? 9}`,
      });
      const page = await serving(container, `http://127.0.0.1:${port}/login`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.headers.get('content-security-policy')).toContain("'nonce-");
      expect(await page.text()).toContain('<script');
      const remotes = await (await fetch(`http://127.0.0.1:${port}/remotes.json`)).json();
      expect(Object.keys(remotes).sort()).toEqual(Object.values(REMOTES).sort());
      const health = await fetch(`http://127.0.0.1:${port}/_api/api/health`);
      expect(health.status).toBe(200);
      await healthyThenStopsCleanly(container);
    },
    BUILD_MS,
  );

  it.each(Object.entries(REMOTES))(
    'deploy/remote-static/Dockerfile with REMOTE=%s: its mf-manifest.json and remoteEntry.js, with CORS',
    async (remote, federationName) => {
      const img = await image('deploy/remote-static/Dockerfile', { REMOTE: remote });
      expect(img.expose).toEqual([Number(img.env.PORT)]);
      const port = await freePort();
      const container = start(img, { PORT: String(port) });
      const manifest = await serving(container, `http://127.0.0.1:${port}/mf-manifest.json`);
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
      expect(await manifest.json()).toMatchObject({ name: federationName });
      const entry = await fetch(`http://127.0.0.1:${port}/remoteEntry.js`);
      expect(entry.status).toBe(200);
      expect(entry.headers.get('cache-control')).toContain('no-cache');
      expect(await entry.text()).toContain(federationName);
      await healthyThenStopsCleanly(container);
    },
    BUILD_MS,
  );

  it(
    'emulator/Dockerfile: the emulator answers its state and Discord routes',
    async () => {
      const emulator = await image('emulator/Dockerfile');
      expect(emulator.expose).toEqual([Number(emulator.env.EMULATOR_PORT)]);
      const port = await freePort();
      const container = start(emulator, { EMULATOR_PORT: String(port) });
      const state = await serving(container, `http://127.0.0.1:${port}/__emulator/state`);
      expect(state.status).toBe(200);
      const key = await fetch(`http://127.0.0.1:${port}/__emulator/interactions/public-key`);
      expect(await key.json()).toEqual({ public_key: expect.stringMatching(/^[0-9a-f]{64}$/) });
      await healthyThenStopsCleanly(container);
    },
    BUILD_MS,
  );

  it('api/Dockerfile: the HEALTHCHECK passes and SIGTERM stops the API with 0', async () => {
    expect(apiContainer).toBeDefined();
    await healthyThenStopsCleanly(apiContainer!);
  });
});

describe('a wrong Dockerfile fails the test', () => {
  /** A copy of `dockerfile` with `line` removed, built from the repository. */
  async function without(dockerfile: string, line: string) {
    const text = fs.readFileSync(path.join(ROOT, dockerfile), 'utf8');
    expect(text).toContain(`${line}\n`);
    const file = path.join(
      session.dir,
      `${path.basename(path.dirname(dockerfile))}.broken.Dockerfile`,
    );
    fs.writeFileSync(file, text.replace(`${line}\n`, ''));
    return docker.buildImage(session, { dockerfile: file, context: ROOT });
  }

  it(
    'a missing COPY of the sources fails the build, naming the RUN that failed',
    async () => {
      await expect(
        without('emulator/Dockerfile', 'COPY emulator/src emulator/src'),
      ).rejects.toThrow(
        /Dockerfile:\d+: RUN npx esbuild emulator\/src\/main\.ts .* failed \(exit 1\)/,
      );
    },
    BUILD_MS,
  );

  it(
    'a missing COPY of what the program reads at start fails it before it serves',
    async () => {
      const broken = await without('emulator/Dockerfile', 'COPY emulator/seeds emulator/seeds');
      const port = await freePort();
      const container = start(broken, { EMULATOR_PORT: String(port) });
      await expect(serving(container, `http://127.0.0.1:${port}/__emulator/state`)).rejects.toThrow(
        /the container exited \(1\) before .* answered:[\s\S]*seeds\/demo\.json/,
      );
    },
    BUILD_MS,
  );

  it(
    'a REMOTE that is not a remote fails the build, naming the argument',
    async () => {
      await expect(image('deploy/remote-static/Dockerfile', { REMOTE: 'shell' })).rejects.toThrow(
        '--build-arg REMOTE must name a remote',
      );
    },
    BUILD_MS,
  );
});

// ---------------------------------------------------------------------------------------------
// compose.yaml: what `docker compose config` would make of it, and what the API makes of that.

type Env = Record<string, string | undefined>;
interface ComposeService {
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  profiles?: string[];
  ports?: string[];
  deploy?: { replicas?: number };
  networks?: string[];
  security_opt?: string[];
  cap_drop?: string[];
}

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, $$. */
function interpolate(value: unknown, env: Env, missing: string[]): unknown {
  if (typeof value === 'string')
    return value.replace(
      /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g,
      (match, name: string, op: string | undefined, word: string) => {
        if (match === '$$') return '$';
        const v = env[name];
        const empty = v === undefined || (op?.startsWith(':') && v === '');
        if (op?.endsWith('?') && empty) {
          missing.push(`${name}: ${word}`);
          return '';
        }
        if (op?.endsWith('-') && empty) return word;
        return v ?? '';
      },
    );
  if (Array.isArray(value)) return value.map((v) => interpolate(v, env, missing));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, interpolate(v, env, missing)]),
    );
  return value;
}

function readEnvFile(file: string): Env {
  const env: Env = {};
  for (const line of fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n')) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) env[m[1]!] = m[2];
  }
  return env;
}

function composeWith(env: Env) {
  const missing: string[] = [];
  const doc = interpolate(
    YAML.parse(fs.readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8'), { merge: true }),
    env,
    missing,
  ) as {
    services: Record<string, ComposeService> & Record<'api' | 'shell', ComposeService>;
    networks?: Record<string, { ipam?: { config?: { subnet?: string }[] } } | null>;
  };
  return { services: doc.services, networks: doc.networks ?? {}, missing };
}

describe('compose.yaml', () => {
  it('builds every service from a Dockerfile this file proves, the four remotes on the ports remotes.json names', () => {
    const { services } = composeWith(readEnvFile('deploy/compose/emulator.env'));
    const builds = Object.fromEntries(
      Object.entries(services)
        .filter(([, s]) => s.build)
        .map(([name, s]) => [name, [s.build!.dockerfile, s.build!.args?.REMOTE]]),
    );
    expect(builds).toEqual({
      api: ['api/Dockerfile', undefined],
      shell: ['shell/Dockerfile', undefined],
      emulator: ['emulator/Dockerfile', undefined],
      ...Object.fromEntries(
        Object.keys(REMOTES).map((r) => [r, ['deploy/remote-static/Dockerfile', r]]),
      ),
    });
    const remotesJson = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'shell/public/remotes.json'), 'utf8'),
    ) as Record<string, string>;
    for (const [remote, federationName] of Object.entries(REMOTES)) {
      const published = new URL(remotesJson[federationName] ?? 'missing:').port;
      expect([remote, services[remote]?.ports]).toEqual([remote, [`127.0.0.1:${published}:8080`]]);
    }
    expect(services.api.deploy?.replicas).toBe(2);
    expect(services.api.environment).toMatchObject({
      DATABASE_URL: expect.stringMatching(/^postgres:\/\/.*@postgres:5432\//),
      REDIS_URL: 'redis://redis:6379',
    });
    expect(services.shell.environment?.API_UPSTREAM).toBe('http://api:3000');
    expect(
      Object.entries(services)
        .filter(([, s]) => s.profiles)
        .map(([name, s]) => [name, s.profiles]),
    ).toEqual([['emulator', ['emulator']]]);
  });

  it('will not start without the production settings, naming each', () => {
    const { missing } = composeWith({});
    expect(missing.map((m) => m.split(':')[0]).sort()).toEqual(
      [
        'API_URL',
        'APP_URL',
        'DISCORD_BOT_TOKEN',
        'DISCORD_CLIENT_ID',
        'DISCORD_CLIENT_SECRET',
        'DISCORD_PUBLIC_KEY',
        'JWT_SECRET',
        'POSTGRES_PASSWORD',
        'TOKEN_ENCRYPTION_KEY',
      ].sort(),
    );
    // the template leaves each of them empty, so an unfilled copy is refused the same way
    expect(composeWith(readEnvFile('deploy/compose/production.env.example')).missing).toHaveLength(
      9,
    );
  });

  it('gives the API settings it accepts: in production the real services, with the emulator env file the emulator', () => {
    const production = composeWith({
      ...apiProductionEnv(),
      APP_URL: 'https://app.example.com',
      API_URL: 'https://app.example.com/_api',
      POSTGRES_PASSWORD: 'pw',
    });
    expect(production.missing).toEqual([]);
    const real = loadSettings(production.services.api.environment);
    expect(real.integrations.discordApiBaseUrl).toBe('https://discord.com/api');
    expect(real.redisUrl).toBe('redis://redis:6379');

    const demo = composeWith(readEnvFile('deploy/compose/emulator.env'));
    expect(demo.missing).toEqual([]);
    const emulated = loadSettings(demo.services.api.environment);
    expect(emulated.integrations).toMatchObject({
      discordApiBaseUrl: 'http://emulator:3100/api',
      discordAuthorizeUrl: 'http://localhost:3100/oauth2/authorize',
      robloxClientId: 'emulator-roblox-client',
      robloxGroupsBaseUrl: 'http://emulator:3100',
    });
    expect(emulated.apiUrl).toBe('http://localhost:8080/_api');
  });
  it('publishes only the web entry beyond this machine, trusts only the shell for client addresses, and lets no container gain privileges', () => {
    const { services, networks } = composeWith(readEnvFile('deploy/compose/emulator.env'));
    const published = Object.entries(services)
      .filter(([, s]) => s.ports)
      .map(([name, s]) => [name, s.ports!.map((p) => p.split(':').slice(0, -2).join(':'))]);
    // the shell on every interface (the address part left out); the rest on 127.0.0.1
    expect(published).toEqual(
      Object.entries(services)
        .filter(([, s]) => s.ports)
        .map(([name]) => [name, [name === 'shell' ? '' : '127.0.0.1']]),
    );
    expect(published.map(([name]) => name)).toEqual(
      expect.arrayContaining(['shell', 'mfe-public', 'emulator']),
    );
    // PUBLISH_HOST opens them wider on purpose
    const wide = composeWith({
      ...readEnvFile('deploy/compose/emulator.env'),
      PUBLISH_HOST: '0.0.0.0',
    });
    expect(wide.services['mfe-accounts']?.ports).toEqual(['0.0.0.0:3002:8080']);

    // the API takes a client address from the shell's own network alone, which only they share
    const subnet = networks['api-ingress']?.ipam?.config?.[0]?.subnet;
    expect(subnet).toMatch(/^\d+\.\d+\.\d+\.\d+\/\d+$/);
    expect(loadSettings(services.api.environment).trustProxy).toBe(subnet);
    expect(
      Object.entries(services)
        .filter(([, s]) => s.networks?.includes('api-ingress'))
        .map(([name]) => name),
    ).toEqual(['api', 'shell']);
    expect(services.shell.networks).toEqual(['api-ingress']);

    for (const [name, service] of Object.entries(services)) {
      expect([name, service.security_opt]).toEqual([name, ['no-new-privileges:true']]);
      // our images run as the node user and need no capability
      if (service.build) expect([name, service.cap_drop]).toEqual([name, ['ALL']]);
    }
  });
});
