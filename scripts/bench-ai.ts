/**
 * npm run bench:ai — the AI builder's description suite (lib/ai-builder/cases.ts) end to end with
 * the offline engine: description → blueprint (lib/ai-builder/offline) → code in the case's
 * language → the bot running in the real runner's sandbox → the case's own checks (written from
 * the description alone) and the checks derived from the blueprint, in a scratch simulator world.
 * A case passes only if the running bot passes every one of its own checks.
 *
 * On a throwaway database (TEST_DATABASE_URL's server, default the local PostgreSQL), with a real
 * runner and simulator. Prints each case, the pass rate per category and overall, and the build
 * time (understanding and compiling) and the whole time to a proven bot, median and p95. Target
 * (issue 20): ≥ 90 % passing; build p95 ≤ 15 s. BENCH_CASES=id,id runs only those; BENCH_VERBOSE=1
 * prints the conversation of each failed check.
 */
import { performance } from "node:perf_hooks";

import { percentile } from "./lib/stats";

async function main() {
  process.env.TEST_DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/postgres";
  const { createThrowawayDatabase } = await import("../tests/setup/throwaway-database");
  const database = await createThrowawayDatabase("bench_ai");
  const { env } = await import("../lib/env");
  env.DATABASE_URL = database.url;
  const { descriptionCases } = await import("../lib/ai-builder/cases");
  const { understand } = await import("../lib/ai-builder/offline");
  const { compileBlueprint } = await import("../lib/blueprint/compile");
  const { startWorld } = await import("../lib/blueprint/compile/integration-support");
  const { deriveProof } = await import("../lib/blueprint/proof/derive");
  const { runInScratchWorld } = await import("../lib/blueprint/proof/run");
  const { proofDeps } = await import("../lib/blueprint/proof/proof-support");

  const only = process.env.BENCH_CASES?.split(",").filter(Boolean);
  const cases = descriptionCases.filter((item) => !only || only.includes(item.id));
  const byCategory = new Map<string, { passed: number; total: number }>();
  const buildTimes: number[] = [];
  const provenTimes: number[] = [];
  let passed = 0;
  console.log(`AI builder suite, offline engine: ${cases.length} descriptions`);
  for (const language of ["javascript", "python"] as const) {
    const inLanguage = cases.filter((item) => item.language === language);
    if (!inLanguage.length) continue;
    const world = await startWorld(`bench-ai-${language}`, language);
    try {
      for (const item of inLanguage) {
        const started = performance.now();
        const understood = understand(item.description);
        const files = compileBlueprint(understood.blueprint, language);
        const built = performance.now();
        buildTimes.push(built - started);
        const derived = deriveProof(understood.blueprint).checks;
        const own = item.checks.map((check, index) => ({
          id: `case-${index}`,
          title: check.title,
          target: { kind: "command" as const, index: -1, name: "description" },
          steps: check.steps,
        }));
        let line: string;
        let ok = false;
        try {
          const results = await runInScratchWorld(
            { userId: world.userId, name: understood.blueprint.name, language, files, blueprint: understood.blueprint },
            [...own, ...derived],
            proofDeps(world),
          );
          const ownResults = results.slice(0, own.length);
          const derivedResults = results.slice(own.length);
          ok = ownResults.every((result) => result.status === "passed");
          const failures = ownResults
            .map((result, index) => (result.status === "passed" ? null : `${own[index]!.title}: ${result.problem}`))
            .filter(Boolean);
          if (process.env.BENCH_VERBOSE) {
            // The conversation of each failed own check, to see why (BENCH_VERBOSE=1).
            for (const result of ownResults.filter((r) => r.status !== "passed"))
              for (const said of result.transcript) console.log(`    ${said.who} ${said.what}: ${said.text}`);
          }
          line = `${ok ? "pass" : "FAIL"} own ${ownResults.filter((r) => r.status === "passed").length}/${own.length}, derived ${derivedResults.filter((r) => r.status === "passed").length}/${derived.length}${failures.length ? ` — ${failures.join(" | ").slice(0, 300)}` : ""}`;
        } catch (error) {
          line = `FAIL the bot did not run: ${(error as Error).message.slice(0, 200)}`;
        }
        provenTimes.push(performance.now() - started);
        if (ok) passed += 1;
        const tally = byCategory.get(item.category) ?? { passed: 0, total: 0 };
        tally.total += 1;
        if (ok) tally.passed += 1;
        byCategory.set(item.category, tally);
        const unknown = understood.notUnderstood.length ? ` (not understood: ${understood.notUnderstood.length})` : "";
        console.log(`${language.padEnd(10)} ${item.id.padEnd(28)} ${line}${unknown}`);
      }
    } finally {
      await world.close();
    }
  }
  const percent = (part: number, whole: number) => `${whole ? Math.round((part / whole) * 100) : 0} %`;
  console.log("");
  for (const [category, tally] of [...byCategory].sort()) {
    console.log(
      `${category.padEnd(12)} ${String(tally.passed).padStart(3)} / ${String(tally.total).padEnd(3)} ${percent(tally.passed, tally.total)}`,
    );
  }
  const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
  console.log(`overall      ${passed} / ${cases.length} ${percent(passed, cases.length)} (target ≥ 90 %)`);
  console.log(
    `build (understand + compile)  median ${ms(percentile(buildTimes, 50))}  p95 ${ms(percentile(buildTimes, 95))} (target p95 ≤ 15 s)`,
  );
  console.log(
    `to a proven bot               median ${ms(percentile(provenTimes, 50))}  p95 ${ms(percentile(provenTimes, 95))}`,
  );
  const { db } = await import("../lib/db");
  await db.$disconnect();
  await database.drop();
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
