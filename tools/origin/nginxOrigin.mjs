// The one-origin shape served by Debian's nginx with deploy/nginx/roconnect.conf, as production
// should run it (docs/production.md, §4): /_api/ straight to the API, the remotes' built files
// from disk, everything else from a shell server of its own (the same build, with a remotes.json
// naming the manifests on nginx's origin). The template is rendered into a folder made for the
// run, with a certificate made for the run; nginx runs in the foreground with its pid, logs and
// temporary files there, on a free port.
// Used by the benchmark (bench/lib/api.mjs: startNginx in front of an API alone) and, as a
// command beside a running `npm start`, by the e2e suite: `node tools/origin/nginxOrigin.mjs
// [--port-offset N]` prints `{ "origin", "spki" }` as one JSON line and serves until it is
// stopped; N names the stack on `npm start`'s ports plus N (tools/stack, stackPorts), 0 by default.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { NGINX, NGINX_BROTLI_STATIC_MODULE } from '../install/ensure.mjs';
import { serveOriginAsCommand } from './command.mjs';
import { localhostCertificate, spkiFingerprint } from './httpsIngress.mjs';
import { startOriginShell, stopOriginShell } from './originShell.mjs';
import { REMOTES, ROOT, freePort, isPortOpen, stackPorts } from '../stack/index.cjs';

export const NGINX_TEMPLATE = path.join(ROOT, 'deploy', 'nginx', 'roconnect.conf');
const PLACEHOLDER = /\$\{(ROCONNECT_[A-Z_]+)\}/g;
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The template with its `${ROCONNECT_…}` placeholders filled in, as envsubst would. */
export function renderNginxConfig(template, values) {
  const missing = new Set();
  const text = template.replace(PLACEHOLDER, (_, name) => {
    if (values[name] === undefined) missing.add(name);
    return values[name] ?? '';
  });
  if (missing.size > 0)
    throw new Error(`deploy/nginx/roconnect.conf needs a value for ${[...missing].join(', ')}.`);
  return text;
}

/** The processes whose parent is `pid` (nginx's workers), from /proc. */
export function childPids(pid) {
  const children = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.split(') ')[1].split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // the process ended while the list was read
    }
  }
  return children;
}

/** Resolves with the status of GET `url`, trusting `cert` alone. */
function httpsStatus(url, cert) {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { ca: cert, agent: false, timeout: 5_000 }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
  });
}

/**
 * nginx with the rendered template in `dir`: HTTPS with HTTP/2 on `port` (0: a free one) of
 * 127.0.0.1, /_api/ to `apiAddress`, /remotes/ from `remotesDir`, the rest to `shellAddress`
 * (`host:port` each). Resolves once it answers, with `{ origin, pid, workerPids, stop }`.
 */
export async function startNginx({ dir, apiAddress, shellAddress, remotesDir, cert, key, port }) {
  for (const file of [NGINX, NGINX_BROTLI_STATIC_MODULE])
    if (!fs.existsSync(file))
      throw new Error(
        `${file} is missing: install Debian's nginx and libnginx-mod-http-brotli-static (npm test and npm run bench do, as root).`,
      );
  const listenPort = port || (await freePort());
  const certFile = path.join(dir, 'tls-cert.pem');
  const keyFile = path.join(dir, 'tls-key.pem');
  fs.writeFileSync(certFile, cert);
  fs.writeFileSync(keyFile, key, { mode: 0o600 });
  let config = renderNginxConfig(fs.readFileSync(NGINX_TEMPLATE, 'utf8'), {
    // workers run as whoever starts nginx: they read the run folder and the remotes' builds
    ROCONNECT_USER: os.userInfo().username,
    ROCONNECT_RUN_DIR: dir,
    ROCONNECT_LISTEN: `127.0.0.1:${listenPort}`,
    ROCONNECT_SERVER_NAME: 'localhost',
    ROCONNECT_TLS_CERTIFICATE: certFile,
    ROCONNECT_TLS_CERTIFICATE_KEY: keyFile,
    ROCONNECT_API_ADDRESS: apiAddress,
    ROCONNECT_SHELL_ADDRESS: shellAddress,
    ROCONNECT_REMOTES_DIR: remotesDir,
  });
  // `user` means something only to a master running as root (nginx warns otherwise)
  if (!isRoot()) config = config.replace(/^user .*;$/m, '');
  const configFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(configFile, config);

  const child = spawn(
    NGINX,
    ['-p', `${dir}/`, '-c', configFile, '-e', 'stderr', '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let output = '';
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM'); // nginx's fast shutdown
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const origin = `https://localhost:${listenPort}`;
  // /_api/metrics is nginx's own 404: it answers without any upstream
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`nginx exited (${child.exitCode ?? child.signalCode}): ${output.trim()}`);
    const status = await httpsStatus(`${origin}/_api/metrics`, cert).catch(() => null);
    if (status === 404) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer on ${origin} within 20 s: ${output.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin, pid: child.pid, workerPids: () => childPids(child.pid), stop };
}

/**
 * The stack `npm start` runs (or the one on `portOffset`), served through nginx: a shell server of
 * its own and nginx, their files in `dataDir`, the shell's output to `logFd`. Resolves with
 * `{ origin, spki, stop }`: `spki` is the certificate's fingerprint for Chromium's
 * --ignore-certificate-errors-spki-list.
 */
export async function startNginxOrigin({ dataDir, logFd, log, portOffset = 0 }) {
  const { cert, key } = await localhostCertificate();
  // /remotes/<name>/ is each remote's build
  const remotesDir = path.join(dataDir, 'remotes');
  fs.mkdirSync(remotesDir);
  for (const [name, { dir }] of Object.entries(REMOTES)) {
    const dist = path.join(ROOT, dir, 'dist');
    if (!fs.existsSync(path.join(dist, 'mf-manifest.json')))
      throw new Error(`${dist} has no build: run npm run build first.`);
    fs.symlinkSync(dist, path.join(remotesDir, name));
  }
  const [port, shellPort] = [await freePort(), await freePort()];
  const origin = `https://localhost:${port}`;
  log(`starting nginx on ${origin} (shell on port ${shellPort})`);
  const shell = await startOriginShell({
    label: 'shell (nginx origin)',
    dataDir,
    folder: 'nginx-shell',
    cert,
    manifestUrl: (name) => `${origin}/remotes/${name}/mf-manifest.json`,
    shellPort,
    portOffset,
    // nginx, on this machine, names the client
    env: { TRUST_PROXY: 'loopback' },
    logFd,
  });
  let nginx;
  try {
    const nginxDir = path.join(dataDir, 'nginx');
    fs.mkdirSync(nginxDir);
    nginx = await startNginx({
      dir: nginxDir,
      apiAddress: `127.0.0.1:${stackPorts(portOffset).api}`,
      shellAddress: `127.0.0.1:${shellPort}`,
      remotesDir,
      cert,
      key,
      port,
    });
  } catch (error) {
    shell.kill('SIGTERM');
    throw error;
  }
  return {
    origin,
    spki: spkiFingerprint(cert),
    stop: async () => {
      await nginx.stop();
      await stopOriginShell(shell, shellPort);
    },
  };
}

serveOriginAsCommand(import.meta.url, {
  name: 'nginx',
  missingServices: async (portOffset) => {
    const apiPort = stackPorts(portOffset).api;
    return (await isPortOpen(apiPort)) ? [] : [`api (port ${apiPort})`];
  },
  start: startNginxOrigin,
});
