import { startStack, stopStack } from './stack';

export default async function globalSetup(): Promise<void> {
  await stopStack(); // leftovers of an interrupted run
  await startStack();
}
