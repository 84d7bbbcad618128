import { waitFor } from '@testing-library/react';
import { mountRootParcel, type Parcel } from 'single-spa';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { defineParcel } from '../parcel/defineParcel';
import { PageQueryProvider } from './PageQueryProvider';
import { queryClient } from './queryClient';

// A parcel's React root is driven by single-spa, not by the test, as in the browser: React's act
// checks are off here.
const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const actEnvironment = scope.IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => {
  scope.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  scope.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});

const mounted: Parcel[] = [];
afterEach(async () => {
  await Promise.all(mounted.splice(0).map((parcel) => parcel.unmount()));
  document.body.innerHTML = '';
});

function mount(name: string, Component: () => null) {
  const domElement = document.body.appendChild(document.createElement('div'));
  const parcel = mountRootParcel(defineParcel(name, Component, { provider: PageQueryProvider }), {
    domElement,
  });
  mounted.push(parcel);
  return parcel.mountPromise;
}

describe('the page query cache in parcels', () => {
  it("gives every parcel that loads data (each its own React root) the page's one QueryClient", async () => {
    const seen = new Map<string, QueryClient>();
    const probe = (name: string) =>
      function Probe() {
        seen.set(name, useQueryClient());
        return null;
      };
    await mount('accounts', probe('accounts'));
    await mount('servers', probe('servers'));
    await waitFor(() => expect(seen.size).toBe(2));
    expect(seen.get('accounts')).toBe(queryClient);
    expect(seen.get('servers')).toBe(queryClient);
  });
});
