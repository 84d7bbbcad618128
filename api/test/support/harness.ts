import type { FastifyInstance } from 'fastify';
import { createTestApp } from './app';
import { openTestDatabase, truncateAll, type TestDatabase } from './db';
import { createFakeIntegrations, type FakeWorld } from './fake-integrations';
import { standardWorld } from './world';

export interface FakeApp {
  /** the file's database (PGlite, or a fresh PostgreSQL schema) */
  readonly tdb: TestDatabase;
  /** a fresh app for each test, over `world` */
  readonly app: FastifyInstance;
  /** the fake Discord/Roblox the app talks to; tests may change it */
  readonly world: FakeWorld;
  /** replace this test's app with one built from other settings (same database and world) */
  restartWith(settings: Parameters<typeof createTestApp>[2]): Promise<FastifyInstance>;
}

/**
 * The hooks every route test needs: one database per file, emptied before each test, and a new
 * app over a new fake world for each test. Read the fields inside tests and hooks.
 */
export function useFakeApp(makeWorld: () => FakeWorld = standardWorld): FakeApp {
  let tdb: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  let world: FakeWorld | undefined;

  beforeAll(async () => {
    tdb = await openTestDatabase();
  });
  afterAll(async () => {
    await tdb?.cleanup();
  });
  beforeEach(async () => {
    await truncateAll(tdb!.database);
    world = makeWorld();
    app = await createTestApp(tdb!.database, createFakeIntegrations(world));
  });
  afterEach(async () => {
    await app?.close();
  });

  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} is only there inside tests and hooks`);
    return value;
  };
  return {
    get tdb() {
      return ready(tdb, 'tdb');
    },
    get app() {
      return ready(app, 'app');
    },
    get world() {
      return ready(world, 'world');
    },
    async restartWith(settings) {
      await app?.close();
      app = await createTestApp(
        ready(tdb, 'tdb').database,
        createFakeIntegrations(ready(world, 'world')),
        settings,
      );
      return app;
    },
  };
}
