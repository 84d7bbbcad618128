import fp from 'fastify-plugin';
import type { Settings } from '../config';
import { createDatabase, type Database } from '../db/client';

export interface DatabasePluginOptions {
  settings: Settings;
  /** an open database (tests); when absent one is opened from the settings and closed with the app */
  database?: Database;
}

/**
 * `app.database`: PostgreSQL or the embedded PGlite, migrated before anything else starts (the job
 * engine keeps its tables in it). A database the caller opened stays open when the app closes.
 */
export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, options) => {
    const { settings } = options;
    const database =
      options.database ??
      (await createDatabase({
        databaseUrl: settings.databaseUrl,
        pgliteDir: `${settings.dataDir}/pglite`,
        searchPath: settings.databaseSchema,
        pool: settings.databasePool,
      }));
    if (database.createdFrom)
      app.log.info(
        { pgliteDir: `${settings.dataDir}/pglite`, createdFrom: database.createdFrom },
        `a new PGlite database, made from the ${database.createdFrom}`,
      );
    if (!options.database) app.addHook('onClose', () => database.close());
    app.decorate('database', database);
  },
  { name: 'database' },
);
