#!/usr/bin/env node
// CI size budgets (docs/performance.md › Size budgets), read from the production build: the
// JavaScript the landing page loads, each remote's remoteEntry.js, the dashboard's inline early
// load, and react-dom downloaded once.
// Exits 1 naming every file over budget.
// Usage: node scripts/check-size-budgets.mjs   (after the production build)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KB = 1000;

export const BUDGETS = {
  // Brotli, as the servers send it to browsers (the build writes a .br beside every script); the
  // gzip figure is printed beside it for clients that take only gzip (docs/performance.md).
  landingJs: 150 * KB,
  remoteEntry: 10 * KB,
  // Files the shell's start downloads from its origin (entry and startup chunks): beside the
  // page, the icon and the remote's files, more than four wait for a connection on HTTP/1.1's six.
  shellStartFiles: 4,
  // Bytes as written: the server inlines it into every /dashboard page, which the browser parses
  // before anything else; it needs the token store and the paths, never the shared runtime.
  dashboardEarlyLoad: 6 * KB,
};

export const REMOTE_DIRS = {
  mfe_public: 'mfe-public',
  mfe_accounts: 'mfe-accounts',
  mfe_servers: 'mfe-servers',
  mfe_setup: 'mfe-setup',
};
/**
 * The route `/` shows mfe_public's Landing (shell/src/app/routes.tsx) and then fetches the parcel
 * a visitor opens next, Login (shell/src/features/remotes/routePreloads.ts): both are the landing's.
 */
const LANDING_PARCELS = [
  { remote: 'mfe_public', expose: 'Landing' },
  { remote: 'mfe_public', expose: 'Login' },
];

const formatKb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

function readJson(file, what) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(`${what}: ${file} is missing. Run the production build first.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what}: ${file} is not valid JSON.`);
  }
}

function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** Brotli at the quality the build writes its .br files with (tools/webpack/baseConfig.js). */
function brotliSize(file) {
  return zlib.brotliCompressSync(fs.readFileSync(file), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
  }).length;
}

/** The react-dom modules a bundle contains, from the license banners terser keeps. */
function reactDomModules(file) {
  const texts = [file, `${file}.LICENSE.txt`]
    .filter((candidate) => fs.existsSync(candidate))
    .map((candidate) => fs.readFileSync(candidate, 'utf8'));
  const found = new Set();
  for (const text of texts)
    for (const match of text.matchAll(/react-dom[\w.-]*?\.(production|development)(\.min)?\.js/g))
      found.add(match[0]);
  return found;
}

/**
 * Weigh the build under `root`. Returns the figures, one message per budget broken, and the
 * scripts weighed for the landing.
 * @param {{ root?: string, budgets?: typeof BUDGETS }} [options]
 */
