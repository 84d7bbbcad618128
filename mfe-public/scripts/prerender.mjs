#!/usr/bin/env node
// Build step of mfe-public: writes dist/prerender/landing.html, the landing's signed-out first view
// (markup + one <style> element) rendered from the real Landing components, which the shell's
// server inlines into `/` so the hero is painted before any script runs. The style element has no
// nonce (the shell's server adds the page's), and inline style attributes, which a nonce-based CSP
// refuses in HTML, are moved into that style element as attribute-selector rules.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.join(here, '..');
const outDir = path.join(packageDir, 'dist', 'prerender');
const bundle = path.join(packageDir, 'node_modules', '.cache', 'prerender', 'renderLanding.mjs');

/** Inline style="…" attributes → data-rc-style="n" plus a `[data-rc-style="n"]{…}` rule each. */
export function hoistInlineStyles(html) {
  const rules = new Map(); // declarations -> index
  const markup = html.replace(/ style="([^"]*)"/g, (_match, declarations) => {
    if (!rules.has(declarations)) rules.set(declarations, rules.size);
    return ` data-rc-style="${rules.get(declarations)}"`;
  });
  const css = [...rules]
    .map(
      ([declarations, index]) =>
        `[data-rc-style="${index}"]{${declarations.replace(/&quot;/g, '"').replace(/&amp;/g, '&')}}`,
    )
    .join('');
  return { markup, css };
}

/** styled-components' sheet without its <style> tags, rehydration markers and comments. */
function minifyStyles(css) {
  return css
    .replace(/<\/?style[^>]*>/g, '')
    .replace(/^data-styled\.[^\n]*$/gm, '')
    .replace(/\/\*!sc\*\//g, '')
    .replace(/\n+/g, '');
}

export async function prerenderLanding() {
  await build({
    entryPoints: [path.join(here, 'renderLanding.tsx')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    // CommonJS dependencies bundled into an ES module still call require()
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  const { renderLanding } = await import(`${pathToFileURL(bundle).href}?t=${Date.now()}`);
  const { html, css } = renderLanding();
  const hoisted = hoistInlineStyles(html);
  const styles = minifyStyles(css) + hoisted.css;
  if (styles.includes('</'))
    throw new Error('The landing styles contain "</", which would end the style element.');
  const fragment = `<style data-rc-prerender="">${styles}</style>${hoisted.markup}`;
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'landing.html'), fragment);
  return fragment;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  prerenderLanding()
    .then((fragment) =>
      console.log(`mfe-public: dist/prerender/landing.html (${Buffer.byteLength(fragment)} bytes)`),
    )
    .catch((error) => {
      console.error(`mfe-public: the landing could not be prerendered: ${error.stack || error}`);
      process.exit(1);
    });
}
