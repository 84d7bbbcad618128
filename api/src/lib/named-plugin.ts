/**
 * A route plugin registered inside a feature, named by its function's name. Fastify names a
 * plugin that carries no name by looking for it among the exports of every module loaded so far
 * (`require.cache`) before it falls back to the function's name: in the test runner's module
 * registry that search was a tenth of a route test's CPU (docs/performance.md › CI).
 */
const DISPLAY_NAME = Symbol.for('fastify.display-name');

export function namedPlugin<Plugin extends (...args: never[]) => unknown>(plugin: Plugin): Plugin {
  if (!Object.hasOwn(plugin, DISPLAY_NAME))
    Object.defineProperty(plugin, DISPLAY_NAME, { value: plugin.name });
  return plugin;
}
