// Long-running commands side by side (`npm run dev`), their output prefixed with their names.
// Each runs in a process group of its own and is stopped as a group: npm runs a script through a
// shell, which does not pass a signal on, so stopping npm alone left the dev servers running.
import { spawn } from 'node:child_process';

/**
 * Starts `commands` ({ name, command, args, env }) in `cwd`, each with this process's environment
 * and its own `env` on top; returns `stop(signal)`, which signals every group (what each command
 * started with it).
 */
export function runSideBySide(commands, { cwd } = {}) {
  const children = commands.map(({ name, command, args, env: own = {} }) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...own },
      detached: true,
    });
    child.stdout.on('data', (d) => process.stdout.write(`[${name}] ${d}`));
    child.stderr.on('data', (d) => process.stderr.write(`[${name}] ${d}`));
    return child;
  });
  const stop = (signal = 'SIGTERM') => {
    for (const child of children) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // that group has ended already
      }
    }
  };
  return { stop };
}
