/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map';
import webpack from 'webpack';

// tools/webpack is plain CommonJS shared by every package's build
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CompileHintsPlugin, COMPILE_HINT } = require('../../tools/webpack/CompileHintsPlugin') as {
  CompileHintsPlugin: new () => webpack.WebpackPluginInstance;
  COMPILE_HINT: string;
};

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-compile-hints-'));
  fs.mkdirSync(path.join(tmp, 'src'));
  fs.writeFileSync(
    path.join(tmp, 'src', 'index.js'),
    "const greeting = 'hello from the entry';\nconsole.log(greeting);\nimport('./later').then((m) => m.later());\n",
  );
  fs.writeFileSync(
    path.join(tmp, 'src', 'later.js'),
    "export function later() {\n  console.log('hello from a chunk');\n}\n",
  );
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function build(): Promise<void> {
  return new Promise((resolve, reject) =>
    webpack(
      {
        mode: 'production',
        context: tmp,
        entry: './src/index.js',
        output: {
          path: path.join(tmp, 'dist'),
          filename: '[name].js',
          chunkFilename: '[name].[contenthash:8].js',
        },
        devtool: 'source-map',
        plugins: [new CompileHintsPlugin()],
      },
      (error, stats) => {
        if (error) return reject(error);
        if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
        resolve();
      },
    ),
  );
}

describe('CompileHintsPlugin (tools/webpack)', () => {
  it('puts the hint on the first line of every script, after minification, with maps still right', async () => {
    await build();
    const dist = path.join(tmp, 'dist');
    const scripts = fs.readdirSync(dist).filter((file) => file.endsWith('.js'));
    expect(scripts).toHaveLength(2);
    for (const file of scripts) {
      const code = fs.readFileSync(path.join(dist, file), 'utf8');
      expect(code.startsWith(COMPILE_HINT)).toBe(true);
      // minified: the hint and the code on one more line, not the whole source
      expect(code.split('\n').length).toBeLessThanOrEqual(3);
      const quote = code.includes('hello from the entry')
        ? 'hello from the entry'
        : 'hello from a chunk';
      const line = code.split('\n').findIndex((text) => text.includes(quote));
      const column = code.split('\n')[line]!.indexOf(quote);
      const map = JSON.parse(
        fs.readFileSync(path.join(dist, `${file}.map`), 'utf8'),
      ) as RawSourceMap;
      const consumer = await new SourceMapConsumer(map);
      const original = consumer.originalPositionFor({ line: line + 1, column });
      expect(original.source).toMatch(quote.endsWith('entry') ? /index\.js$/ : /later\.js$/);
      expect(original.line).toBe(quote.endsWith('entry') ? 1 : 2);
    }
  });
});
