import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The few raw operations migrations need, whatever the driver. */
export interface SqlRunner {
  /** runs one or more statements without parameters */
  exec(text: string): Promise<void>;
  query(text: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  /** runs `fn` on one connection, holding the migration lock */
  withLock<T>(fn: (conn: SqlRunner) => Promise<T>): Promise<T>;
}

/** Migration files are `NNNN_name.sql`, applied in name order, each once, each in a transaction. */
export function listMigrations(dir: string): { name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
}

export async function runMigrations(runner: SqlRunner, dir: string): Promise<string[]> {
  const migrations = listMigrations(dir);
  return runner.withLock(async (conn) => {
    await conn.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await conn.query('SELECT name FROM schema_migrations', [])).map((r) => String(r.name)),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      const escaped = m.name.replace(/'/g, "''");
      try {
        await conn.exec(
          `BEGIN;\n${m.sql}\nINSERT INTO schema_migrations (name) VALUES ('${escaped}');\nCOMMIT;`,
        );
      } catch (err) {
        await conn.exec('ROLLBACK').catch(() => undefined);
        throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
      }
      applied.push(m.name);
    }
    return applied;
  });
}
