// `npm start -w @roconnect/shell`: the shell's production server on PORT (8080), reading its
// settings from the environment (docs/production.md › The web app). Bundled by
// scripts/build-server.mjs into dist-server/server.mjs, which sits beside dist/.
import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiUpstreamSetting } from './apiProxy';
import { createShellServer } from './server';
import { closeGracefullyOnSignals } from './static-files.mjs';
import { trustProxySetting } from './trustProxy';

const here = path.dirname(fileURLToPath(import.meta.url));
const distDir = process.env.SHELL_DIST_DIR || path.join(here, '..', 'dist');
const port = Number(process.env.PORT || 8080);
let server: http.Server;
try {
  server = createShellServer({
    distDir,
    remotesFile: process.env.SHELL_REMOTES_FILE || path.join(distDir, 'remotes.json'),
    configFile: process.env.SHELL_CONFIG_FILE || path.join(distDir, 'config.json'),
    apiUpstream: apiUpstreamSetting(process.env.API_UPSTREAM),
    trustProxy: trustProxySetting(process.env.TRUST_PROXY),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
server.on('error', (error) => {
  console.error(`Cannot start the shell server on port ${port}: ${error.message}`);
  process.exit(1);
});
closeGracefullyOnSignals(server, 'shell server');
server.listen(port, () => console.log(`RoConnect shell at http://localhost:${port}/`));
