/**
 * Stand-in for `@module-federation/enhanced/runtime` under Jest (mapped in shell/jest.config.js).
 * "Remotes" are local test parcels built with shared-lib's defineParcel; a test can make a remote
 * fail until it is told to recover, hold a load open, swap in its own parcel for an expose, or
 * serve a manifest of its own (which registered plugins see, as the real runtime's
 * `loadRemoteSnapshot` hook does).
 */
import { createElement, useEffect } from 'react';
import type { ParcelConfigObject } from 'single-spa';
import { defineParcel } from '@roconnect/shared-lib';
import { CONTRACT_VERSION } from '@roconnect/shared-lib/contract';

export interface RemoteRegistration {
  name: string;
  entry: string;
}
export interface RegisterCall {
  remotes: RemoteRegistration[];
  force: boolean;
}

const registered = new Map<string, string>();
const registerCalls: RegisterCall[] = [];
const loadCalls: string[] = [];
const failing = new Set<string>();
const held = new Map<string, Promise<void>>();
const overrides = new Map<string, ParcelConfigObject>();
const probeCache = new Map<string, ParcelConfigObject>();
const manifests = new Map<string, object>();
/** remotes whose manifest the runtime has read (and whose snapshot it keeps) */
const snapshotted = new Set<string>();

interface SnapshotPlugin {
  name: string;
  loadRemoteSnapshot?: (args: {
    moduleInfo: RemoteRegistration;
    manifestJson?: object;
    manifestUrl?: string;
    from: 'manifest' | 'global';
  }) => unknown;
}
const plugins = new Map<string, SnapshotPlugin>();

/** A remote's manifest as its build writes it, unless a test serves another. */
const builtManifest = (remote: string) => ({
  name: remote,
  metaData: { roconnect: { contractVersion: CONTRACT_VERSION } },
  exposes: [],
  shared: [],
});
const events: string[] = [];
let live = 0;

type Lifecycle = (props: Record<string, unknown>) => Promise<unknown>;

/**
 * A parcel's React root is its own app, driven by single-spa rather than by the test, like a remote
 * in the browser. Its lifecycle calls run with React's act checks off so they do not warn.
 */
function outsideAct<T>(fn: () => T): T {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const previous = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    return fn();
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = previous;
  }
}

/** Wraps a parcel's lifecycles: outside act, and counting mounted parcels so tests can wait for none. */
function served(config: ParcelConfigObject): ParcelConfigObject {
  const lifecycles = config as unknown as Record<
    'mount' | 'unmount' | 'update',
    Lifecycle | Lifecycle[] | undefined
  >;
  const chain =
    (fns: Lifecycle | Lifecycle[] | undefined) => async (props: Record<string, unknown>) => {
      for (const fn of Array.isArray(fns) ? fns : fns ? [fns] : [])
        await outsideAct(() => fn(props));
    };
  const mount = chain(lifecycles.mount);
  const unmount = chain(lifecycles.unmount);
  const update = lifecycles.update ? chain(lifecycles.update) : undefined;
  return {
    ...config,
    mount: async (props: Record<string, unknown>) => {
      await mount(props);
      live += 1;
    },
    unmount: async (props: Record<string, unknown>) => {
      await unmount(props);
      live -= 1;
    },
    ...(update ? { update } : {}),
  } as unknown as ParcelConfigObject;
}

function describeValue(value: unknown): string | null {
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value === null
  )
    return String(value);
  if (
    value &&
    typeof value === 'object' &&
    !(value instanceof Node) &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    return JSON.stringify(value);
  }
  return null;
}

/** Props single-spa adds to every parcel; not the shell's, so the probe does not list them. */
const SINGLE_SPA_PROPS = new Set(['name', 'domElement', 'mountParcel', 'unmountSelf', 'singleSpa']);

/**
 * The default parcel of an expose: a region named `<remote>/<expose>` listing the data props it
 * was given as `key=value` lines, and recording mount/unmount in `federation.events`.
 */
