// What a benchmarked server process has used, read from Linux's /proc: its CPU time (the steadier
// figure on a shared machine than latency) and its resident memory. Both are null where /proc
// or the process is not there.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU time (user + system) a process has used, in ms. */
export function cpuMs(pid) {
  try {
    // fields after the command name (which is in parentheses and may hold spaces)
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** A process's resident memory (VmRSS), in MB. */
export function residentMemoryMb(pid) {
  try {
    const kb = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
    return kb ? Number(kb[1]) / 1024 : null;
  } catch {
    return null;
  }
}
