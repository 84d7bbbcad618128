import { withDiscordUserAgent } from './discord/userAgent';
import { IntegrationError } from './types';

type Provider = 'discord' | 'roblox';

export interface HttpPolicy {
  /** extra attempts after a 5xx or a network failure; default 2 */
  retries?: number;
  /** per-attempt timeout; default 10 000 ms */
  timeoutMs?: number;
  /** a 429 asking to wait longer than this fails at once with kind 'rate_limited'; default 10 000 ms */
  maxRateLimitWaitMs?: number;
}

export interface HttpResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

const NAMES: Record<Provider, string> = { discord: 'Discord', roblox: 'Roblox' };
const MAX_RATE_LIMIT_RETRIES = 3;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const asSeconds = (value: string | null): number | undefined => {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
};

/**
 * How long a 429 asks to wait: a Discord-style `retry_after` body field or Retry-After; for
 * Roblox, which documents only `x-ratelimit-reset` (seconds until the quota is back; its legacy
 * hosts often send no Retry-After), that header next; else 1 s.
 */
function retryAfterMs(provider: Provider, res: Response, body: unknown): number {
  const fromBody =
    typeof body === 'object' && body !== null
      ? (body as { retry_after?: unknown }).retry_after
      : undefined;
  const seconds =
    (typeof fromBody === 'number' && fromBody >= 0 ? fromBody : undefined) ??
    asSeconds(res.headers.get('retry-after')) ??
    (provider === 'roblox' ? asSeconds(res.headers.get('x-ratelimit-reset')) : undefined);
  return seconds !== undefined ? Math.ceil(seconds * 1000) : 1000;
}

/**
 * fetch with the waiting a good API citizen does: waits out short 429s, retries 5xx and network
 * failures with backoff, and turns what remains into IntegrationError ('rate_limited' / 'unavailable').
 * Any other status is returned for the caller to interpret.
 */
export async function httpRequest(
  provider: Provider,
  url: string,
  init: RequestInit,
  policy: HttpPolicy = {},
): Promise<HttpResponse> {
  // A POST whose answer was lost may have been done (a token rotated, a message sent): never
  // repeat it blindly. Only a 429, which Discord and Roblox did not act on, is waited out.
  const idempotent = ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'].includes(
    (init.method ?? 'GET').toUpperCase(),
  );
  const retries = idempotent ? (policy.retries ?? 2) : 0;
  const timeoutMs = policy.timeoutMs ?? 10_000;
  const maxWait = policy.maxRateLimitWaitMs ?? 10_000;
  const name = NAMES[provider];
  let failures = 0;
  let rateLimited = 0;
  /** after a 5xx or a network failure: waits (backoff) when a retry is left; false when none is */
  const backedOff = async () => {
    if (failures++ >= retries) return false;
    await sleep(100 * 2 ** failures);
    return true;
  };
  for (;;) {
    let res: Response;
    try {
      res = await fetch(url, {
        ...init,
        headers: provider === 'discord' ? withDiscordUserAgent(init.headers) : init.headers,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      if (await backedOff()) continue;
      throw new IntegrationError(
        provider,
        'unavailable',
        `${name} could not be reached. Try again in a few minutes.`,
      );
    }
    const body = await readBody(res);
    if (res.status === 429) {
      const wait = retryAfterMs(provider, res, body);
      if (wait <= maxWait && rateLimited++ < MAX_RATE_LIMIT_RETRIES) {
        await sleep(wait);
        continue;
      }
      throw new IntegrationError(
        provider,
        'rate_limited',
        `${name} is limiting requests right now. Try again in ${Math.ceil(wait / 1000)} seconds.`,
        undefined,
        429,
      );
    }
    if (res.status >= 500) {
      if (await backedOff()) continue;
      throw new IntegrationError(
        provider,
        'unavailable',
        `${name} is having trouble right now (HTTP ${res.status}). Try again in a few minutes.`,
        undefined,
        res.status,
      );
    }
    return { status: res.status, body, headers: res.headers };
  }
}

export function formBody(values: Record<string, string | undefined>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) form.set(k, v);
  return form;
}

export function basicAuth(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`;
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Reads `field` of a JSON object body, or undefined. */
export function prop(body: unknown, field: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[field]
    : undefined;
}
