import path from 'node:path';

/** The screenshots kept in git: rewritten only for a screen whose look changed on purpose. */
export const COMMITTED_SCREENSHOTS = path.join(__dirname, '..', 'screenshots');
/** Every other run's screenshots, beside its traces (git-ignored, emptied by each run). */
const RUN_SCREENSHOTS = path.join(__dirname, '..', 'test-results', 'screenshots');

/**
 * Where a spec file writes its screenshots of `group` (one folder per remote or journey):
 * `E2E_UPDATE_SCREENSHOTS=1` writes over the committed ones, any other run leaves git untouched.
 */
export function screenshotDir(group: string, env: NodeJS.ProcessEnv = process.env): string {
  const root = env.E2E_UPDATE_SCREENSHOTS === '1' ? COMMITTED_SCREENSHOTS : RUN_SCREENSHOTS;
  return path.join(root, group);
}
