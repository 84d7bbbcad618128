import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * A federation runtime plugin that answers the manifests the shell's server inlined in the page
 * (the route's remote, as the server just revalidated it) instead of asking the network. Each is
 * answered once: a retry after a failed load goes back to the network.
 */
export function inlinedManifestsPlugin(inlined: unknown): ModuleFederationRuntimePlugin {
  const pending = new Map<string, unknown>(
    inlined && typeof inlined === 'object' && !Array.isArray(inlined)
      ? Object.entries(inlined)
      : [],
  );
  return {
    name: 'roconnect-inlined-manifests',
    fetch(url: string) {
      const manifest = pending.get(url);
      if (manifest === undefined || manifest === null || typeof manifest !== 'object') return;
      pending.delete(url);
      return Promise.resolve(
        new Response(JSON.stringify(manifest), {
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    },
  };
}
