/**
 * npm run bench:builder — what the Builder's steps cost, per example blueprint (lib/blueprint/
 * examples.ts) and over all of them: checking a blueprint (the schema and every reference, as
 * Save does) and compiling it to discord.js and to discord.py. Each is timed BENCH_RUNS times
 * (50) after a warm-up; printed as median and p95 in milliseconds. Never fails for being slow.
 * Target (issue 19): compile ≤ 50 ms p95.
 *
 * The proof (running the compiled bot against the simulator) is not timed here yet: it does not
 * exist as a product step; its integration suites time themselves.
 */
import { performance } from "node:perf_hooks";

import { checkBlueprint } from "../lib/blueprint";
import { compileBlueprint } from "../lib/blueprint/compile";
import { exampleBlueprints } from "../lib/blueprint/examples";
import type { Blueprint } from "../lib/blueprint/schema";
import { percentile } from "./lib/stats";

const runs = Number(process.env.BENCH_RUNS ?? 50);

function time(work: () => unknown): number[] {
  for (let i = 0; i < 5; i++) work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return times;
}

const ms = (value: number) => `${value.toFixed(2).padStart(7)} ms`;
const all = { check: [] as number[], javascript: [] as number[], python: [] as number[] };

console.log(`Builder steps, ${runs} runs each after a warm-up (median / p95):`);
console.log(
  `${"example".padEnd(16)} ${"check".padStart(22)} ${"compile JS".padStart(22)} ${"compile Python".padStart(22)}`,
);
for (const [name, input] of Object.entries(exampleBlueprints)) {
  const checked = checkBlueprint(input);
  if (!checked.ok) throw new Error(`${name} is not a valid blueprint: ${JSON.stringify(checked.problems)}`);
  const blueprint: Blueprint = checked.blueprint;
  const check = time(() => checkBlueprint(input));
  const javascript = time(() => compileBlueprint(blueprint, "javascript"));
  const python = time(() => compileBlueprint(blueprint, "python"));
  all.check.push(...check);
  all.javascript.push(...javascript);
  all.python.push(...python);
  const cell = (times: number[]) => `${ms(percentile(times, 50))} / ${ms(percentile(times, 95))}`;
  console.log(`${name.padEnd(16)} ${cell(check)} ${cell(javascript)} ${cell(python)}`);
}
const summary = (label: string, times: number[]) =>
  console.log(
    `${label.padEnd(16)} median ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  max ${ms(Math.max(...times))}`,
  );
console.log("");
summary("check (all)", all.check);
summary("compile JS", all.javascript);
summary("compile Python", all.python);
console.log(
  `Target: compile ≤ 50 ms p95 — ${Math.max(percentile(all.javascript, 95), percentile(all.python, 95)) <= 50 ? "met" : "NOT met"}.`,
);
