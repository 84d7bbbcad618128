// Writes landing-assets.json: the scripts the host's entry loads before any route shows, i.e. the
// entry chunk(s) and the chunk groups it imports at start (the bootstrap). The shell's server
// preloads them from the page, and scripts/check-size-budgets.mjs weighs them.
const { sources, Compilation } = require('webpack');

const jsFiles = (group) =>
  [...group.chunks].flatMap((chunk) => [...chunk.files]).filter((file) => file.endsWith('.js'));

class LandingAssetsPlugin {
  constructor({ entry = 'main', filename = 'landing-assets.json' } = {}) {
    this.entry = entry;
    this.filename = filename;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('LandingAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'LandingAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const entrypoint = compilation.entrypoints.get(this.entry);
          if (!entrypoint) return;
          const startup = [...new Set([...entrypoint.childrenIterable].flatMap(jsFiles))];
          const content = JSON.stringify({ entry: jsFiles(entrypoint), startup }, null, 2);
          compilation.emitAsset(this.filename, new sources.RawSource(`${content}\n`));
        },
      );
    });
  }
}

module.exports = LandingAssetsPlugin;
