// Preload hints for the remote a route shows: its mf-manifest.json, its remoteEntry.js and the
// exposed module's chunks, so the browser fetches them while the shell's own scripts load instead
// of one after another. Each manifest is revalidated with its ETag on every page (a remote
// redeployed alone is picked up at once); a remote that does not answer quickly gets no hints.
const TIMEOUT_MS = 300;

import type { PreloadHint } from './entryAfterFirstPaint';

/** What the hints read of a remote's mf-manifest.json. */
interface RemoteManifest {
  metaData: { publicPath?: string; remoteEntry: { path?: string; name: string } };
  exposes: { name: string; assets?: { js?: { sync?: string[] } } }[];
}

const cache = new Map<string, { etag: string; manifest: RemoteManifest }>();

async function readManifest(url: string): Promise<RemoteManifest> {
  const cached = cache.get(url);
  const response = await fetch(url, {
    headers: cached?.etag ? { 'If-None-Match': cached.etag } : {},
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (response.status === 304 && cached) return cached.manifest;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const manifest = (await response.json()) as RemoteManifest;
  const etag = response.headers.get('etag');
  if (etag) cache.set(url, { etag, manifest });
  else cache.delete(url);
  return manifest;
}

/** The URLs to hint for one remote's exposed module, or [] when they cannot be known now. */
export async function remoteHints(manifestUrl: string, expose: string): Promise<PreloadHint[]> {
  let manifest: RemoteManifest;
  try {
    manifest = await readManifest(manifestUrl);
  } catch {
    cache.delete(manifestUrl);
    return [];
  }
  try {
    const publicPath =
      manifest.metaData.publicPath && manifest.metaData.publicPath !== 'auto'
        ? manifest.metaData.publicPath
        : new URL('.', manifestUrl).href;
    const at = (file: string) => new URL(file, publicPath).href;
    const entry = manifest.metaData.remoteEntry;
    const hints: PreloadHint[] = [
      { href: manifestUrl, as: 'fetch' },
      { href: at(`${entry.path ? `${entry.path}/` : ''}${entry.name}`), as: 'script' },
    ];
    const exposed = expose ? manifest.exposes.find((item) => item.name === expose) : undefined;
    for (const file of exposed?.assets?.js?.sync ?? [])
      hints.push({ href: at(file), as: 'script' });
    return hints;
  } catch {
    return [];
  }
}

export function linkTags(hints: PreloadHint[], nonce: string): string {
  return hints
    .map(({ href, as }) =>
      as === 'fetch'
        ? `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(href)}" nonce="${nonce}">`
        : `<link rel="preload" as="script" href="${escapeAttribute(href)}" nonce="${nonce}">`,
    )
    .join('');
}

/** The API's calls are CORS requests without credentials: the anonymous connection pool. */
export function preconnectTag(origin: string): string {
  return `<link rel="preconnect" href="${escapeAttribute(origin)}" crossorigin="anonymous">`;
}

export function escapeAttribute(value: unknown): string {
  return String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
