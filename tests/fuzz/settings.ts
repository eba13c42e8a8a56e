/**
 * How much the fuzz suites (`*.fuzz.test.ts`, `*.fuzz.integration.test.ts`) try. `npm test` runs
 * a seeded, bounded pass (the same inputs every time, so a failure reproduces); `npm run fuzz`
 * runs many more with a fresh seed, printed so a failure can be replayed with FUZZ_SEED.
 */
import type { Parameters } from "fast-check";

const scale = Number(process.env.FUZZ_SCALE ?? 1);

/** A fixed seed in `npm test`; `npm run fuzz` sets FUZZ_SEED=random (or a seed to replay). */
export const fuzzSeed: number = (() => {
  const raw = process.env.FUZZ_SEED;
  if (raw === "random") return Math.floor(Math.random() * 2 ** 31);
  if (raw && /^-?\d+$/.test(raw)) return Number(raw);
  return 424242;
})();

/** numRuns for a property: `base` in `npm test`, times FUZZ_SCALE in `npm run fuzz`. */
export function fuzzRuns(base: number): number {
  return Math.max(1, Math.round(base * (Number.isFinite(scale) && scale > 0 ? scale : 1)));
}

/** fast-check parameters for one property, seeded and sized as above. */
export function fuzzParameters<T>(base: number, extra: Parameters<T> = {}): Parameters<T> {
  return { seed: fuzzSeed, numRuns: fuzzRuns(base), endOnFailure: true, ...extra };
}

if (process.env.FUZZ_SEED === "random") console.log(`[fuzz] seed ${fuzzSeed} (replay with FUZZ_SEED=${fuzzSeed})`);
