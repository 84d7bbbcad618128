/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// tools/install/ensure.mjs, the install step of npm test / start / bench (plain Node ESM, no types).
interface EnsureModule {
  LOCK_REWRITTEN: string;
  ensureDependencies(options: { root: string; install: () => void; strict: boolean }): void;
}
const ENSURE = '../install/ensure.mjs';
const LOCK = '{"lockfileVersion": 3, "packages": {}}\n';

let ensure: EnsureModule;
let root: string;
const lockFile = () => path.join(root, 'package-lock.json');
const marker = () => path.join(root, 'node_modules', '.package-lock.json');

beforeAll(async () => {
  ensure = (await import(ENSURE)) as EnsureModule;
});

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ensure-deps-'));
  fs.writeFileSync(lockFile(), LOCK);
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** What `npm install` does to the tree: node_modules' marker, and the lockfile as npm writes it. */
const npmInstallWriting = (lock: string) =>
  jest.fn(() => {
    fs.mkdirSync(path.dirname(marker()), { recursive: true });
    fs.writeFileSync(marker(), '{}');
    fs.writeFileSync(lockFile(), lock);
  });

describe('ensureDependencies', () => {
  it('installs when node_modules is missing, and accepts an install that keeps the lockfile', () => {
    const install = npmInstallWriting(LOCK);
    ensure.ensureDependencies({ root, install, strict: true });
    expect(install).toHaveBeenCalledTimes(1);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(LOCK);
  });

  it('does not install when node_modules is newer than the lockfile', () => {
    fs.mkdirSync(path.dirname(marker()), { recursive: true });
    fs.writeFileSync(marker(), '{}');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(marker(), later, later);
    const install = npmInstallWriting(LOCK);
    ensure.ensureDependencies({ root, install, strict: true });
    expect(install).not.toHaveBeenCalled();
  });

  it('fails in CI when the install rewrites the committed lockfile, and keeps what npm wrote', () => {
    const completed = LOCK.replace('{}', '{"node_modules/x-darwin-arm64": {"optional": true}}');
    expect(() =>
      ensure.ensureDependencies({ root, install: npmInstallWriting(completed), strict: true }),
    ).toThrow(ensure.LOCK_REWRITTEN);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(completed);
  });

  it('only warns about a rewritten lockfile outside CI', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const completed = LOCK.replace('{}', '{"node_modules/x-win32-x64": {"optional": true}}');
      ensure.ensureDependencies({ root, install: npmInstallWriting(completed), strict: false });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(ensure.LOCK_REWRITTEN));
    } finally {
      warn.mockRestore();
    }
  });
});
