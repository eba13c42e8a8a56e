/**
 * npm run bench:builder — what the Builder's steps cost, per example blueprint (lib/blueprint/
 * examples.ts) and over all of them: checking a blueprint (the schema and every reference, as
 * Save does) and compiling it to discord.js and to discord.py. Each is timed BENCH_RUNS times
 * (50) after a warm-up; printed as median and p95 in milliseconds. Never fails for being slow.
 * Target (issue 19): compile ≤ 50 ms p95. Then the offline builder (lib/ai-builder/offline) reading
 * a 10 KB description and one endless sentence, timed the same way (its size tests check what it
 * reads; the times are here). Target: 10 KB read in ≤ 200 ms.
 *
 * Then the proof ("Check it", lib/blueprint/proof): on a throwaway database (TEST_DATABASE_URL's
 * server, default the local PostgreSQL) with a real runner and simulator, every example is proven
 * once in each language (its time and whether it passed), and the example with five commands is
 * proven BENCH_PROOF_RUNS (5) more times per language. Target: a 5-command bot's proof ≤ 10 s
 * p95. BENCH_PROOF=0 skips this part.
 */
import { performance } from "node:perf_hooks";

import { understand } from "../lib/ai-builder/offline";
import { longDescription } from "../lib/ai-builder/offline/long-description";
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

console.log("");
console.log(`Offline builder, understanding a description, ${runs} runs each after a warm-up:`);
for (const [label, text] of [
  ["10 KB text", longDescription(10_240, "x")],
  ["endless 12 KB", "blorp ".repeat(2_000)],
] as const) {
  const times = time(() => understand(text));
  summary(label, times);
}
console.log("Target: a 10 KB description read in ≤ 200 ms.");

async function benchProof() {
  if (process.env.BENCH_PROOF === "0") return;
  process.env.TEST_DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/postgres";
  const { createThrowawayDatabase } = await import("../tests/setup/throwaway-database");
  const database = await createThrowawayDatabase("bench_builder");
  const { env } = await import("../lib/env");
  env.DATABASE_URL = database.url;
  const { startWorld } = await import("../lib/blueprint/compile/integration-support");
  const { blueprintBot, proveBot } = await import("../lib/blueprint/proof/proof-support");
  const repeats = Number(process.env.BENCH_PROOF_RUNS ?? 5);
  // No example has five commands: the utility bot's three with the dice's /roll and /8ball.
  const fiveCommands: [string, (typeof exampleBlueprints)[string]] = [
    "utility + dice",
    {
      ...exampleBlueprints.utility!,
      name: "Five",
      commands: [...(exampleBlueprints.utility!.commands ?? []), ...(exampleBlueprints.dice!.commands ?? []).slice(0, 2)],
    },
  ];
  console.log("");
  console.log("Proofs (runner sandbox + simulator; seconds, checks passed / checks):");
  const proofTimes: number[] = [];
  const fiveTimes: number[] = [];
  let failures = 0;
  for (const language of ["javascript", "python"] as const) {
    const world = await startWorld(`bench-proof-${language}`, language);
    try {
      const prove = async (name: string, input: (typeof exampleBlueprints)[string]) => {
        const botId = await blueprintBot(world, name, input);
        const started = performance.now();
        const view = await proveBot(world, botId);
        const seconds = (performance.now() - started) / 1000;
        const passed = view.checks.filter((check) => check.result.status === "passed").length;
        if (view.status !== "passed") failures += 1;
        return { seconds, line: `${view.status.padEnd(7)} ${String(passed).padStart(3)} / ${String(view.checks.length).padEnd(3)}` };
      };
      for (const [name, input] of Object.entries(exampleBlueprints)) {
        const { seconds, line } = await prove(name, input);
        proofTimes.push(seconds);
        console.log(`${language.padEnd(11)} ${name.padEnd(18)} ${seconds.toFixed(1).padStart(6)} s  ${line}`);
      }
      {
        for (let run = 0; run < repeats; run++) fiveTimes.push((await prove(fiveCommands[0], fiveCommands[1])).seconds);
      }
    } finally {
      await world.close();
    }
  }
  const seconds = (value: number) => `${value.toFixed(1).padStart(6)} s`;
  console.log("");
  console.log(`proof (all examples)   median ${seconds(percentile(proofTimes, 50))}  p95 ${seconds(percentile(proofTimes, 95))}  max ${seconds(Math.max(...proofTimes))}`);
  if (fiveTimes.length) {
    const p95 = percentile(fiveTimes, 95);
    console.log(`proof, 5 commands (${fiveCommands[0]}, ${fiveTimes.length} runs)  median ${seconds(percentile(fiveTimes, 50))}  p95 ${seconds(p95)}`);
    console.log(`Target: a 5-command bot's proof ≤ 10 s p95 — ${p95 <= 10 ? "met" : "NOT met"}.`);
  }
  console.log(`${failures} proof(s) did not pass.`);
  const { db } = await import("../lib/db");
  await db.$disconnect();
  await database.drop();
}

void benchProof().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
