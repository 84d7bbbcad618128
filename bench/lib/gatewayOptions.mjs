// bench/gateway.mjs's options: what it measures and how much, each bad value refused by name.

export const USAGE = `Usage: node bench/gateway.mjs [--joins N] [--servers N] [--only joins|servers] [--json [file]]
  --joins N    joiners in the burst (1 to 10000; 1000 unless given)
  --servers N  servers the one gateway process holds (1 to 50000; 10000 unless given)
  --only part  measure only the join burst (joins) or the many servers (servers)
  --json file  write the rows to file, not bench/results/<UTC time>Z.json; --json alone also prints them`;

function wholeOption(argv, name, fallback, max) {
  const index = argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = argv[index + 1];
  if (!/^\d+$/.test(value ?? '') || Number(value) < 1 || Number(value) > max)
    throw Object.assign(
      new Error(`--${name} takes a whole number from 1 to ${max} (got ${value ?? 'nothing'})`),
      { usage: true },
    );
  return Number(value);
}

/** The options, or an error with `usage` naming the bad one. */
export function gatewayBenchOptions(argv) {
  const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : null;
  if (only !== null && only !== 'joins' && only !== 'servers')
    throw Object.assign(new Error(`--only takes joins or servers (got ${only ?? 'nothing'})`), {
      usage: true,
    });
  return {
    joins: wholeOption(argv, 'joins', 1000, 10_000),
    servers: wholeOption(argv, 'servers', 10_000, 50_000),
    only,
  };
}
