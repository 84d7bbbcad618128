import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Seed } from './types';
import { SeedError, validateSeed } from './validate';

/**
 * The emulator's folder (the nearest one with a package.json): this file is src/seed/load.ts under
 * tsx and Jest, and part of dist/main.js when built (build.mjs).
 */
function packageRoot(): string {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${__dirname}`);
    dir = parent;
  }
  return dir;
}

export const DEFAULT_SEED_PATH = path.join(packageRoot(), 'seeds', 'demo.json');

/** Reads and validates a seed file; every failure is a SeedError naming the file. */
export function loadSeedFile(file: string): Seed {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new SeedError([`cannot be read: ${(err as Error).message}`], file);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new SeedError([`is not valid JSON: ${(err as Error).message}`], file);
  }
  return validateSeed(json, file);
}
