import { stopRecordedStacks } from './stack';

/** Each worker starts its own stack (fixtures.ts); this stops what an interrupted run left. */
export default async function globalSetup(): Promise<void> {
  await stopRecordedStacks();
}
