// Writes landing-assets.json: the scripts the host's entry loads before any route shows, i.e. the
// entry chunk(s), the bootstrap it imports at start, and the shared modules those consume; and the
// scripts of the HTTP client, which loads with the first API call; and, by name, the scripts of
// each page chunk the shell fetches as it boots on that page (`pages`: the dashboard's body and its
// query layer). The shell's server preloads them from the page (the client only where the page
// calls the API, a page chunk only on its route), and scripts/check-size-budgets.mjs weighs the
// start.
//
// Not every child of the entry is loaded at start: each shared module the host provides is a
// child too (loaded only when something consumes it), and a dynamic import inside the bootstrap
// (the HTTP client, a lazy page) loads when it runs. So the walk follows only the entry's own
// imports and the shared modules consumed by what it already holds; a consumed module comes from
// the host's own provided copy (the share scope's, not the consume's fallback chunk).
const { sources, Compilation } = require('webpack');

const jsFiles = (group) =>
  [...group.chunks].flatMap((chunk) => [...chunk.files]).filter((file) => file.endsWith('.js'));

const isProvidedShare = (module) => module?.type === 'provide-module';
const isConsumedShare = (module) => module?.type === 'consume-shared-module';

/** share key -> the chunk group of the host's provided copy */
function providedGroups(entrypoint) {
  const byKey = new Map();
  for (const child of entrypoint.childrenIterable)
    for (const { module } of child.origins)
      if (isProvidedShare(module)) byKey.set(module._name, child);
  return byKey;
}

/**
 * The chunk groups loaded with `start` (an entrypoint or a named dynamic import); `lazy` groups
 * (the HTTP client, imported by shared-lib when the first call is made) are not followed.
 */
function loadedWith(start, provided, lazy = new Set()) {
  const groups = [start];
  const seen = new Set([start, ...lazy]);
  const visit = (parent) => {
    for (const child of parent.childrenIterable) {
      const origins = child.origins.map((origin) => origin.module);
      const consumed = origins.find(isConsumedShare);
      let loaded = null;
      if (consumed) loaded = provided.get(consumed.options.shareKey) ?? child;
      else if (
        parent === start &&
        start.isInitial() &&
        origins.some((module) => module && !isProvidedShare(module))
      )
        loaded = child;
      if (!loaded || seen.has(loaded)) continue;
      seen.add(loaded);
      groups.push(loaded);
      visit(loaded);
    }
  };
  visit(start);
  return groups;
}

class LandingAssetsPlugin {
  constructor({
    entry = 'main',
    httpClientChunk = 'http-client',
    pageChunks = ['dashboard'],
    filename = 'landing-assets.json',
  } = {}) {
    this.entry = entry;
    this.httpClientChunk = httpClientChunk;
    this.pageChunks = pageChunks;
    this.filename = filename;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('LandingAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'LandingAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const entrypoint = compilation.entrypoints.get(this.entry);
          if (!entrypoint) return;
          const entryFiles = new Set(jsFiles(entrypoint));
          const provided = providedGroups(entrypoint);
          const clientGroup = compilation.namedChunkGroups.get(this.httpClientChunk);
          const lazy = new Set(clientGroup ? [clientGroup] : []);
          const startup = [
            ...new Set(loadedWith(entrypoint, provided, lazy).flatMap(jsFiles)),
          ].filter((file) => !entryFiles.has(file));
          const beyondStart = (group) =>
            [...new Set(loadedWith(group, provided).flatMap(jsFiles))].filter(
              (file) => !entryFiles.has(file) && !startup.includes(file),
            );
          const httpClient = clientGroup ? beyondStart(clientGroup) : [];
          const pages = {};
          for (const name of this.pageChunks) {
            const group = compilation.namedChunkGroups.get(name);
            if (!group) throw new Error(`LandingAssetsPlugin: no chunk is named "${name}"`);
            pages[name] = beyondStart(group);
          }
          const content = JSON.stringify(
            { entry: [...entryFiles], startup, httpClient, pages },
            null,
            2,
          );
          compilation.emitAsset(this.filename, new sources.RawSource(`${content}\n`));
        },
      );
    });
  }
}

module.exports = LandingAssetsPlugin;
