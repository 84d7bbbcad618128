import Fastify, { type FastifyPluginAsync } from 'fastify';
import { namedPlugin } from '../../src/lib/named-plugin';

const DISPLAY_NAME = Symbol.for('fastify.display-name');

describe('namedPlugin', () => {
  it('carries the name Fastify reads first, so Fastify never searches the loaded modules for one', async () => {
    const memberRoutes: FastifyPluginAsync = async (app) => {
      app.get('/members', async () => ({ ok: true }));
    };
    const plugin = namedPlugin(memberRoutes);
    expect((plugin as unknown as Record<symbol, unknown>)[DISPLAY_NAME]).toBe('memberRoutes');

    const app = Fastify();
    await app.register(plugin);
    await app.ready();
    expect(app.printPlugins()).toContain('memberRoutes');
    expect((await app.inject({ url: '/members' })).json()).toEqual({ ok: true });
    await app.close();
  });

  it('names a plugin once, however many apps register it', () => {
    const routes: FastifyPluginAsync = async () => undefined;
    expect(namedPlugin(namedPlugin(routes))).toBe(routes);
  });
});
