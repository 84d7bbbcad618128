import { session } from '@roconnect/shared-lib';
import { mountHarness, type HarnessParcel } from '@roconnect/shared-lib/harness';

// HarnessParcel['load'] only accepts parcels without required props, so widen this one (it gets `code` below).
const loadErrorPage = (() =>
  import('../src/parcels/ErrorPage')) as unknown as HarnessParcel['load'];
const errorPages: HarnessParcel[] = (['401', '403', '404', '500', '502'] as const).map((code) => ({
  id: `ErrorPage${code === '404' ? '' : code}`,
  label: `Error ${code}`,
  load: loadErrorPage,
  props: { code },
}));

// Signed in as the demo user by default; add ?anonymous=true to see the pages as a visitor.
void mountHarness({
  remoteName: 'mfe_public',
  parcels: [
    { id: 'Landing', label: 'Landing page', load: () => import('../src/parcels/Landing') },
    {
      id: 'Login',
      label: 'Login page',
      load: () => import('../src/parcels/Login'),
      props: { query: {} },
    },
    {
      id: 'LoginExpired',
      label: 'Login: session expired',
      load: () => import('../src/parcels/Login'),
      props: { query: { message: 'discord_token_expired' } },
    },
    {
      id: 'LoginError',
      label: 'Login: error from the callback',
      load: () => import('../src/parcels/Login'),
      props: {
        query: { error: 'Discord authorization was cancelled. You can try logging in again.' },
      },
    },
    { id: 'Privacy', label: 'Privacy policy', load: () => import('../src/parcels/Privacy') },
    { id: 'Terms', label: 'Terms of service', load: () => import('../src/parcels/Terms') },
    ...errorPages,
  ],
}).then(() => session.start());
