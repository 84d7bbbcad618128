export interface Fault {
  method: string;
  path: string;
  status: number;
  code?: number;
  message?: string;
  retry_after?: number;
  count: number;
}

export interface ActiveFault extends Fault {
  remaining: number;
  matcher: (path: string) => boolean;
}

const REGEX_HINT = /[\^$*+?()[\]{}|\\]/;

/**
 * A path with regex syntax (^ $ * + ? ( ) [ ] { } | \) is a regular expression tested against the
 * request path (no query string); any other path must match exactly.
 */
export function pathMatcher(path: string): (candidate: string) => boolean {
  if (!REGEX_HINT.test(path)) return (candidate) => candidate === path;
  const re = new RegExp(path);
  return (candidate) => re.test(candidate);
}

export type Result<T> = { ok: true; value: T } | { ok: false; message: string };

const METHODS = new Set(['*', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/**
 * What a fault or latency rule `at` applies to: its method (any when absent; upper case) and its
 * path (pathMatcher's), or the message naming what is wrong.
 */
export function readTarget(
  rawMethod: unknown,
  path: unknown,
  at: string,
): Result<{ method: string; path: string }> {
  const method = rawMethod === undefined ? '*' : rawMethod;
  if (typeof method !== 'string' || !METHODS.has(method.toUpperCase())) {
    return {
      ok: false,
      message: `${at}.method must be one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS or *`,
    };
  }
  if (typeof path !== 'string' || path.length === 0 || path.length > 500) {
    return {
      ok: false,
      message: `${at}.path must be a non-empty string (an exact path or a regular expression)`,
    };
  }
  try {
    pathMatcher(path);
  } catch {
    return { ok: false, message: `${at}.path is not a valid regular expression` };
  }
  return { ok: true, value: { method: method.toUpperCase(), path } };
}

/**
 * A control body `{[key]: [ … ]}` read entry by entry with `readEntry` (each an object, named
 * `key[i]` in messages); `usage` is the message for a body of another shape.
 */
export function readEntries<T>(
  body: unknown,
  key: string,
  usage: string,
  readEntry: (entry: Record<string, unknown>, at: string) => Result<T>,
): Result<T[]> {
  const list =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
  if (!Array.isArray(list)) return { ok: false, message: usage };
  const out: T[] = [];
  for (let i = 0; i < list.length; i++) {
    const entry: unknown = list[i];
    const at = `${key}[${i}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      return { ok: false, message: `${at} must be an object` };
    const read = readEntry(entry as Record<string, unknown>, at);
    if (!read.ok) return read;
    out.push(read.value);
  }
  return { ok: true, value: out };
}

export function parseFaults(body: unknown): Result<Fault[]> {
  return readEntries(
    body,
    'faults',
    'body must be {"faults": [ {method, path, status, code?, message?, retry_after?, count?} ]}',
    readFault,
  );
}

function readFault(f: Record<string, unknown>, at: string): Result<Fault> {
  const target = readTarget(f.method, f.path, at);
  if (!target.ok) return target;
  const { method, path } = target.value;
  if (
    typeof f.status !== 'number' ||
    !Number.isInteger(f.status) ||
    f.status < 400 ||
    f.status > 599
  ) {
    return { ok: false, message: `${at}.status must be an integer from 400 to 599` };
  }
  if (
    f.code !== undefined &&
    (typeof f.code !== 'number' || !Number.isInteger(f.code) || f.code < 0)
  ) {
    return { ok: false, message: `${at}.code must be a non-negative integer` };
  }
  if (f.message !== undefined && typeof f.message !== 'string')
    return { ok: false, message: `${at}.message must be a string` };
  if (
    f.retry_after !== undefined &&
    (typeof f.retry_after !== 'number' || !(f.retry_after >= 0) || f.retry_after > 3600)
  ) {
    return { ok: false, message: `${at}.retry_after must be a number of seconds from 0 to 3600` };
  }
  const count = f.count === undefined ? 1 : f.count;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1000) {
    return { ok: false, message: `${at}.count must be an integer from 1 to 1000` };
  }
  return {
    ok: true,
    value: {
      method,
      path,
      status: f.status,
      code: f.code as number | undefined,
      message: f.message as string | undefined,
      retry_after: f.retry_after as number | undefined,
      count,
    },
  };
}

export class FaultRegistry {
  private active: ActiveFault[] = [];

  add(faults: Fault[]): void {
    for (const f of faults)
      this.active.push({ ...f, remaining: f.count, matcher: pathMatcher(f.path) });
  }

  clear(): void {
    this.active = [];
  }

  list(): Array<Fault & { remaining: number }> {
    return this.active.map(({ matcher: _m, ...rest }) => rest);
  }

  /** consumes one use of the first fault matching the call */
  take(method: string, path: string): Fault | undefined {
    const fault = this.active.find(
      (f) => (f.method === '*' || f.method === method) && f.matcher(path),
    );
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.active = this.active.filter((f) => f !== fault);
    return fault;
  }
}
