// The shell server an HTTPS origin puts behind itself (oneOriginStack.mjs, nginxOrigin.mjs): the
// plain stack's build, with a remotes.json of its own naming the remotes' manifests on that
// origin, on a port of its own.
import fs from 'node:fs';
import path from 'node:path';
import {
  REMOTES,
  isPortOpen,
  serviceDefinitions,
  startService,
  writeShellDeployFiles,
} from '../stack/index.cjs';

/**
 * Starts the origin's shell, named `label`, on `shellPort`: its deploy files in `dataDir/<folder>`
 * name each remote's manifest at `manifestUrl(name)`, and it trusts the run's certificate `cert`
 * (its server reads those manifests through the origin, for preload hints); `env` adds to its
 * environment, `logFd` takes its output. Resolves with its process.
 */
export async function startOriginShell({
  label,
  dataDir,
  folder,
  cert,
  manifestUrl,
  shellPort,
  portOffset,
  env = {},
  logFd,
}) {
  const certFile = path.join(dataDir, 'localhost-cert.pem');
  fs.writeFileSync(certFile, cert);
  const manifests = Object.fromEntries(
    Object.keys(REMOTES).map((name) => [name, manifestUrl(name)]),
  );
  const shellDeployFiles = writeShellDeployFiles(path.join(dataDir, folder), {
    portOffset,
    manifests,
  });
  const shellDefinition = serviceDefinitions({ portOffset, shellDeployFiles }).shell;
  return startService(
    label,
    {
      ...shellDefinition,
      port: shellPort,
      env: {
        ...shellDefinition.env,
        PORT: String(shellPort),
        NODE_EXTRA_CA_CERTS: certFile,
        ...env,
      },
    },
    { logFd },
  );
}

/** Stops the origin's shell and waits, 10 s at the most, until its port is free again. */
export async function stopOriginShell(shell, shellPort) {
  shell.kill('SIGTERM');
  const deadline = Date.now() + 10_000;
  while ((await isPortOpen(shellPort)) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
}
