// The production stack for the benchmark: the same services `npm start` runs (the four remotes
// from one static process), on a throw-away data
// folder, their output in one log file, and the same stack behind one HTTPS origin with HTTP/2
// (@roconnect/tools/origin/oneOriginStack). The caller holds the e2e lock (same fixed ports).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  isPortOpen,
  serviceDefinitions,
  EMBEDDED_START_ORDER,
  startService,
} from '@roconnect/tools/stack';
import { startOneOrigin } from '@roconnect/tools/origin/oneOriginStack';

export async function startBenchStack({ log }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-bench-'));
  const logFile = path.join(dataDir, 'services.log');
  const logFd = fs.openSync(logFile, 'a');
  const services = serviceDefinitions({ dataDir: path.join(dataDir, 'api') });
  const children = [];
  let oneOrigin;
  const stop = async () => {
    if (oneOrigin) await oneOrigin.stop();
    for (const child of children.reverse()) child.kill('SIGTERM');
    const deadline = Date.now() + 10_000;
    for (const name of EMBEDDED_START_ORDER)
      for (const port of services[name].ports ?? [services[name].port])
        while ((await isPortOpen(port)) && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 100));
    fs.closeSync(logFd);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const name of EMBEDDED_START_ORDER) {
      log(`starting ${name} on ${(services[name].ports ?? [services[name].port]).join(', ')}`);
      children.push(await startService(name, services[name], { logFd }));
    }
    oneOrigin = await startOneOrigin({ dataDir, logFd, log });
  } catch (error) {
    const output = fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
    await stop();
    throw new Error(`${error.message}\nLast lines of the services' output:\n${output}`);
  }
  return { stop, logFile, oneOrigin: { origin: oneOrigin.origin, spki: oneOrigin.spki } };
}
