import { setExternalRedirect } from '../navigation/navigationBridge';

/**
 * Records each test's redirects to other origins (OAuth consent pages, bot invites) instead of
 * leaving the page, which jsdom cannot do; the record is emptied after each test.
 */
export function recordExternalRedirects(): jest.Mock<void, [url: string]> {
  const redirects = jest.fn<void, [url: string]>();
  beforeEach(() => setExternalRedirect(redirects));
  afterEach(() => {
    setExternalRedirect(null);
    redirects.mockClear();
  });
  return redirects;
}
