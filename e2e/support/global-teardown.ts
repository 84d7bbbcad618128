import { stopRecordedStacks } from './stack';

/** Each worker stops its own stack; this stops one whose worker was killed before it could. */
export default async function globalTeardown(): Promise<void> {
  await stopRecordedStacks();
}