export function checkSizeBudgets({ root = ROOT, budgets = BUDGETS } = {}) {
  const figures = [];
  const failures = [];
  const shellDist = path.join(root, 'shell', 'dist');
  const relative = (file) => path.relative(root, file);

  const landingAssets = readJson(path.join(shellDist, 'landing-assets.json'), 'shell');
  const shellFiles = [...landingAssets.entry, ...landingAssets.startup].map((file) =>
    path.join(shellDist, file),
  );
  // loaded with the first API call, which the landing (signed out) never makes
  const httpClientFiles = (landingAssets.httpClient || []).map((file) =>
    path.join(shellDist, file),
  );

  const remotes = Object.entries(REMOTE_DIRS).map(([name, dir]) => {
    const dist = path.join(root, dir, 'dist');
    const manifest = readJson(path.join(dist, 'mf-manifest.json'), name);
    const entry = path.join(dist, manifest.metaData.remoteEntry.name);
    const exposedFiles = (manifest.exposes || []).flatMap((expose) => [
      ...(expose.assets?.js?.sync || []),
      ...(expose.assets?.js?.async || []),
    ]);
    return { name, dist, manifest, entry, exposedFiles: [...new Set(exposedFiles)] };
  });

  for (const remote of remotes) {
    const size = gzipSize(remote.entry);
    figures.push({ figure: `${remote.name} remoteEntry.js, gzip`, bytes: size });
    if (size > budgets.remoteEntry)
      failures.push(
        `${relative(remote.entry)} is ${formatKb(size)} gzip, over the ${formatKb(budgets.remoteEntry)} budget for a remoteEntry.js (is the federation runtime bundled in it again?)`,
      );
  }

  figures.push({ figure: "shell's start, files", bytes: null, text: String(shellFiles.length) });
  if (shellFiles.length > budgets.shellStartFiles)
    failures.push(
      `the shell's start is ${shellFiles.length} files (${shellFiles.map(relative).join(', ')}), over its budget of ${budgets.shellStartFiles}: each waits for one of the six connections`,
    );

  const landingFiles = [...shellFiles];
  for (const { remote: name, expose: exposeName } of LANDING_PARCELS) {
    const remote = remotes.find((candidate) => candidate.name === name);
    const expose = remote.manifest.exposes.find((candidate) => candidate.name === exposeName);
    if (!expose) throw new Error(`${name} exposes no ${exposeName} parcel.`);
    for (const file of [
      remote.entry,
      ...(expose.assets.js.sync || []).map((sync) => path.join(remote.dist, sync)),
    ])
      if (!landingFiles.includes(file)) landingFiles.push(file);
  }
  const weighed = landingFiles.map((file) => ({ file, bytes: brotliSize(file) }));
  const landingTotal = weighed.reduce((sum, item) => sum + item.bytes, 0);
  figures.push({
    figure: `landing / JavaScript, brotli (${weighed.length} files)`,
    bytes: landingTotal,
  });
  figures.push({
    figure: `landing / JavaScript, gzip (${weighed.length} files, for reference)`,
    bytes: landingFiles.reduce((sum, file) => sum + gzipSize(file), 0),
  });
  if (landingTotal > budgets.landingJs) {
    const largest = [...weighed]
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 5)
      .map((item) => `${relative(item.file)} ${formatKb(item.bytes)}`)
      .join(', ');
    failures.push(
      `the landing page loads ${formatKb(landingTotal)} of JavaScript (brotli), over its ${formatKb(budgets.landingJs)} budget; largest: ${largest}`,
    );
  }

  const earlyLoad = path.join(shellDist, 'early-load', 'dashboard.js');
  if (!fs.existsSync(earlyLoad))
    throw new Error(`shell: ${earlyLoad} is missing. Run the production build first.`);
  const earlyLoadBytes = fs.statSync(earlyLoad).size;
  figures.push({ figure: "dashboard's inline early load, as written", bytes: earlyLoadBytes });
  if (earlyLoadBytes > budgets.dashboardEarlyLoad)
    failures.push(
      `${relative(earlyLoad)} is ${formatKb(earlyLoadBytes)}, over its ${formatKb(budgets.dashboardEarlyLoad)} budget: the server inlines it into every /dashboard page (does it import shared-lib's main entry, and with it React?)`,
    );

  // Everything the browser may load: the shell's start, and each remote's entry and exposed
  // chunks (not its shared fallbacks, which the shell's copies replace).
  const loadable = [
    ...shellFiles,
    ...httpClientFiles,
    ...remotes.flatMap((remote) => [
      remote.entry,
      ...remote.exposedFiles.map((file) => path.join(remote.dist, file)),
    ]),
  ];
  const bundlesByModule = new Map();
  for (const file of new Set(loadable))
    for (const module of reactDomModules(file))
      bundlesByModule.set(module, [...(bundlesByModule.get(module) || []), relative(file)]);
  for (const [module, bundles] of bundlesByModule)
    if (bundles.length > 1)
      failures.push(
        `${module} is in ${bundles.length} bundles the browser loads (${bundles.join(', ')}): react-dom must be downloaded once, from the shell`,
      );
  figures.push({
    figure: 'react-dom modules in loadable bundles',
    bytes: null,
    text:
      [...bundlesByModule].map(([module, bundles]) => `${module} × ${bundles.length}`).join(', ') ||
      'none',
  });

  // the scripts weighed for the landing, relative to root (e2e/tests/performance.spec.ts checks
  // that the browser loads exactly these)
  return { figures, failures, landingFiles: landingFiles.map(relative) };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    const { figures, failures } = checkSizeBudgets();
    for (const { figure, bytes, text } of figures)
      console.log(`${figure}: ${text ?? formatKb(bytes)}`);
    if (failures.length) {
      console.error(`\nSize budgets broken:\n${failures.map((f) => `- ${f}`).join('\n')}`);
      process.exit(1);
    }
    console.log('Size budgets: all within budget.');
  } catch (error) {
    console.error(`Size budgets could not be checked: ${error.message}`);
    process.exit(1);
  }
}
