import { setNavigator, type Navigator } from '../navigation/navigationBridge';
import { toast } from '../toasts/toastStore';
import type { MockDb } from '../mocks/dbTypes';
import { recordExternalRedirects } from './externalRedirects';
import { setupMockServer, type MockServerHandle } from './mockServer';
import { signIn } from './signIn';

/** Records navigate() calls as the shell's router would receive them; emptied before each test. */
export function recordNavigation(): jest.Mock<void, Parameters<Navigator>> {
  const navigateMock = jest.fn<void, Parameters<Navigator>>();
  beforeEach(() => {
    navigateMock.mockReset();
    setNavigator(navigateMock);
  });
  afterEach(() => setNavigator(null));
  return navigateMock;
}

/** The toasts shown now, as `type: message` (the shell renders them; tests read the shared store). */
export function toastMessages(): string[] {
  return toast.getToasts().map((shown) => `${shown.type}: ${shown.message}`);
}

export interface RemoteTestOptions {
  /** sign the demo user in before each test */
  signedIn?: boolean;
  /** what the mock API's data set holds instead of the seed's */
  seed?: Partial<MockDb>;
}

export interface RemoteTestHandle extends MockServerHandle {
  /** the shell router's navigate, recorded */
  navigate: ReturnType<typeof recordNavigation>;
  /** the redirects to other origins, recorded */
  externalRedirects: ReturnType<typeof recordExternalRedirects>;
}

/**
 * Call at the top of a remote's test file: what the shell gives a remote around it — the mock API,
 * a router that takes its navigations and a browser that takes its redirects to other origins
 * (both recorded) — and, when asked, the demo user signed in before each test.
 */
export function setupRemoteTest({
  signedIn = false,
  seed,
}: RemoteTestOptions = {}): RemoteTestHandle {
  const handle = setupMockServer(seed);
  const navigate = recordNavigation();
  const externalRedirects = recordExternalRedirects();
  if (signedIn) beforeEach(() => signIn());
  return { ...handle, navigate, externalRedirects };
}
