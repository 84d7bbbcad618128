import path from 'node:path';

/**
 * Node's arguments to run the API from its TypeScript source as one process. Not tsx's CLI: it
 * runs the script in a child process of its own, so a SIGKILL of the CLI left the real API
 * running (and holding the test's output open) instead of killing it.
 */
export const API_PROCESS_ARGS = ['--import', 'tsx', path.join(__dirname, '../../src/main.ts')];

/** The folder the API process starts in, where `tsx` resolves from. */
export const API_PROCESS_CWD = path.join(__dirname, '../..');
