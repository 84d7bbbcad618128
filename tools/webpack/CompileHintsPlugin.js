// Marks every JavaScript file of a production build for eager compilation with V8's explicit
// compile hint (`//# allFunctionsCalledOnLoad` as the first line; Chromium 136+, ignored elsewhere).
// V8 then compiles the file's functions on a background thread while it streams in, instead of
// compiling each one on the main thread when it is first called
// (docs/performance.md › Main-thread work).
const { Compilation, sources } = require('webpack');

const HINT = '//# allFunctionsCalledOnLoad\n';

class CompileHintsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // after minification (which would drop the comment) and after the source maps are written
        // (some of a federated build's come from elsewhere): each map is moved down one line here
        {
          name: 'CompileHintsPlugin',
          stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING + 100,
        },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!/\.m?js$/.test(name)) continue;
            if (assets[name].source().toString().startsWith(HINT)) continue;
            compilation.updateAsset(name, (source) => new sources.ConcatSource(HINT, source));
            const mapName = `${name}.map`;
            if (!assets[mapName]) continue;
            const map = JSON.parse(assets[mapName].source().toString());
            map.mappings = `;${map.mappings}`;
            compilation.updateAsset(mapName, new sources.RawSource(JSON.stringify(map)));
          }
        },
      );
    });
  }
}

module.exports = { CompileHintsPlugin, COMPILE_HINT: HINT };
