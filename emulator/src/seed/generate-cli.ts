import { writeFileSync } from 'node:fs';
import { generateLoadSeed } from './generate';

/**
 * `npm run seed:generate -w @roconnect/emulator -- --members 500 --linked 300 --newcomers 1000 --items --out seeds/load.json`
 * writes a load seed (and, beside it, `<out>.links.json`: who is linked to which Roblox account,
 * and the newcomers who can join the guild later; `--items` adds badges, game passes and assets).
 */
function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

try {
  const load = generateLoadSeed({
    members: Number(arg('members', '500')),
    linked: Number(arg('linked', '300')),
    newcomers: Number(arg('newcomers', '0')),
    items: process.argv.includes('--items'),
  });
  const out = arg('out', 'seeds/load.json');
  writeFileSync(out, JSON.stringify(load.seed, null, 1));
  const { seed: _seed, ...rest } = load;
  writeFileSync(out.replace(/\.json$/, '') + '.links.json', JSON.stringify(rest, null, 1));
  console.log(
    `Wrote ${out}: ${load.seed.discord.users.length} users, ${load.links.length} linked, ${load.newcomers.length} newcomers.`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
