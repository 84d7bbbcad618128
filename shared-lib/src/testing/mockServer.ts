import { setupServer, type SetupServer } from 'msw/node';
import { createMockDb, resetMockDb, type MockDb } from '../mocks/db';
import { createHandlers } from '../mocks/handlers';
import { toast } from '../toasts/toastStore';
import { session } from '../api/session';
import { queryClient } from '../query/queryClient';

export interface MockServerHandle {
  server: SetupServer;
  /** the data set the handlers answer from; put back to the seed after each test */
  db: MockDb;
}

/**
 * Call at the top of a test file (or a describe): starts msw with the contract's handlers over a
 * fresh data set, and after each test puts handlers, data, toasts, session, the page's query cache
 * and localStorage back.
 * Unknown requests fail the test, so a missing handler is never a silent network call.
 */
export function setupMockServer(seed: Partial<MockDb> = {}): MockServerHandle {
  const db = createMockDb(seed);
  const server = setupServer(...createHandlers(db));

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    resetMockDb(db, seed);
    toast.clear();
    session.clear();
    queryClient.clear();
    localStorage.clear();
  });
  afterAll(() => server.close());

  return { server, db };
}
