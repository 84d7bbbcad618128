// Marks every JavaScript file of a production build for eager compilation with V8's explicit
// compile hint (`//# allFunctionsCalledOnLoad` as the first line; Chromium 136+, ignored elsewhere).
// V8 then compiles the file's functions on a background thread while it streams in, instead of
// compiling each one on the main thread when it is first called. See docs/performance.md.
const { Compilation, sources } = require('webpack');

const HINT = '//# allFunctionsCalledOnLoad\n';

class CompileHintsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // after minification (which would drop the comment), before source maps are written, so
        // the maps account for the extra line
        {
          name: 'CompileHintsPlugin',
          stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 50,
        },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!/\.m?js$/.test(name)) continue;
            compilation.updateAsset(name, (source) =>
              source.source().toString().startsWith(HINT)
                ? source
                : new sources.ConcatSource(HINT, source),
            );
          }
        },
      );
    });
  }
}

module.exports = { CompileHintsPlugin, COMPILE_HINT: HINT };
