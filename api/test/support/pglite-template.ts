import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { createPgliteTemplate, SHIPPED_CLUSTER_FILE } from '../../src/db/client';

/**
 * Two PGlite data folders per Jest run, each a tar archive in a file named by its variable (Jest's
 * workers inherit them): the migrated template each test file's in-memory database starts from
 * (support/db.ts), and the empty cluster the tests that replay migrations themselves start from.
 * Either skips initdb, which costs 2–9 s per database on a busy machine.
 */
const TEMPLATE_FILE_VARIABLE = 'ROCONNECT_TEST_PGLITE_TEMPLATE';
const EMPTY_CLUSTER_FILE_VARIABLE = 'ROCONNECT_TEST_PGLITE_EMPTY_CLUSTER';

/** Longer than making it ever takes (3–5 s), short of hiding a run that does nothing. */
const TEMPLATE_DEADLINE_MS = 120_000;

/** The empty cluster `npm run build` ships beside dist/main.js (api/build.mjs), gzipped. */
const BUILT_CLUSTER = path.join(__dirname, '..', '..', 'dist', SHIPPED_CLUSTER_FILE);

/**
 * The bytes of a run file as the Blob PGlite's `loadDataDir` takes, read by it with `arrayBuffer()`:
 * Node 20's own Blob copies in small chunks both when it is made (≈ 400 ms of CPU for the 26 MB
 * template, once a file) and when it is read (≈ 250 ms at every database a file opens); this one
 * is one copy each time.
 */
class BytesBlob implements Blob {
  readonly type = '';
  readonly size: number;
  readonly #data: Buffer;
  #blob: Blob | undefined;

  constructor(data: Buffer) {
    this.#data = data;
    this.size = data.byteLength;
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    const copy = new Uint8Array(this.size);
    copy.set(this.#data);
    return Promise.resolve(copy.buffer);
  }

  // what PGlite does not call reads a real Blob of the same bytes
  #real(): Blob {
    this.#blob ??= new Blob([this.#data]);
    return this.#blob;
  }
  bytes(): ReturnType<Blob['bytes']> {
    return this.#real().bytes();
  }
  stream(): ReturnType<Blob['stream']> {
    return this.#real().stream();
  }
  text(): Promise<string> {
    return this.#real().text();
  }
  slice(...args: Parameters<Blob['slice']>): Blob {
    return this.#real().slice(...args);
  }
}

/** An empty cluster made by initdb, dumped (what api/build.mjs ships, not compressed). */
async function initdbCluster(): Promise<Blob> {
  const cluster = new PGlite();
  try {
    // dumped before it is ready, it never answers
    await cluster.waitReady;
    return (await cluster.dumpDataDir('none')) as Blob;
  } finally {
    await cluster.close();
  }
}

/**
 * The migrated template and the empty cluster it was made from: the build's cluster when there is
 * one (`npm test` builds before Jest), else initdb's. A build's cluster PGlite cannot open (one
 * left by another version of it) is put aside for initdb's rather than failing the run: the
 * shipped cluster itself is tested by test/app/compiled-start.test.ts.
 */
async function makeTemplate(): Promise<{ cluster: Blob; template: Blob }> {
  if (existsSync(BUILT_CLUSTER)) {
    try {
      const cluster = new BytesBlob(gunzipSync(readFileSync(BUILT_CLUSTER)));
      return { cluster, template: await createPgliteTemplate(cluster) };
    } catch (err) {
      console.warn(`${BUILT_CLUSTER} left aside, initdb makes the template: ${String(err)}`);
    }
  }
  const cluster = await initdbCluster();
  return { cluster, template: await createPgliteTemplate(cluster) };
}

async function writeRunFile(variable: string, name: string, contents: Blob): Promise<void> {
  const file = path.join(tmpdir(), `roconnect-pglite-${name}-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await contents.arrayBuffer()));
  process.env[variable] = file;
}

export async function writePgliteTemplate(): Promise<void> {
  // A promise that never settles would let Jest's event loop drain, and Jest would then end with
  // exit code 0 having run no test: the deadline's timer keeps it alive and fails the run instead.
  let deadline: NodeJS.Timeout | undefined;
  const { cluster, template } = await Promise.race([
    makeTemplate(),
    new Promise<never>((_, reject) => {
      deadline = setTimeout(
        () => reject(new Error(`the PGlite template was not made in ${TEMPLATE_DEADLINE_MS} ms`)),
        TEMPLATE_DEADLINE_MS,
      );
    }),
  ]).finally(() => clearTimeout(deadline));
  await writeRunFile(TEMPLATE_FILE_VARIABLE, 'template', template);
  await writeRunFile(EMPTY_CLUSTER_FILE_VARIABLE, 'empty-cluster', cluster);
}

export function removePgliteTemplate(): void {
  for (const variable of [TEMPLATE_FILE_VARIABLE, EMPTY_CLUSTER_FILE_VARIABLE]) {
    const file = process.env[variable];
    if (file) rmSync(file, { force: true });
  }
}

const read = new Map<string, Blob>();

function readRunFile(variable: string): Blob | undefined {
  const file = process.env[variable];
  if (!read.has(variable) && file && existsSync(file))
    read.set(variable, new BytesBlob(readFileSync(file)));
  return read.get(variable);
}

/** The run's template, or undefined when there is none (a database then starts empty). */
export function readPgliteTemplate(): Blob | undefined {
  return readRunFile(TEMPLATE_FILE_VARIABLE);
}

/**
 * The run's empty cluster, for PGlite's `loadDataDir`, or undefined when there is none (the
 * PostgreSQL pass): PGlite then runs initdb.
 */
export function readEmptyPgliteCluster(): Blob | undefined {
  return readRunFile(EMPTY_CLUSTER_FILE_VARIABLE);
}
