export { setupMockServer } from './mockServer';
export type { MockServerHandle } from './mockServer';
export { renderWithProviders } from './renderWithProviders';
export type { RenderWithProvidersOptions } from './renderWithProviders';
export { signIn } from './signIn';
export { installFakeWebLocks } from './fakeWebLocks';
export { recordExternalRedirects } from './externalRedirects';
export { recordNavigation, setupRemoteTest, toastMessages } from './remoteTest';
export type { RemoteTestHandle, RemoteTestOptions } from './remoteTest';
export { refusal } from './refusal';
export { verifyResult } from './verifyResult';
export {
  DEMO_ACCESS_TOKEN,
  DEMO_REFRESH_TOKEN,
  DEMO_USER,
  MOCK_CSP_NONCE,
  SEED_ACCOUNTS,
  SEED_GROUP_ID,
  SEED_SERVERS,
  failNext,
  networkErrorNext,
} from '../mocks';
// A test configures what the shell would read from config.json (the footer's links, say).
export { configureRuntime } from '../config/runtimeConfig';
export { DEMO_FOOTER_LINKS } from '../mocks/footerLinks';
