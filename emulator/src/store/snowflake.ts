const DISCORD_EPOCH = 1420070400000n;

/** Makes Discord-style ids: timestamp in the high bits, a counter in the low ones. */
export function createSnowflakeFactory(): () => string {
  let counter = 0n;
  return () => {
    counter = (counter + 1n) & 0xfffn;
    return (((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | (1n << 17n) | counter).toString();
  };
}
