import fp from 'fastify-plugin';
import type { Settings } from '../config';
import type { AppContext } from '../context';
import type { Integrations } from '../integrations/types';

export interface ContextPluginOptions {
  settings: Settings;
  integrations: Integrations;
}

/** `app.ctx`: what every feature needs (settings, the database, the outside world). */
export const contextPlugin = fp<ContextPluginOptions>(
  async (app, { settings, integrations }) => {
    const ctx: AppContext = { settings, db: app.database.db, integrations, log: app.log };
    app.decorate('ctx', ctx);
  },
  { name: 'context', dependencies: ['database'] },
);
