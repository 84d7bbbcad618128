import { API_PATHS, type CspNonceResponse } from '@roconnect/shared-lib';

// webpack rewrites this free variable to its runtime's nonce slot.
declare let __webpack_nonce__: string | undefined;

let current: string | null = null;
let inFlight: Promise<string | null> | null = null;

export function getCspNonce(): string | null {
  return current;
}

function applyNonce(nonce: string): void {
  current = nonce;
  // webpack stamps this on the script and style tags it creates; styled-components reads it too.
  __webpack_nonce__ = nonce;
}

/**
 * The nonce this document was served with: the shell's server stamps it on every script tag of
 * the page. Read from the DOM, so it belongs to this tab alone; the `/api/csp-nonce` endpoint
 * answers from a browser-wide cookie, which another tab's page load replaces. Browsers hide the
 * attribute once the page has loaded, but keep the `nonce` property.
 */
export function readPageNonce(doc: Document = document): string | null {
  for (const script of Array.from(doc.querySelectorAll<HTMLScriptElement>('script[nonce]'))) {
    const nonce = script.nonce || script.getAttribute('nonce');
    if (nonce) return nonce;
  }
  return null;
}

/**
 * The nonce at start: this page's own nonce from the DOM, or, when the page carries none (a dev
 * server), the one `/api/csp-nonce` answers (docs/product.md › CSP nonce).
 */
export async function initCspNonce(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  const pageNonce = readPageNonce();
  if (pageNonce) {
    applyNonce(pageNonce);
    return pageNonce;
  }
  return fetchCspNonce(fetchImpl);
}

/** Fetch the page's nonce from the shell's server. A failure is only logged. */
export function fetchCspNonce(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  if (inFlight) return inFlight;
  inFlight = fetchImpl(API_PATHS.cspNonce, { credentials: 'same-origin', cache: 'no-store' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`csp-nonce answered ${response.status}`);
      const body = (await response.json()) as Partial<CspNonceResponse>;
      if (typeof body.nonce !== 'string' || !body.nonce) throw new Error('csp-nonce sent no nonce');
      applyNonce(body.nonce);
      return body.nonce;
    })
    .catch((error: unknown) => {
      console.warn('Could not fetch the CSP nonce', error);
      return null;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * Re-fetch the nonce when it is missing and the document head changes
 * (docs/product.md › CSP nonce).
 */
export function watchHeadForMissingNonce(fetchImpl: typeof fetch = fetch): () => void {
  const observer = new MutationObserver(() => {
    if (!current) void fetchCspNonce(fetchImpl);
  });
  observer.observe(document.head, { childList: true });
  return () => observer.disconnect();
}

/** for tests */
export function resetCspNonceForTests(): void {
  current = null;
  inFlight = null;
}
