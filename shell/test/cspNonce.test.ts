import { waitFor } from '@testing-library/react';
import {
  fetchCspNonce,
  getCspNonce,
  initCspNonce,
  readPageNonce,
  resetCspNonceForTests,
  watchHeadForMissingNonce,
} from '../src/features/csp/cspNonce';

const scope = globalThis as { __webpack_nonce__?: string };

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Resolves once the mutation observers have been told about a change to <head>: an observer made
 * after the shell's is notified after it, in the same delivery.
 */
function headChangeDelivered(): Promise<void> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe(document.head, { childList: true });
  });
}

/** A fetch that answers the nonce endpoint from a queue of responses and records its calls. */
function fakeFetch(...answers: (() => Promise<Response>)[]) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const impl = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected fetch ${String(input)}`);
    return next();
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

let warn: jest.SpyInstance;
let stopWatching: (() => void) | undefined;

beforeEach(() => {
  resetCspNonceForTests();
  scope.__webpack_nonce__ = undefined;
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  stopWatching?.();
  stopWatching = undefined;
  document.head.innerHTML = '';
  jest.restoreAllMocks();
});

describe('fetchCspNonce', () => {
  it("fetches /api/csp-nonce with the page's cookie and sets __webpack_nonce__", async () => {
    const fetch = fakeFetch(async () => jsonResponse({ nonce: 'n0nce-from-server' }));
    await expect(fetchCspNonce(fetch.impl)).resolves.toBe('n0nce-from-server');

    expect(fetch.calls).toHaveLength(1);
    expect(fetch.calls[0]?.url).toBe('/api/csp-nonce');
    expect(fetch.calls[0]?.init).toMatchObject({ credentials: 'same-origin', cache: 'no-store' });
    expect(scope.__webpack_nonce__).toBe('n0nce-from-server');
    expect(getCspNonce()).toBe('n0nce-from-server');
    expect(warn).not.toHaveBeenCalled();
  });

  it('shares one request between callers while it is under way', async () => {
    const fetch = fakeFetch(async () => jsonResponse({ nonce: 'shared' }));
    const [a, b] = await Promise.all([fetchCspNonce(fetch.impl), fetchCspNonce(fetch.impl)]);
    expect([a, b]).toEqual(['shared', 'shared']);
    expect(fetch.calls).toHaveLength(1);
  });

  it.each([
    ['the server answers 404', async () => jsonResponse({ error: 'no_page_nonce' }, 404)],
    ['the body has no nonce', async () => jsonResponse({})],
    ['the nonce is empty', async () => jsonResponse({ nonce: '' })],
    ['the body is not JSON', async () => new Response('<html>', { status: 200 })],
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('only logs when %s, leaving the nonce unset', async (_case, answer) => {
    const fetch = fakeFetch(answer);
    await expect(fetchCspNonce(fetch.impl)).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith('Could not fetch the CSP nonce', expect.anything());
    expect(scope.__webpack_nonce__).toBeUndefined();
    expect(getCspNonce()).toBeNull();
  });
});

describe('initCspNonce: one nonce per page', () => {
  function pageScript(nonce: string) {
    const script = document.createElement('script');
    script.setAttribute('nonce', nonce);
    document.head.appendChild(script);
    return script;
  }

  it("takes the nonce the server stamped on this page's scripts, without asking the server", async () => {
    pageScript('this-page-nonce');
    const fetch = fakeFetch();
    await expect(initCspNonce(fetch.impl)).resolves.toBe('this-page-nonce');
    expect(fetch.calls).toHaveLength(0);
    expect(scope.__webpack_nonce__).toBe('this-page-nonce');
    expect(getCspNonce()).toBe('this-page-nonce');
  });

  it('reads the nonce property, which browsers keep after hiding the attribute', () => {
    const script = pageScript('');
    script.nonce = 'hidden-attribute-nonce';
    expect(readPageNonce()).toBe('hidden-attribute-nonce');
  });

  it('keeps its own nonce when another tab loads a page (the cookie the endpoint reads changes)', async () => {
    pageScript('tab-a-nonce');
    // what /api/csp-nonce would now answer: the nonce of the page the other tab loaded
    const fetch = fakeFetch(async () => jsonResponse({ nonce: 'tab-b-nonce' }));
    await initCspNonce(fetch.impl);
    document.head.appendChild(document.createElement('style'));
    expect(scope.__webpack_nonce__).toBe('tab-a-nonce');
    expect(fetch.calls).toHaveLength(0);
  });

  it('falls back to /api/csp-nonce when the page carries no nonce (a dev server)', async () => {
    const fetch = fakeFetch(async () => jsonResponse({ nonce: 'from-endpoint' }));
    await expect(initCspNonce(fetch.impl)).resolves.toBe('from-endpoint');
    expect(fetch.calls.map((call) => call.url)).toEqual(['/api/csp-nonce']);
  });
});

describe('watchHeadForMissingNonce', () => {
  it('re-fetches when the nonce is missing and the document head changes', async () => {
    const fetch = fakeFetch(
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () => jsonResponse({ nonce: 'second-try' }),
    );
    await fetchCspNonce(fetch.impl);
    expect(getCspNonce()).toBeNull();

    stopWatching = watchHeadForMissingNonce(fetch.impl);
    document.head.appendChild(document.createElement('style'));

    await waitFor(() => expect(scope.__webpack_nonce__).toBe('second-try'));
    expect(fetch.calls.map((call) => call.url)).toEqual(['/api/csp-nonce', '/api/csp-nonce']);
  });

  it('does not re-fetch while a nonce is set', async () => {
    const fetch = fakeFetch(async () => jsonResponse({ nonce: 'have-one' }));
    await fetchCspNonce(fetch.impl);
    stopWatching = watchHeadForMissingNonce(fetch.impl);

    const delivered = headChangeDelivered();
    document.head.appendChild(document.createElement('style'));
    await delivered;
    expect(fetch.calls).toHaveLength(1);
    expect(scope.__webpack_nonce__).toBe('have-one');
  });

  it('stops watching once disconnected', async () => {
    const fetch = fakeFetch();
    const stop = watchHeadForMissingNonce(fetch.impl);
    stop();
    const delivered = headChangeDelivered();
    document.head.appendChild(document.createElement('style'));
    await delivered;
    expect(fetch.calls).toHaveLength(0);
    expect(getCspNonce()).toBeNull();
  });
});
