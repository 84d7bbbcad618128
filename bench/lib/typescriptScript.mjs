/**
 * For a bench script that loads the API's or the emulator's TypeScript sources (the
 * investigations): run under tsx's loader, read its numeric options, load a source by its path.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Runs the script at `scriptUrl` again under tsx's loader, with the same arguments, and exits
 * with its status; returns at once in that second run.
 */
export function runUnderTsx(scriptUrl) {
  if (process.env.ROCONNECT_BENCH_TSX) return;
  const { status } = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(scriptUrl), ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...process.env, ROCONNECT_BENCH_TSX: '1' } },
  );
  process.exit(status ?? 1);
}

/** The number after `--name` on the command line, else `fallback`. */
export function numberOption(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** A loader of modules by their path from the script at `scriptUrl`. */
export const loaderFrom = (scriptUrl) => (path) => import(new URL(path, scriptUrl).href);
