// The running stack as production serves it (docs/production.md, §4): the shell and every remote
// on one HTTPS origin with HTTP/2, through an ingress that routes /remotes/<name>/ to each
// remote's server and everything else to a second shell server. That shell is the same build with
// its own remotes.json, which names the remotes' manifests on the ingress's origin. The API, the
// emulator and the remotes' servers are the ones the plain stack already runs.
// Used by the benchmark (bench/lib/stack.mjs) and, as a command beside a running `npm start`,
// by the e2e suite: `node tools/origin/oneOriginStack.mjs [--port-offset N]` prints
// `{ "origin", "spki" }` as one JSON line and serves until it is stopped; N names the stack on
// `npm start`'s ports plus N (tools/stack, stackPorts), 0 by default.
import { serveOriginAsCommand } from './command.mjs';
import { localhostCertificate, spkiFingerprint, startHttpsIngress } from './httpsIngress.mjs';
import { startOriginShell, stopOriginShell } from './originShell.mjs';
import { REMOTES, freePort, isPortOpen, stackPorts } from '../stack/index.cjs';

/** The path prefix each remote is served under on the one origin. */
export const remotePrefix = (name) => `/remotes/${name}/`;

/**
 * Starts the ingress and its shell in front of the stack on `portOffset` (0: `npm start`'s);
 * `dataDir` takes the certificate and the shell's deploy files, `logFd` the shell's output.
 * Resolves with `{ origin, spki, stop }`: `spki` is the certificate's fingerprint for Chromium's
 * --ignore-certificate-errors-spki-list (trust this certificate, nothing else).
 */
export async function startOneOrigin({ dataDir, logFd, log, portOffset = 0 }) {
  const { cert, key } = await localhostCertificate();
  const shellPort = await freePort();
  const ports = stackPorts(portOffset);
  const routes = Object.fromEntries(
    Object.keys(REMOTES).map((name) => [remotePrefix(name), `http://127.0.0.1:${ports[name]}`]),
  );
  const ingress = await startHttpsIngress({
    cert,
    key,
    routes,
    fallback: `http://127.0.0.1:${shellPort}`,
  });
  log(`starting the one-origin stack: ${ingress.origin} (shell on port ${shellPort})`);
  let shell;
  try {
    shell = await startOriginShell({
      label: 'shell (one origin)',
      dataDir,
      folder: 'one-origin-shell',
      cert,
      manifestUrl: (name) => `${ingress.origin}${remotePrefix(name)}mf-manifest.json`,
      shellPort,
      portOffset,
      logFd,
    });
  } catch (error) {
    await ingress.close();
    throw error;
  }
  return {
    origin: ingress.origin,
    spki: spkiFingerprint(cert),
    stop: async () => {
      await ingress.close();
      await stopOriginShell(shell, shellPort);
    },
  };
}

/** The services the one origin routes to, which must already run: the remotes and the API. */
async function missingServices(portOffset) {
  const ports = stackPorts(portOffset);
  const missing = [];
  for (const name of ['api', ...Object.keys(REMOTES)])
    if (!(await isPortOpen(ports[name]))) missing.push(`${name} (port ${ports[name]})`);
  return missing;
}

serveOriginAsCommand(import.meta.url, {
  name: 'one-origin',
  missingServices,
  start: startOneOrigin,
});
