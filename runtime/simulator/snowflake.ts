/** Discord snowflakes: ms since the Discord epoch << 22 | worker << 17 | process << 12 | increment. */
const discordEpoch = 1_420_070_400_000n;
let increment = 0n;

export function snowflake(at: number = Date.now()): string {
  increment = (increment + 1n) & 0xfffn;
  return (((BigInt(at) - discordEpoch) << 22n) | (1n << 17n) | increment).toString();
}

/** When a snowflake was made, in ms since the Unix epoch. */
export function snowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + discordEpoch);
}
