/**
 * Every setting the API and the shell's server read from the environment is in
 * docs/production.md's settings tables, and every setting named there is read by one of them.
 * The API's reads are recorded by running loadSettings over a recording environment (in
 * development and in production, so both branches are seen); direct `process.env.NAME` reads are
 * found in the sources of both.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSettings } from '../../src/config';

const ROOT = path.join(__dirname, '..', '..', '..');

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full, pattern);
    return pattern.test(name) && !/\.test\./.test(name) ? [full] : [];
  });
}

/** NAMEs in `process.env.NAME` and `process.env['NAME']` reads. */
function directReads(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /process\.env(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g,
    ))
      names.add(m[1] ?? m[2]!);
  }
  return names;
}

/** The names loadSettings reads, given `env` as the values it finds. */
function settingsReads(env: Record<string, string>): Set<string> {
  const names = new Set<string>();
  const recording = new Proxy(env, {
    get: (target, name) => {
      if (typeof name === 'string') names.add(name);
      return target[name as string];
    },
    has: (target, name) => {
      if (typeof name === 'string') names.add(name);
      return name in target;
    },
  });
  loadSettings(recording);
  return names;
}

function apiReads(): Set<string> {
  const development = settingsReads({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'roconnect-settings-')),
  });
  const production = settingsReads({
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
    TOKEN_ENCRYPTION_KEY: 'f'.repeat(64),
    DISCORD_CLIENT_ID: '123456789012345678',
    DISCORD_CLIENT_SECRET: 'real-secret',
    DISCORD_BOT_TOKEN: 'real-bot-token',
    DISCORD_PUBLIC_KEY: 'a'.repeat(64),
  });
  return new Set([
    ...development,
    ...production,
    ...directReads(filesUnder(path.join(ROOT, 'api', 'src'), /\.ts$/)),
  ]);
}

const shellReads = () => directReads(filesUnder(path.join(ROOT, 'shell', 'server'), /\.(ts|mjs)$/));

/** Backticked names in the first cell of every table row of docs/production.md. */
function documented(): Set<string> {
  const doc = readFileSync(path.join(ROOT, 'docs', 'production.md'), 'utf8');
  const names = new Set<string>();
  for (const line of doc.split('\n')) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(m[1]!);
  }
  return names;
}

it('documents every setting the API and the shell read', () => {
  const docs = documented();
  const missing = [...apiReads(), ...shellReads()].filter((name) => !docs.has(name));
  expect(missing).toEqual([]);
});

it('documents no setting that nothing reads', () => {
  const read = new Set([...apiReads(), ...shellReads()]);
  expect([...documented()].filter((name) => !read.has(name))).toEqual([]);
});
