import { mountHarness } from '@roconnect/shared-lib/harness';

void mountHarness({
  remoteName: 'mfe_public',
  parcels: [
    { id: 'Landing', label: 'Landing page', load: () => import('../src/parcels/Landing') },
    { id: 'Login', label: 'Login page', load: () => import('../src/parcels/Login') },
    { id: 'Privacy', label: 'Privacy policy', load: () => import('../src/parcels/Privacy') },
    { id: 'Terms', label: 'Terms of service', load: () => import('../src/parcels/Terms') },
    { id: 'ErrorPage', label: 'Error page', load: () => import('../src/parcels/ErrorPage') },
  ],
});
