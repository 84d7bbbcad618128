/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { request } from './serverTestHttp';

// server/serve-remotes.mjs: one process serving each built remote from its own folder on its own
// port (npm start's embedded default), each exactly as server/serve-static.mjs serves one.
interface ServeRemotesModule {
  parseSites(args: string[]): { port: number; dir: string }[];
  serveRemotes(
    sites: { port: number; dir: string }[],
  ): Promise<{ servers: http.Server[]; close(graceMs?: number): Promise<void> }>;
  USAGE: string;
}
const SERVE_REMOTES = '../server/serve-remotes.mjs';

let serveRemotesModule: ServeRemotesModule;
let root: string;
const remotes = ['mfe_public', 'mfe_accounts'] as const;
const dirOf = (name: string) => path.join(root, name);

/** A port nothing listens on now (the kernel's pick, closed again). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  serveRemotesModule = (await import(SERVE_REMOTES)) as ServeRemotesModule;
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-serve-remotes-'));
  for (const name of remotes) {
    fs.mkdirSync(dirOf(name));
    fs.writeFileSync(path.join(dirOf(name), 'mf-manifest.json'), JSON.stringify({ name }));
    fs.writeFileSync(path.join(dirOf(name), `${name}.0123abcd.js`), `/* ${name} */\n`);
  }
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('serveRemotes: one process, a port and a folder per remote', () => {
  it('answers each port from its own folder, with its manifest and its cache rules', async () => {
    const sites = [];
    for (const name of remotes) sites.push({ port: await freePort(), dir: dirOf(name), name });
    const { close } = await serveRemotesModule.serveRemotes(sites);
    try {
      for (const [i, { port, name }] of sites.entries()) {
        const manifest = await request(port, '/mf-manifest.json');
        expect(manifest.status).toBe(200);
        expect(JSON.parse(manifest.text)).toEqual({ name });
        expect(manifest.headers['cache-control']).toBe('no-cache');
        expect(manifest.headers['access-control-allow-origin']).toBe('*');
        const chunk = await request(port, `/${name}.0123abcd.js`);
        expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        // the other remote's file is not there: each port serves its own folder only
        const other = remotes[1 - i];
        expect((await request(port, `/${other}.0123abcd.js`)).status).toBe(404);
      }
    } finally {
      await close();
    }
  });

  it('refuses to start when a port is taken, naming it and its folder, and leaves none open', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    const takenPort = (taken.address() as net.AddressInfo).port;
    const freeOne = await freePort();
    try {
      await expect(
        serveRemotesModule.serveRemotes([
          { port: freeOne, dir: dirOf('mfe_public') },
          { port: takenPort, dir: dirOf('mfe_accounts') },
        ]),
      ).rejects.toThrow(`Cannot serve ${dirOf('mfe_accounts')} on port ${takenPort}`);
      // the remote that could listen was closed again
      await expect(request(freeOne, '/mf-manifest.json')).rejects.toThrow();
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('parseSites: its <port>:<dist folder> arguments', () => {
  it('reads each as a port and an absolute folder', () => {
    expect(serveRemotesModule.parseSites([`3001:${dirOf('mfe_public')}`])).toEqual([
      { port: 3001, dir: dirOf('mfe_public') },
    ]);
  });

  it.each([
    [[], 'Name at least one remote to serve.'],
    [['3001'], '"3001" is not <port>:<dist folder>.'],
    [['3001:'], '"3001:" is not <port>:<dist folder>.'],
    [['x:/tmp'], '"x:/tmp": the port is a whole number from 1 to 65535.'],
    [['70000:/tmp'], '"70000:/tmp": the port is a whole number from 1 to 65535.'],
  ])('refuses %j with a message naming what is wrong', (args, message) => {
    expect(() => serveRemotesModule.parseSites(args)).toThrow(message);
  });

  it('refuses one port named twice, and a folder with nothing built in it', () => {
    const dir = dirOf('mfe_public');
    expect(() => serveRemotesModule.parseSites([`3001:${dir}`, `3001:${dir}`])).toThrow(
      'Port 3001 is named twice: one remote a port.',
    );
    expect(() => serveRemotesModule.parseSites([`3001:${root}`])).toThrow(
      `Nothing to serve in ${root}: run the remote's build first (npm run build).`,
    );
  });
});
