import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ParcelConfigObject } from 'single-spa';

/** remote name -> URL of its mf-manifest.json, as published in remotes.json */
export type RemoteManifest = Record<string, string>;
export type RemoteName = 'mfe_public' | 'mfe_accounts' | 'mfe_servers' | 'mfe_setup';

/** One module a remote exposes (its webpack config's `exposes`, without the `./`). */
export interface ParcelRef {
  remote: RemoteName;
  expose: string;
}

let manifest: RemoteManifest = {};

/** remotes.json: inlined in the page by the shell's server (`inlined`), else fetched from `url`. */
export async function fetchRemoteManifest(
  url = '/remotes.json',
  inlined?: unknown,
): Promise<RemoteManifest> {
  let data = inlined;
  if (data === undefined) {
    const response = await fetch(url, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    data = (await response.json()) as unknown;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new Error(`${url} is not a JSON object`);
  for (const [name, entry] of Object.entries(data)) {
    if (typeof entry !== 'string')
      throw new Error(`${url}: entry for ${name} must be a URL string`);
  }
  return data as RemoteManifest;
}

/** Register every remote with the federation runtime. A team deploys by changing one line. */
export function registerRemoteManifest(next: RemoteManifest): void {
  manifest = next;
  registerRemotes(Object.entries(next).map(([name, entry]) => ({ name, entry })));
}

/**
 * Load one exposed parcel. After a failure the remote is registered again with `force`, so the
 * runtime drops its cached failure and a retry really goes back to the network.
 */
export async function loadParcelConfig(
  remote: RemoteName,
  expose: string,
): Promise<ParcelConfigObject> {
  try {
    const module = await loadRemote<{ default: ParcelConfigObject }>(`${remote}/${expose}`);
    if (!module?.default) throw new Error(`${remote}/${expose} exposes no parcel`);
    return module.default;
  } catch (error) {
    const entry = manifest[remote];
    if (entry) registerRemotes([{ name: remote, entry }], { force: true });
    throw error;
  }
}

/** Warm a remote the next route needs; failures surface later where the parcel is shown. */
export function preloadParcel(remote: RemoteName, expose: string): void {
  loadParcelConfig(remote, expose).catch(() => undefined);
}
