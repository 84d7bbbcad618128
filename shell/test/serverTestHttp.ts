import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { serverRouteTable } from '../src/app/routeTable';

export { close, listen, request, type Reply } from '@roconnect/tools/testing/http';

/**
 * The shell's server as `npm run build` bundles it (scripts/build-server.mjs): what operators run,
 * for tests that start it as a process of its own. Written into shell/dist-server/ under a name of
 * its own (its packages resolve from the workspace there); remove it when done.
 */
export function buildShellServer(): string {
  const outfile = path.join(
    __dirname,
    '..',
    'dist-server',
    `test-${process.pid}-${Math.random().toString(36).slice(2)}.mjs`,
  );
  execFileSync(process.execPath, [
    path.join(__dirname, '..', 'scripts', 'build-server.mjs'),
    outfile,
  ]);
  return outfile;
}

/** dist/route-table.json as the build writes it from the route table (src/app/routeTable.ts). */
export function writeRouteTable(distDir: string): void {
  fs.writeFileSync(path.join(distDir, 'route-table.json'), JSON.stringify(serverRouteTable()));
}

/** The shell's server is plain Node ESM (.mjs): loaded by path, typed here for the tests. */
export interface ShellServerModule {
  createShellServer(options: {
    distDir: string;
    remotesFile: string;
    configFile: string;
    apiUpstream?: string;
    trustProxy?: boolean | string;
  }): http.Server;
}
