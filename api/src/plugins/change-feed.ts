import fp from 'fastify-plugin';
import { startChangeFeed } from '../db/change-feed';

/** `app.changes`: what changed in the database, for the in-memory caches and the job workers. */
export const changeFeedPlugin = fp(
  async (app) => {
    const changes = await startChangeFeed(app.database, app.log);
    app.addHook('onClose', () => changes.stop());
    app.decorate('changes', changes.feed);
  },
  { name: 'change-feed', dependencies: ['database'] },
);
