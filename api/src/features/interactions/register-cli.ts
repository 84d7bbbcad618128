import { loadSettings } from '../../config';
import { registerSlashCommands } from './register';

/** `npm run register-commands -w @roconnect/api`: registers /verify, /update and /whois. */
registerSlashCommands(loadSettings().integrations).then(
  (names) => console.log(`Registered slash commands: ${names.map((n) => `/${n}`).join(', ')}`),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
