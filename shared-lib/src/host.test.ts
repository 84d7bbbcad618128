import * as hostEntry from './host';
import * as mainEntry from './index';

afterEach(() => {
  hostEntry.tokenStorage.clear();
  hostEntry.configureRuntime({ apiBaseUrl: '' });
});

describe('the host entry', () => {
  test('writes the tokens the main entry’s session reads', () => {
    expect(mainEntry.session.isAuthenticated()).toBe(false);
    hostEntry.tokenStorage.setTokens('access-token', 'refresh-token');
    expect(mainEntry.session.isAuthenticated()).toBe(true);
    hostEntry.tokenStorage.clear();
    expect(mainEntry.session.isAuthenticated()).toBe(false);
  });

  test('sets the runtime configuration the main entry reads', () => {
    hostEntry.configureRuntime({ apiBaseUrl: 'http://api.roconnect.test' });
    expect(mainEntry.getRuntimeConfig().apiBaseUrl).toBe('http://api.roconnect.test');
  });

  test('holds the writers, which the main entry (what remotes import) does not offer', () => {
    const writers = [
      'configureRuntime',
      'installUnauthorizedInterceptor',
      'tokenStorage',
      'withHttpClients',
    ];
    expect(Object.keys(hostEntry).sort()).toEqual(writers);
    for (const writer of writers) expect(mainEntry).not.toHaveProperty(writer);
  });
});
