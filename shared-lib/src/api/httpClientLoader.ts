import type { AxiosInstance } from 'axios';
import type * as HttpClientModule from './httpClient';

/**
 * axios is a fifth of the landing page's JavaScript, and the landing (signed out) makes no call
 * that needs it: the HTTP clients are loaded with the first call instead of with the page
 * (docs/performance.md › Bytes on the wire). Whoever must see every client before its first
 * request (the shell's session interceptors) registers with `withHttpClients`.
 */
type Clients = typeof HttpClientModule;
type ClientsSetup = (clients: readonly AxiosInstance[]) => () => void;

let loaded: Clients | null = null;
let loading: Promise<Clients> | null = null;
const setups = new Map<ClientsSetup, (() => void) | null>();

function runSetup(setup: ClientsSetup, clients: Clients): void {
  setups.set(setup, setup(clients.httpClients));
}

/** The HTTP clients, loaded once; setups registered so far run before any request is sent. */
export function loadHttpClients(): Promise<Clients> {
  loading ??= import(/* webpackChunkName: "http-client" */ './httpClient').then(
    (clients) => {
      loaded = clients;
      for (const setup of setups.keys()) runSetup(setup, clients);
      return clients;
    },
    (error: unknown) => {
      // A chunk that failed to load (offline) is asked for again by the next call.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Group setup and group edit wait on Roblox and Discord: they get the long client (120 s). */
export type HttpClientKind = 'standard' | 'long';

/** The client for one call, loaded with the first call. */
export async function httpClient(kind: HttpClientKind = 'standard'): Promise<AxiosInstance> {
  const { apiClient, longApiClient } = await loadHttpClients();
  return kind === 'long' ? longApiClient : apiClient;
}

/**
 * Runs `setup` on the clients: now if they are loaded, else when they load (before their first
 * request). Returns a function that undoes the setup, or cancels it if it has not run yet.
 */
export function withHttpClients(setup: ClientsSetup): () => void {
  setups.set(setup, null);
  if (loaded) runSetup(setup, loaded);
  return () => {
    setups.get(setup)?.();
    setups.delete(setup);
  };
}
