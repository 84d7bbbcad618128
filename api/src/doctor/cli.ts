import { loadSettings } from '../config';
import { formatFindings, runDoctor } from './checks';

/**
 * `npm run doctor`: asks Discord and Roblox whether this deployment's settings fit the
 * application set up there; one line per check, exit 1 when any is a problem
 * (docs/production.md › Before going live).
 */
async function main(): Promise<void> {
  const findings = await runDoctor(loadSettings(), {
    production: process.env.NODE_ENV === 'production',
  });
  console.log(formatFindings(findings));
  process.exit(findings.every((f) => f.ok) ? 0 : 1);
}

main().catch((err: unknown) => {
  // a bad setting is one line naming it, like a finding
  console.log(`problem: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
