import { TEST_DATABASE_URL } from './db';
import { writePgliteTemplate } from './pglite-template';

/** The PGlite pass only: see pglite-template.ts. */
export default async function globalSetup(): Promise<void> {
  if (!TEST_DATABASE_URL) await writePgliteTemplate();
}
