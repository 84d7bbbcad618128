// The running stack as production serves it (docs/production.md, §4): the shell and every remote
// on one HTTPS origin with HTTP/2, through an ingress that routes /remotes/<name>/ to each
// remote's server and everything else to a second shell server. That shell is the same build with
// its own remotes.json, which names the remotes' manifests on the ingress's origin. The API, the
// emulator and the remotes' servers are the ones the plain stack already runs.
// Used by the benchmark (bench/lib/stack.mjs) and, as a command beside a running `npm start`,
// by the e2e suite: `node scripts/lib/oneOriginStack.mjs` prints `{ "origin", "spki" }` as one
// JSON line and serves until it is stopped.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './freePort.mjs';
import { localhostCertificate, spkiFingerprint, startHttpsIngress } from './httpsIngress.mjs';
import { REMOTES, isPortOpen, serviceDefinitions, startService } from './stack.cjs';

/** The path prefix each remote is served under on the one origin. */
export const remotePrefix = (name) => `/remotes/${name}/`;

/**
 * Starts the ingress and its shell; `dataDir` takes the certificate and remotes.json, `logFd` the
 * shell's output. Resolves with `{ origin, spki, stop }`: `spki` is the certificate's fingerprint
 * for Chromium's --ignore-certificate-errors-spki-list (trust this certificate, nothing else).
 */
export async function startOneOrigin({ dataDir, logFd, log }) {
  const { cert, key } = await localhostCertificate();
  const certFile = path.join(dataDir, 'localhost-cert.pem');
  fs.writeFileSync(certFile, cert);
  const shellPort = await freePort();
  const routes = Object.fromEntries(
    Object.entries(REMOTES).map(([name, { port }]) => [
      remotePrefix(name),
      `http://127.0.0.1:${port}`,
    ]),
  );
  const ingress = await startHttpsIngress({
    cert,
    key,
    routes,
    fallback: `http://127.0.0.1:${shellPort}`,
  });
  const remotesFile = path.join(dataDir, 'remotes-one-origin.json');
  const manifests = Object.keys(REMOTES).map((name) => [
    name,
    `${ingress.origin}${remotePrefix(name)}mf-manifest.json`,
  ]);
  fs.writeFileSync(remotesFile, JSON.stringify(Object.fromEntries(manifests), null, 2));

  log(`starting the one-origin stack: ${ingress.origin} (shell on port ${shellPort})`);
  const shellDefinition = serviceDefinitions().shell;
  let shell;
  try {
    shell = await startService(
      'shell (one origin)',
      {
        ...shellDefinition,
        port: shellPort,
        env: {
          ...shellDefinition.env,
          PORT: String(shellPort),
          SHELL_REMOTES_FILE: remotesFile,
          // its server reads the remotes' manifests through the ingress (preload hints)
          NODE_EXTRA_CA_CERTS: certFile,
        },
      },
      { logFd },
    );
  } catch (error) {
    await ingress.close();
    throw error;
  }
  return {
    origin: ingress.origin,
    spki: spkiFingerprint(cert),
    stop: async () => {
      shell.kill('SIGTERM');
      await ingress.close();
      const deadline = Date.now() + 10_000;
      while ((await isPortOpen(shellPort)) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
    },
  };
}

/** The services the one origin routes to, which must already run: the remotes and the API. */
async function missingServices() {
  const needed = { api: serviceDefinitions().api.port };
  for (const [name, { port }] of Object.entries(REMOTES)) needed[name] = port;
  const missing = [];
  for (const [name, port] of Object.entries(needed))
    if (!(await isPortOpen(port))) missing.push(`${name} (port ${port})`);
  return missing;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const log = (message) => console.error(message);
  const missing = await missingServices();
  if (missing.length > 0) {
    log(`Not running: ${missing.join(', ')}. Start the stack first (npm start).`);
    process.exit(1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-one-origin-'));
  const oneOrigin = await startOneOrigin({ dataDir, logFd: 2, log });
  console.log(JSON.stringify({ origin: oneOrigin.origin, spki: oneOrigin.spki }));
  const stop = async () => {
    await oneOrigin.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
