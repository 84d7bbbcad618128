import { pathMatcher, readEntries, readTarget, type Result } from './faults';

/** Calls matching `method` and `path` are answered `ms` later (a slow provider). */
export interface LatencyRule {
  method: string;
  path: string;
  ms: number;
}

interface ActiveRule extends LatencyRule {
  /** how many calls this rule has slowed down */
  delayed: number;
  matcher: (path: string) => boolean;
}

/** a minute: enough for any timeout a client sets, and no call parked for good */
const MAX_MS = 60_000;

export function parseLatency(body: unknown): Result<LatencyRule[]> {
  return readEntries(body, 'rules', 'body must be {"rules": [ {method?, path, ms} ]}', readRule);
}

function readRule(r: Record<string, unknown>, at: string): Result<LatencyRule> {
  const { method: rawMethod, path: rawPath, ms, ...rest } = r;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) return { ok: false, message: `${at}.${extra} is not allowed` };
  const target = readTarget(rawMethod, rawPath, at);
  if (!target.ok) return target;
  const { method, path } = target.value;
  if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > MAX_MS)
    return {
      ok: false,
      message: `${at}.ms must be a whole number of milliseconds from 0 to ${MAX_MS}`,
    };
  return { ok: true, value: { method, path, ms } };
}

/** Latency rules; unlike faults they stay until cleared (DELETE or reset). First match wins. */
export class LatencyRegistry {
  private rules: ActiveRule[] = [];

  add(rules: LatencyRule[]): void {
    for (const r of rules) this.rules.push({ ...r, delayed: 0, matcher: pathMatcher(r.path) });
  }

  clear(): void {
    this.rules = [];
  }

  list(): Array<LatencyRule & { delayed: number }> {
    return this.rules.map(({ matcher: _m, ...rest }) => rest);
  }

  /** the delay for this call (0 when no rule matches), counted on its rule */
  take(method: string, path: string): number {
    const rule = this.rules.find(
      (r) => (r.method === '*' || r.method === method) && r.matcher(path),
    );
    if (!rule) return 0;
    rule.delayed += 1;
    return rule.ms;
  }
}
