import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serverRouteTable } from '../src/app/routeTable';

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

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** A raw HTTP request: no path normalisation and no automatic decompression, unlike fetch. */
export function request(
  port: number,
  pathname: string,
  options: {
    method?: string;
    headers?: http.OutgoingHttpHeaders;
    body?: string;
    /** the client's address: another loopback address (127.0.0.2) stands for another machine */
    localAddress?: string;
  } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.localAddress,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: body.toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export function close(server: http.Server | undefined): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}
