import { EARLY_LOAD_GLOBAL, type EarlyLoadScope } from '../earlyLoad/earlyLoad';
import { installFakeWebLocks } from './fakeWebLocks';
import { setupMockServer } from './mockServer';

/**
 * The mock API for tests of the /dashboard page's inline early load, the API base it is started
 * with, and what a test sets up (request listeners, fake Web Locks) undone after each test, with
 * no early load left on the page. `afterEachTest` forgets what else the test left.
 */
export function setupEarlyLoadTests(afterEachTest: () => void = () => undefined) {
  const { server, db } = setupMockServer();
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    cleanups.splice(0).forEach((undo) => undo());
    delete (window as unknown as EarlyLoadScope)[EARLY_LOAD_GLOBAL];
    afterEachTest();
  });
  /** Calls `listener` with each request the test makes. */
  const onRequest = (listener: (info: { request: Request }) => void) => {
    server.events.on('request:start', listener);
    cleanups.push(() => server.events.removeListener('request:start', listener));
  };
  /** Fake Web Locks for this test: the lock names asked for. */
  const fakeWebLocks = (): string[] => {
    const { names, restore } = installFakeWebLocks();
    cleanups.push(restore);
    return names;
  };
  return { server, db, api: 'http://api.roconnect.test/', onRequest, fakeWebLocks };
}
