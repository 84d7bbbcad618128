/** @jest-environment node */
import type http from 'node:http';
import { close, listen, request } from './serverTestHttp';

interface StaticFilesModule {
  createFastifyServer(register: (app: unknown) => void): http.Server;
}

const STATIC_FILES = '../server/static-files.mjs';

// Fastify warns once per process about options it will remove (FSTDEP…), and Fastify 6 refuses
// them: every server the shell and the remotes run is built by createFastifyServer, so it must
// start without one.
it('createFastifyServer (server/static-files.mjs) starts without a Fastify deprecation warning', async () => {
  const emitWarning = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
  try {
    const { createFastifyServer } = (await import(STATIC_FILES)) as StaticFilesModule;
    const server = createFastifyServer(() => undefined);
    const port = await listen(server);
    expect((await request(port, '/nothing-here.js')).status).toBe(404);
    await close(server);
    expect(emitWarning.mock.calls.map(([warning]) => String(warning))).toEqual([]);
  } finally {
    emitWarning.mockRestore();
  }
});
