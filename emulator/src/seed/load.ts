import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Seed } from './types';
import { SeedError, validateSeed } from './validate';

export const DEFAULT_SEED_PATH = path.join(__dirname, '..', '..', 'seeds', 'demo.json');

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
