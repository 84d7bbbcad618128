// The running stack as production serves it (docs/production.md, §4): the shell and every remote
// on one HTTPS origin with HTTP/2, through an ingress that routes /remotes/<name>/ to each
// remote's server and everything else to a second shell server. That shell is the same build with
// its own remotes.json, which names the remotes' manifests on the ingress's origin. The API, the
// emulator and the remotes' servers are the ones the plain stack already runs.
// Used by the benchmark (bench/lib/stack.mjs) and, as a command beside a running `npm start`,
// by the e2e suite: `node tools/origin/oneOriginStack.mjs [--port-offset N]` prints
// `{ "origin", "spki" }` as one JSON line and serves until it is stopped; N names the stack on
// `npm start`'s ports plus N (tools/stack, stackPorts), 0 by default.
import fs from 'node:fs';
import path from 'node:path';
import { serveOriginAsCommand } from './command.mjs';
import { localhostCertificate, spkiFingerprint, startHttpsIngress } from './httpsIngress.mjs';
import {
  REMOTES,
  freePort,
  isPortOpen,
  serviceDefinitions,
  stackPorts,
  startService,
  writeShellDeployFiles,
} from '../stack/index.cjs';

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
  const certFile = path.join(dataDir, 'localhost-cert.pem');
  fs.writeFileSync(certFile, cert);
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
  const manifests = Object.keys(REMOTES).map((name) => [
    name,
    `${ingress.origin}${remotePrefix(name)}mf-manifest.json`,
  ]);
  const shellDeployFiles = writeShellDeployFiles(path.join(dataDir, 'one-origin-shell'), {
    portOffset,
    manifests: Object.fromEntries(manifests),
  });

  log(`starting the one-origin stack: ${ingress.origin} (shell on port ${shellPort})`);
  const shellDefinition = serviceDefinitions({ portOffset, shellDeployFiles }).shell;
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
