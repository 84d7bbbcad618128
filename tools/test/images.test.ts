// The images (deploy/Dockerfile) and compose.yaml, held against what the stack runs
// (docs/production.md › Containers). No Docker daemon runs on this project's machines: each image's build
// is its workspace's `npm run build`, which CI and the stack's tests run; here each target must
// copy, start and health-check what that build writes, and the API and the emulator start from
// their builds as their images and compose.yaml say.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BUILDS,
  ensureBuilt,
  freePort,
  REMOTES,
  ROOT,
  serviceDefinitions,
} from '@roconnect/tools/stack';
import { loadSettings } from '../../api/src/config';

interface Image {
  env: Record<string, string>;
  workdir: string;
  cmd: string[] | null;
  healthcheck: string[] | null;
  user: string | null;
  copies: { from: string | null; sources: string[]; dest: string; into: boolean }[];
}
interface Stage {
  name?: string;
  from: string;
}
type Env = Record<string, string | undefined>;
interface ComposeService {
  build?: { context: string; dockerfile: string; target?: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  profiles?: string[];
  ports?: string[];
  deploy?: { replicas?: number };
  networks?: string[];
  security_opt?: string[];
  cap_drop?: string[];
}
interface ImagesModule {
  readStages(text: string): Stage[];
  imageOf(stages: Stage[], name: string, args?: Record<string, string>): Image;
  baseProblems(stages: Stage[], file: string): string[];
  imageProblems(image: Image, root: string, label: string): string[];
  readEnvFile(file: string): Env;
  composeWith(
    composeFile: string,
    env: Env,
  ): {
    services: Record<string, ComposeService> & Record<'api' | 'shell', ComposeService>;
    networks: Record<string, { ipam?: { config?: { subnet?: string }[] } } | null>;
    missing: string[];
  };
}

const IMAGES = '../deploy/images.mjs';
const DOCKERFILE = 'deploy/Dockerfile';
/** federation name → folder of each remote */
const REMOTE_DIRS = Object.fromEntries(
  Object.entries(REMOTES).map(([name, { dir }]) => [dir, name]),
);
/** building the API (its bundle and empty PGlite cluster) on a loaded machine */
const BUILD_MS = 180_000;

let images: ImagesModule;
let stages: Stage[];
const dockerfileText = () => fs.readFileSync(path.join(ROOT, DOCKERFILE), 'utf8');
const compose = (env: Env) => images.composeWith(path.join(ROOT, 'compose.yaml'), env);
const envFile = (file: string) => images.readEnvFile(path.join(ROOT, file));

beforeAll(async () => {
  images = (await import(IMAGES)) as ImagesModule;
  stages = images.readStages(dockerfileText());
});

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

describe('deploy/Dockerfile', () => {
  it('is the only Dockerfile: every image is one of its targets', () => {
    const found = spawnSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard', '*Dockerfile*'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const files = found.stdout.trim().split('\n');
    expect(files.filter((file) => fs.existsSync(path.join(ROOT, file)))).toEqual([DOCKERFILE]);
  });

  it('builds every stage on one Node LTS (22 or later) pinned by digest', () => {
    expect(images.baseProblems(stages, DOCKERFILE)).toEqual([]);
    expect(stages.map((s) => s.name)).toEqual(
      expect.arrayContaining(['deps', 'build', 'runtime', 'api', 'emulator', 'shell', 'remote']),
    );
  });

  it('names an unpinned base, an end-of-life Node, an image that is not node and a second base', () => {
    const digest = `sha256:${'a'.repeat(64)}`;
    const broken = images.readStages(
      [
        `ARG NODE_IMAGE=node:22-bookworm-slim`,
        'FROM ${NODE_IMAGE} AS deps',
        'FROM deps AS build',
        `FROM node:20-bookworm-slim@${digest}`,
        `FROM alpine@${digest}`,
      ].join('\n'),
    );
    expect(images.baseProblems(broken, 'x/Dockerfile')).toEqual([
      'x/Dockerfile: FROM node:22-bookworm-slim is not pinned by digest',
      `x/Dockerfile: FROM node:20-bookworm-slim@${digest} runs Node 20, below 22`,
      `x/Dockerfile: FROM alpine@${digest} is not node:<major>-<variant>@sha256:<digest>`,
      'x/Dockerfile: 3 base images, not one',
    ]);
  });

  it('builds a workspace with its own build script, and refuses a PACKAGE that is not a deployable', () => {
    const text = dockerfileText();
    expect(text).toContain('RUN npm run build -w "@roconnect/$PACKAGE"');
    // the same shell check the build stage runs, run here with a wrong and a right value
    const check = /RUN (case "\$PACKAGE" in api\|[\s\S]*?esac)/
      .exec(text)![1]!
      .replace(/\\\n/g, '');
    const run = (value: string) =>
      spawnSync('sh', ['-c', check], { env: { PACKAGE: value }, encoding: 'utf8' });
    expect(run('tools')).toMatchObject({
      status: 1,
      stderr: expect.stringContaining('--build-arg PACKAGE must name a deployable workspace'),
    });
    for (const workspace of ['api', 'emulator', 'shell', ...Object.keys(REMOTE_DIRS)]) {
      expect([workspace, run(workspace).status]).toEqual([workspace, 0]);
      const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8'));
      expect([workspace, typeof pkg.scripts?.build]).toEqual([workspace, 'string']);
    }
  });

  it('runs in each image what the stack runs, with everything it imports copied, as the node user', () => {
    const services = serviceDefinitions();
    const program = (image: Image) =>
      path.posix.relative('/app', path.posix.resolve(image.workdir, image.cmd!.at(-1)!));
    const api = images.imageOf(stages, 'api', { PACKAGE: 'api' });
    const emulator = images.imageOf(stages, 'emulator', { PACKAGE: 'emulator' });
    const shell = images.imageOf(stages, 'shell', { PACKAGE: 'shell' });
    expect(path.join(ROOT, program(api))).toBe(services.api!.command.at(-1));
    expect(path.join(ROOT, program(emulator))).toBe(services.emulator!.command.at(-1));
    expect(path.join(ROOT, program(shell))).toBe(services.shell!.command.at(-1));
    // the built folders they copy are what the builds write (tools/stack/builds.cjs)
    expect(api.copies.filter((c) => c.from === 'build').map((c) => c.sources[0])).toEqual([
      path.posix.join('/app', path.dirname(BUILDS.api.outputs[0]!)),
    ]);
    expect(emulator.copies.filter((c) => c.from === 'build').map((c) => c.sources[0])).toEqual([
      path.posix.join('/app', path.dirname(BUILDS.emulator.outputs[0]!)),
    ]);
    for (const [dir, name] of Object.entries(REMOTE_DIRS)) {
      const remote = images.imageOf(stages, 'remote', { PACKAGE: dir });
      // the static server the stack runs per remote, serving its dist/ from the remote's folder
      const [, server, dist] = services[name]!.command;
      expect(path.join(ROOT, program(remote))).toBe(server);
      expect(path.join(ROOT, path.posix.relative('/app', remote.workdir), 'dist')).toBe(dist);
      expect(images.imageProblems(remote, ROOT, `remote ${dir}`)).toEqual([]);
    }
    expect([
      ...images.imageProblems(api, ROOT, 'api'),
      ...images.imageProblems(emulator, ROOT, 'emulator'),
      ...images.imageProblems(shell, ROOT, 'shell'),
    ]).toEqual([]);
  });

  it('names a program the image does not copy, a module it imports that is left out, and root', () => {
    const text = dockerfileText()
      .replace(
        'COPY shell/server/serve-static.mjs shell/server/static-files.mjs shell/server/',
        'COPY shell/server/serve-static.mjs shell/server/',
      )
      .replace('COPY emulator/seeds emulator/seeds\n', 'COPY emulator/seed emulator/seeds\n')
      .replace(
        'CMD ["node", "dist/main.js"]\n\n# The emulator',
        'CMD ["node", "main.js"]\n\n# The emulator',
      )
      .replace(
        'USER node\nEXPOSE 8080\nCMD ["node", "dist-server',
        'EXPOSE 8080\nCMD ["node", "dist-server',
      );
    const broken = images.readStages(text);
    expect([
      ...images.imageProblems(
        images.imageOf(broken, 'remote', { PACKAGE: 'mfe-setup' }),
        ROOT,
        'remote',
      ),
      ...images.imageProblems(
        images.imageOf(broken, 'emulator', { PACKAGE: 'emulator' }),
        ROOT,
        'emulator',
      ),
      ...images.imageProblems(images.imageOf(broken, 'api', { PACKAGE: 'api' }), ROOT, 'api'),
      ...images.imageProblems(images.imageOf(broken, 'shell', { PACKAGE: 'shell' }), ROOT, 'shell'),
    ]).toEqual([
      'remote: shell/server/serve-static.mjs imports shell/server/static-files.mjs, which no COPY puts there',
      'emulator: COPY emulator/seed: not in the repository',
      'api: CMD runs api/main.js, which no COPY puts there',
      'shell: runs as root, not node',
    ]);
  });
});

describe('the API and the emulator, started from their builds as their images say', () => {
  const running: ChildProcess[] = [];
  afterAll(() => running.forEach((child) => child.kill('SIGKILL')));

  /** The image's CMD run in its WORKDIR (the repository standing for /app) with its ENV and `env`. */
  function run(image: Image, env: Record<string, string>) {
    const child = spawn(process.execPath, image.cmd!.slice(1), {
      cwd: path.join(ROOT, path.posix.relative('/app', image.workdir)),
      env: { PATH: process.env.PATH, ...image.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { child, exited, output: () => output };
  }

  /** The image's HEALTHCHECK command until it passes (the program may still be starting). */
  async function healthy(
    image: Image,
    env: Record<string, string>,
    started: Promise<number | null>,
  ) {
    let exitedWith: number | null | undefined;
    void started.then((code) => (exitedWith = code));
    for (let tries = 0; tries < 600; tries++) {
      if (exitedWith !== undefined) return `exited with ${exitedWith} before it was healthy`;
      const check = spawnSync(process.execPath, image.healthcheck!.slice(1), {
        env: { PATH: process.env.PATH, ...image.env, ...env },
        encoding: 'utf8',
      });
      if (check.status === 0) return 'healthy';
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return 'not healthy in time';
  }

  it(
    'the API: refuses to start without its production settings, then on PGlite passes its HEALTHCHECK and stops with 0 on SIGTERM',
    async () => {
      ensureBuilt(BUILDS.api, { timeoutMs: BUILD_MS });
      const api = images.imageOf(stages, 'api', { PACKAGE: 'api' });
      expect(api.env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', PORT: '3000' });
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-api-'));
      try {
        const bare = run(api, {
          PORT: String(await freePort()),
          METRICS_PORT: 'off',
          DATA_DIR: dataDir,
        });
        expect(await bare.exited).toBe(1);
        expect(bare.output()).toContain('JWT_SECRET is not set');

        const env = { ...apiProductionEnv(), PORT: String(await freePort()), DATA_DIR: dataDir };
        const started = run(api, env);
        expect([await healthy(api, env, started.exited), started.output()]).toEqual([
          'healthy',
          expect.any(String),
        ]);
        started.child.kill('SIGTERM');
        expect(await started.exited).toBe(0);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    BUILD_MS + 120_000,
  );

  it(
    "the emulator: with compose.yaml's settings and its image's seed, passes its HEALTHCHECK and stops with 0 on SIGTERM",
    async () => {
      ensureBuilt(BUILDS.emulator, { timeoutMs: BUILD_MS });
      const emulator = images.imageOf(stages, 'emulator', { PACKAGE: 'emulator' });
      const { services } = compose(envFile('deploy/compose/emulator.env'));
      const env = { ...services.emulator!.environment, EMULATOR_PORT: String(await freePort()) };
      const started = run(emulator, env);
      expect([await healthy(emulator, env, started.exited), started.output()]).toEqual([
        'healthy',
        expect.any(String),
      ]);
      const key = await fetch(
        `http://127.0.0.1:${env.EMULATOR_PORT}/__emulator/interactions/public-key`,
      );
      expect(await key.json()).toEqual({ public_key: expect.stringMatching(/^[0-9a-f]{64}$/) });
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
    },
    BUILD_MS + 60_000,
  );
});

describe('compose.yaml', () => {
  it('builds every service from a target of deploy/Dockerfile, the four remotes on the ports remotes.json names', () => {
    const { services } = compose(envFile('deploy/compose/emulator.env'));
    const builds = Object.fromEntries(
      Object.entries(services)
        .filter(([, s]) => s.build)
        .map(([name, s]) => [name, [s.build!.dockerfile, s.build!.target, s.build!.args?.PACKAGE]]),
    );
    expect(builds).toEqual({
      api: [DOCKERFILE, 'api', 'api'],
      shell: [DOCKERFILE, 'shell', 'shell'],
      emulator: [DOCKERFILE, 'emulator', 'emulator'],
      ...Object.fromEntries(Object.keys(REMOTE_DIRS).map((r) => [r, [DOCKERFILE, 'remote', r]])),
    });
    const remotesJson = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'shell/public/remotes.json'), 'utf8'),
    ) as Record<string, string>;
    for (const [remote, federationName] of Object.entries(REMOTE_DIRS)) {
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
    const { missing } = compose({});
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
    expect(compose(envFile('deploy/compose/production.env.example')).missing).toHaveLength(9);
  });

  it('gives the API settings it accepts: in production the real services, with the emulator env file the emulator', () => {
    const production = compose({
      ...apiProductionEnv(),
      APP_URL: 'https://app.example.com',
      API_URL: 'https://app.example.com/_api',
      POSTGRES_PASSWORD: 'pw',
    });
    expect(production.missing).toEqual([]);
    const real = loadSettings(production.services.api.environment);
    expect(real.integrations.discordApiBaseUrl).toBe('https://discord.com/api');
    expect(real.redisUrl).toBe('redis://redis:6379');

    const demo = compose(envFile('deploy/compose/emulator.env'));
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
    const { services, networks } = compose(envFile('deploy/compose/emulator.env'));
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
    const wide = compose({ ...envFile('deploy/compose/emulator.env'), PUBLISH_HOST: '0.0.0.0' });
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
