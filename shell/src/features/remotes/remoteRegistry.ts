import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { ParcelConfigObject } from 'single-spa';
import { CONTRACT_VERSION, contractMajor } from '@roconnect/shared-lib/contract';

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

/**
 * Why the shell cannot serve a remote built against the shared-lib contract its manifest names
 * (`metaData.roconnect.contractVersion`), or null when it can: same major as the shell's
 * CONTRACT_VERSION (docs/deploying-a-remote.md › Contract version).
 */
export function contractRefusal(remote: string, manifestJson: unknown): string | null {
  const metaData = (manifestJson as { metaData?: { roconnect?: { contractVersion?: unknown } } })
    ?.metaData;
  const built = metaData?.roconnect?.contractVersion;
  if (contractMajor(built) === contractMajor(CONTRACT_VERSION)) return null;
  const builtAgainst =
    typeof built === 'string'
      ? `shared-lib contract ${built}`
      : 'no shared-lib contract version (metaData.roconnect.contractVersion)';
  return (
    `Remote ${remote} refused: it was built against ${builtAgainst}, ` +
    `this shell serves contract ${CONTRACT_VERSION} (major ${contractMajor(CONTRACT_VERSION)} only)`
  );
}

/** Each remote's verdict, from its manifest as it arrived: null when it is served. */
const contractVerdicts = new Map<string, string | null>();

/**
 * Refuses a remote of another contract when its manifest arrives, before any of its code runs:
 * loadRemote rejects, so its region shows the remote's error like any remote that fails to load.
 * The runtime reads a remote's manifest once; its later loads (another expose) come from the
 * snapshot it kept, without the manifest, and get the verdict given then. A snapshot the shell
 * never saw the manifest of is refused.
 */
export const contractCheckPlugin: ModuleFederationRuntimePlugin = {
  name: 'roconnect-contract-check',
  loadRemoteSnapshot(args) {
    const remote = args.moduleInfo.name;
    const known = contractVerdicts.get(remote);
    let refusal: string | null;
    if (args.manifestJson || known === undefined) {
      refusal = contractRefusal(remote, args.manifestJson);
      contractVerdicts.set(remote, refusal);
      if (refusal) console.error(refusal);
    } else {
      refusal = known;
    }
    if (refusal) throw new Error(refusal);
    return args;
  },
};

/** Register every remote with the federation runtime. A team deploys by changing one line. */
export function registerRemoteManifest(next: RemoteManifest): void {
  manifest = next;
  registerPlugins([contractCheckPlugin]);
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
