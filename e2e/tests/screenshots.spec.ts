import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { COMMITTED_SCREENSHOTS, screenshotDir } from '../support/screenshots';

/** Screenshots leave git alone unless asked: a test run must not rewrite the committed images. */
const REPO = path.join(__dirname, '..', '..');
const git = (...args: string[]) => spawnSync('git', args, { cwd: REPO, encoding: 'utf8' });

test.describe('e2e screenshots', () => {
  test('a run writes them where git ignores them', () => {
    const file = path.join(screenshotDir('journeys', {}), 'toast-and-header-375.png');
    const ignored = git('check-ignore', '--no-index', '--quiet', path.relative(REPO, file));
    expect(ignored.error).toBeUndefined();
    expect(ignored.status, `${file} is not git-ignored`).toBe(0);
  });

  test('E2E_UPDATE_SCREENSHOTS=1 writes over the committed ones', () => {
    const dir = screenshotDir('journeys', { E2E_UPDATE_SCREENSHOTS: '1' });
    expect(dir).toBe(path.join(COMMITTED_SCREENSHOTS, 'journeys'));
    const tracked = git('ls-files', '--', path.relative(REPO, dir));
    expect(tracked.stdout.split('\n').filter(Boolean).length).toBeGreaterThan(0);
  });

  test('no spec file names the committed folder itself', () => {
    const specs = fs.readdirSync(__dirname).filter((name) => name.endsWith('.spec.ts'));
    const naming = specs.filter((name) =>
      /['"`](e2e\/)?screenshots['"`/]/.test(fs.readFileSync(path.join(__dirname, name), 'utf8')),
    );
    expect(naming).toEqual([]);
  });
});
