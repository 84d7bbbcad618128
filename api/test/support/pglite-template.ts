import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPgliteTemplate } from '../../src/db/client';

/**
 * One migrated PGlite data folder per Jest run: `globalSetup` writes it to a file named by this
 * variable (Jest's workers inherit it), and each test file's in-memory database starts from it
 * (support/db.ts) instead of running initdb, which costs 2–9 s per database on a busy machine.
 */
const TEMPLATE_FILE_VARIABLE = 'ROCONNECT_TEST_PGLITE_TEMPLATE';

/** Longer than making it ever takes (3–5 s), short of hiding a run that does nothing. */
const TEMPLATE_DEADLINE_MS = 120_000;

export async function writePgliteTemplate(): Promise<void> {
  const file = path.join(tmpdir(), `roconnect-pglite-template-${process.pid}.tar`);
  // A promise that never settles would let Jest's event loop drain, and Jest would then end with
  // exit code 0 having run no test: the deadline's timer keeps it alive and fails the run instead.
  let deadline: NodeJS.Timeout | undefined;
  const template = await Promise.race([
    createPgliteTemplate(),
    new Promise<never>((_, reject) => {
      deadline = setTimeout(
        () => reject(new Error(`the PGlite template was not made in ${TEMPLATE_DEADLINE_MS} ms`)),
        TEMPLATE_DEADLINE_MS,
      );
    }),
  ]).finally(() => clearTimeout(deadline));
  writeFileSync(file, Buffer.from(await template.arrayBuffer()));
  process.env[TEMPLATE_FILE_VARIABLE] = file;
}

export function removePgliteTemplate(): void {
  const file = process.env[TEMPLATE_FILE_VARIABLE];
  if (file) rmSync(file, { force: true });
}

let template: Blob | undefined;

/** The run's template, or undefined when there is none (a database then starts empty). */
export function readPgliteTemplate(): Blob | undefined {
  const file = process.env[TEMPLATE_FILE_VARIABLE];
  if (!template && file && existsSync(file)) template = new Blob([readFileSync(file)]);
  return template;
}
