#!/usr/bin/env node
// One process serving several built remotes, each from its own folder on its own port exactly as
// serve-static.mjs serves one (its manifest, CORS, ETags, precompressed bodies, cache rules):
// `npm start`'s embedded default, where a process per remote would cost a Node runtime each
// (docs/performance.md › Memory). The remotes stay separate deployables; production may still run
// one server, or CDN origin, per remote.
// Usage: node shell/server/serve-remotes.mjs <port>:<dist folder> [<port>:<dist folder> ...]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStaticServer } from './serve-static.mjs';

export const USAGE = 'Usage: node shell/server/serve-remotes.mjs <port>:<dist folder> [...]';

/** `<port>:<dir>` arguments as `[{ port, dir }]`; a bad one throws naming it and what is wrong. */
export function parseSites(args) {
  if (args.length === 0) throw new Error(`Name at least one remote to serve. ${USAGE}`);
  const sites = args.map((arg) => {
    const colon = arg.indexOf(':');
    const port = Number(arg.slice(0, colon));
    const dir = arg.slice(colon + 1);
    if (colon === -1 || !dir) throw new Error(`"${arg}" is not <port>:<dist folder>. ${USAGE}`);
    if (!/^\d+$/.test(arg.slice(0, colon)) || port < 1 || port > 65535)
      throw new Error(`"${arg}": the port is a whole number from 1 to 65535.`);
    return { port, dir: path.resolve(dir) };
  });
  const ports = sites.map((site) => site.port);
  const twice = ports.find((port, i) => ports.indexOf(port) !== i);
  if (twice !== undefined) throw new Error(`Port ${twice} is named twice: one remote a port.`);
  for (const { dir } of sites)
    if (
      !fs.existsSync(path.join(dir, 'mf-manifest.json')) &&
      !fs.existsSync(path.join(dir, 'index.html'))
    )
      throw new Error(`Nothing to serve in ${dir}: run the remote's build first (npm run build).`);
  return sites;
}

function listen(server, port) {
  return new Promise((resolve, reject) => {
    const failed = (error) => reject(error);
    server.once('error', failed);
    server.listen(port, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

function closeServer(server, graceMs) {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/**
 * Serves each `{ port, dir }` on its port. Resolves with `{ servers, close }` once all listen; if
 * one cannot (its port taken), the others are closed and it rejects naming the port and folder.
 * `close(graceMs)` stops accepting, lets requests under way finish (up to graceMs) and resolves.
 */
export async function serveRemotes(sites) {
  const servers = sites.map(({ dir }) => createStaticServer(dir));
  const close = (graceMs = 5_000) =>
    Promise.all(servers.map((server) => closeServer(server, graceMs))).then(() => undefined);
  const listening = servers.map((server, i) =>
    listen(server, sites[i].port).catch((error) => {
      throw new Error(`Cannot serve ${sites[i].dir} on port ${sites[i].port}: ${error.message}`);
    }),
  );
  const failure = (await Promise.allSettled(listening)).find((r) => r.status === 'rejected');
  if (failure) {
    await close(0);
    throw failure.reason;
  }
  return { servers, close };
}

async function main(args) {
  const sites = parseSites(args);
  const { close } = await serveRemotes(sites);
  for (const { port, dir } of sites) console.log(`Serving ${dir} at http://localhost:${port}/`);
  const stop = (signal) => {
    console.log(`remotes' static server: ${signal} received, closing`);
    void close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain)
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
