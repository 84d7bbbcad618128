// Public API answers inlined into a page so its first view needs no call: the landing's bot
// counts. The page then never loads the HTTP client (a fifth of its JavaScript) for them. Every
// page asks the API again (pages served at the same moment share one request), so the counts are
// the API's own; when it does not answer within TIMEOUT_MS, the last answer is used up to STALE_MS
// old, and with nothing usable the page carries nothing and the browser asks the API itself.
const TIMEOUT_MS = 300;
const STALE_MS = 10 * 60_000;
const MAX_BYTES = 16 * 1024;

/** The API's `{ success: true, data }` envelope. */
export type Envelope = { success: true; data: unknown };

const lastAnswers = new Map<string, { body: Envelope; at: number }>(); // by URL
const inFlight = new Map<string, Promise<Envelope>>(); // by URL

/** The API's `{ success: true, data }` envelope, small enough to inline; anything else is not. */
function isInlinableAnswer(text: string, body: unknown): body is Envelope {
  return (
    text.length <= MAX_BYTES &&
    body !== null &&
    typeof body === 'object' &&
    (body as { success?: unknown }).success === true &&
    'data' in body
  );
}

async function fetchAnswer(url: string, now: number): Promise<Envelope> {
  const response = await fetch(url, {
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const text = await response.text();
  const body: unknown = JSON.parse(text);
  if (!isInlinableAnswer(text, body)) throw new Error(`${url} is not an inlinable answer`);
  lastAnswers.set(url, { body, at: now });
  return body;
}

async function answerFor(url: string, now: number): Promise<Envelope | null> {
  let request = inFlight.get(url);
  if (!request) {
    request = fetchAnswer(url, now).finally(() => inFlight.delete(url));
    inFlight.set(url, request);
  }
  try {
    return await request;
  } catch {
    const last = lastAnswers.get(url);
    if (last && now - last.at < STALE_MS) return last.body;
    lastAnswers.delete(url);
    return null;
  }
}

/**
 * `{ [path]: envelope }` for a page's public calls (its route's `publicCalls`), read from the API
 * at `apiBaseUrl` (config.json's; an empty or relative one means no inlining).
 */
export async function publicApiResponses(
  apiBaseUrl: string | undefined,
  paths: readonly string[],
  now = Date.now(),
): Promise<Record<string, Envelope>> {
  if (paths.length === 0 || !/^https?:\/\//.test(apiBaseUrl ?? '')) return {};
  const answers = await Promise.all(
    paths.map(
      async (path) => [path, await answerFor(new URL(path, apiBaseUrl).href, now)] as const,
    ),
  );
  return Object.fromEntries(answers.filter(([, body]) => body !== null)) as Record<
    string,
    Envelope
  >;
}

/** For tests: forget every kept answer. */
export function forgetPublicApiResponses(): void {
  lastAnswers.clear();
}