function probeParcel(id: string): ParcelConfigObject {
  const cached = probeCache.get(id);
  if (cached) return cached;
  function Probe(props: Record<string, unknown>) {
    useEffect(() => {
      events.push(`mount ${id}`);
      return () => {
        events.push(`unmount ${id}`);
      };
    }, []);
    const lines = Object.entries(props)
      .filter(([key]) => !SINGLE_SPA_PROPS.has(key))
      .map(([key, value]) => [key, describeValue(value)] as const)
      .filter((entry): entry is readonly [string, string] => entry[1] !== null)
      .map(([key, value]) => createElement('li', { key }, `${key}=${value}`));
    return createElement(
      'div',
      { role: 'region', 'aria-label': id },
      createElement('p', null, `Parcel ${id}`),
      createElement('ul', { 'aria-label': `${id} props` }, lines),
    );
  }
  const parcel = defineParcel(id, Probe) as unknown as ParcelConfigObject;
  probeCache.set(id, parcel);
  return parcel;
}

export function registerRemotes(
  remotes: RemoteRegistration[],
  options?: { force?: boolean },
): void {
  registerCalls.push({
    remotes: remotes.map((r) => ({ name: r.name, entry: r.entry })),
    force: Boolean(options?.force),
  });
  for (const { name, entry } of remotes) {
    if (registered.has(name) && !options?.force) continue;
    registered.set(name, entry);
    snapshotted.delete(name);
  }
}

/** Plugins are kept by name, the first of a name wins, as in the runtime. */
export function registerPlugins(list: SnapshotPlugin[]): void {
  for (const plugin of list) if (!plugins.has(plugin.name)) plugins.set(plugin.name, plugin);
}

export async function loadRemote<T>(id: string): Promise<T | null> {
  loadCalls.push(id);
  const remote = id.split('/')[0] ?? id;
  const gate = held.get(remote);
  if (gate) await gate;
  const entry = registered.get(remote);
  if (entry === undefined) throw new Error(`[fake federation] remote ${remote} is not registered`);
  if (failing.has(remote))
    throw new Error(`[fake federation] ${remote} failed to load (entry ${entry})`);
  // As the runtime: the manifest on a remote's first load, the snapshot it kept on later ones.
  const fromManifest = !snapshotted.has(remote);
  snapshotted.add(remote);
  for (const plugin of plugins.values())
    await plugin.loadRemoteSnapshot?.(
      fromManifest
        ? {
            moduleInfo: { name: remote, entry },
            manifestJson: manifests.get(remote) ?? builtManifest(remote),
            manifestUrl: entry,
            from: 'manifest',
          }
        : { moduleInfo: { name: remote, entry }, from: 'global' },
    );
  const parcel = overrides.get(id) ?? probeParcel(id);
  return { default: served(parcel) } as T;
}

/** Test controls for the fake runtime. */
export const federation = {
  /** every loadRemote(id) call, in order */
  loadCalls,
  /** every registerRemotes call, in order */
  registerCalls,
  /** `mount <id>` / `unmount <id>` of the probe parcels, in order */
  events,
  registered: (): ReadonlyMap<string, string> => registered,
  /** how many parcels are mounted right now */
  liveParcels: (): number => live,
  /** loadRemote for this remote rejects until `recover` */
  fail(remote: string): void {
    failing.add(remote);
  },
  recover(remote: string): void {
    failing.delete(remote);
  },
  /** loadRemote for this remote waits until the returned function is called */
  hold(remote: string): () => void {
    let release!: () => void;
    held.set(
      remote,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    return () => {
      held.delete(remote);
      release();
    };
  },
  /** serve this parcel for `<remote>/<expose>` instead of the probe */
  provide(id: string, parcel: ParcelConfigObject): void {
    overrides.set(id, parcel);
  },
  /** serve this mf-manifest.json for the remote instead of the one its build writes */
  serveManifest(remote: string, manifestJson: object): void {
    manifests.set(remote, manifestJson);
  },
  reset(): void {
    registered.clear();
    registerCalls.length = 0;
    loadCalls.length = 0;
    failing.clear();
    held.clear();
    overrides.clear();
    manifests.clear();
    snapshotted.clear();
    events.length = 0;
  },
};
