// tools/build/nodeBundle.mjs: the one build of the API, the emulator and the shell's server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface NodeBundleModule {
  buildNodeBundle(options: {
    packageDir: string;
    entryPoints: Record<string, string>;
    outdir?: string;
    outfile?: string;
    format?: 'cjs' | 'esm';
    compiledIn?: string[];
  }): Promise<void>;
  packageName(specifier: string): string;
}

const NODE_BUNDLE = '../build/nodeBundle.mjs';
let bundler: NodeBundleModule;
let dir: string;

beforeAll(async () => {
  bundler = (await import(NODE_BUNDLE)) as NodeBundleModule;
});

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'node-bundle-'));
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'piece', dependencies: { fastify: '5' } }),
  );
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), '{}');
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'src/helper.ts'), 'export const answer: number = 42;\n');
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const main = (imports: string) =>
  fs.writeFileSync(
    path.join(dir, 'src/main.ts'),
    `${imports}\nimport { answer } from './helper';\nconsole.log(answer);\n`,
  );

it('compiles the sources in and leaves node: modules and declared dependencies as requires', async () => {
  main(`import fs from 'node:fs';\nimport Fastify from 'fastify';\nvoid fs; void Fastify;`);
  fs.mkdirSync(path.join(dir, 'dist'));
  fs.writeFileSync(path.join(dir, 'dist/left-over.js'), 'old');
  await bundler.buildNodeBundle({
    packageDir: dir,
    entryPoints: { main: 'src/main.ts' },
    outdir: 'dist',
  });
  const built = fs.readFileSync(path.join(dir, 'dist/main.js'), 'utf8');
  expect(built).toContain('require("fastify")');
  expect(built).toContain('require("node:fs")');
  expect(built).toContain('42');
  expect(built).not.toContain('./helper');
  // the output folder is emptied first: nothing of an earlier build is shipped
  expect(fs.readdirSync(path.join(dir, 'dist')).sort()).toEqual(['main.js', 'main.js.map']);
});

it('fails on a package the workspace does not declare, naming it and the package.json', async () => {
  main(`import pg from 'pg';\nvoid pg;`);
  await expect(
    bundler.buildNodeBundle({
      packageDir: dir,
      entryPoints: { main: 'src/main.ts' },
      outdir: 'dist',
    }),
  ).rejects.toThrow(`"pg" is imported but not in ${path.basename(dir)}/package.json dependencies`);
});

it('writes one ESM file with `outfile`, compiling in the packages named', async () => {
  main(`import { ok } from 'local-lib';\nconsole.log(ok);`);
  const lib = path.join(dir, 'node_modules/local-lib');
  fs.mkdirSync(lib, { recursive: true });
  fs.writeFileSync(path.join(lib, 'package.json'), '{"name":"local-lib","main":"index.js"}');
  fs.writeFileSync(path.join(lib, 'index.js'), 'exports.ok = "compiled-in";');
  const outfile = path.join(dir, 'out/server.mjs');
  await bundler.buildNodeBundle({
    packageDir: dir,
    entryPoints: { server: 'src/main.ts' },
    outfile,
    format: 'esm',
    compiledIn: ['local-lib'],
  });
  const built = fs.readFileSync(outfile, 'utf8');
  expect(built).toContain('compiled-in');
  expect(built).not.toMatch(/from\s*"local-lib"/);
});

it('reads the package of a bare specifier, scoped or not', () => {
  expect(bundler.packageName('drizzle-orm/pglite')).toBe('drizzle-orm');
  expect(bundler.packageName('@fastify/static')).toBe('@fastify/static');
  expect(bundler.packageName('@electric-sql/pglite/vector')).toBe('@electric-sql/pglite');
});
