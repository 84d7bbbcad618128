import { loadSettings } from '../../config';
import { registerSlashCommands } from './register';

function fail(err: unknown): never {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}

/** `npm run register-commands -w @roconnect/api`: registers /verify, /update and /whois. */
async function main(): Promise<void> {
  // A bad setting is one line naming it, like a refusal from Discord, not a stack trace.
  const names = await registerSlashCommands(loadSettings().integrations);
  console.log(`Registered slash commands: ${names.map((n) => `/${n}`).join(', ')}`);
}

main().catch(fail);
