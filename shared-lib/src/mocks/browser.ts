import { setupWorker, type SetupWorker } from 'msw/browser';
import { tokenStorage } from '../session/tokenStorage';
import { mockDb } from './db';
import { createHandlers } from './handlers';
import { DEMO_ACCESS_TOKEN, DEMO_REFRESH_TOKEN } from './seed';

export interface StartMockApiOptions {
  /** store the demo user's tokens so the page starts signed in (default true) */
  signedIn?: boolean;
  /** silence msw's console lines (default false) */
  quiet?: boolean;
  /** where the worker script is served (default '/mockServiceWorker.js') */
  serviceWorkerUrl?: string;
}

/** Stores the demo user's tokens, which the mock data set accepts. */
export function signInAsDemoUser(): void {
  tokenStorage.setTokens(DEMO_ACCESS_TOKEN, DEMO_REFRESH_TOKEN);
}

/**
 * Starts the mock API in the browser for a remote's standalone harness page. Requests the handlers
 * do not know (assets, hot reload) go to the network untouched.
 */
export async function startMockApi(options: StartMockApiOptions = {}): Promise<SetupWorker> {
  if (options.signedIn ?? true) signInAsDemoUser();
  const worker = setupWorker(...createHandlers(mockDb));
  await worker.start({
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: options.serviceWorkerUrl ?? '/mockServiceWorker.js' },
    quiet: options.quiet ?? false,
  });
  return worker;
}

export { failNext, networkErrorNext } from './overrides';
export { mockDb, resetMockDb } from './db';
