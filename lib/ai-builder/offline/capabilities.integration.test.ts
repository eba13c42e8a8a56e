/**
 * What the builder writes from plain words, end to end in both languages (real runner sandbox,
 * simulator, PostgreSQL): a calculator works out the sum a member types and says when it is not
 * one; a to-do list numbers its items and removes them by number, saying when there is no such
 * item; a timer says its text when the time is up; a "random fun fact" command posts one of the
 * facts the builder wrote.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { act, anyCase, check, literal, number, opt, posted, reply, slash } from "@/lib/ai-builder/cases-support";
import type { CaseCheck } from "@/lib/ai-builder/types";
import { compileBlueprint } from "@/lib/blueprint/compile";
import { startWorld, type TestWorld } from "@/lib/blueprint/compile/integration-support";
import { deriveProof } from "@/lib/blueprint/proof/derive";
import { proofDeps } from "@/lib/blueprint/proof/proof-support";
import { runInScratchWorld } from "@/lib/blueprint/proof/run";

import { understand } from "./index";

const cases: { description: string; checks: CaseCheck[] }[] = [
  {
    description: "/calc <expression> works out arithmetic like 2+3*4",
    checks: [
      check(
        "a sum is worked out as a whole; a word is not a sum",
        act(slash("Sam", "calc", [opt.text("expression", "2+3*4")]), reply([number(14)], "14")),
        act(slash("Sam", "calc", [opt.text("expression", "(1.5 + 2) ^ 2")]), reply([number(12.25)], "12.25")),
        act(slash("Sam", "calc", [opt.text("expression", "hello")]), reply([anyCase("couldn't")], "it is not a sum")),
      ),
    ],
  },
  {
    description: "a to-do list: /todo add <item>, /todo list, /todo done <number>",
    checks: [
      check(
        "items are listed by number and removed by it",
        act(
          slash("Alex", "todo", [opt.text("item", "milk, eggs")], { subcommand: "add" }),
          reply(["milk, eggs"], "added"),
        ),
        act(slash("Alex", "todo", [opt.text("item", "bread")], { subcommand: "add" }), reply(["bread"], "added")),
        act(slash("Alex", "todo", [], { subcommand: "list" }), reply([literal("milk, eggs"), "bread"], "the list")),
        act(
          slash("Alex", "todo", [opt.int("number", 1)], { subcommand: "done" }),
          reply([literal("milk, eggs")], "the item removed"),
        ),
        act(
          slash("Alex", "todo", [opt.int("number", 5)], { subcommand: "done" }),
          reply([literal("no item 5")], "there is no item 5"),
        ),
        act(slash("Riley", "todo", [], { subcommand: "list" }), reply([anyCase("empty")], "Riley's own list is empty")),
      ),
    ],
  },
  {
    description: `/timer <seconds> says "Time's up!" when it's done`,
    checks: [
      check(
        "the text comes when the time is up, in the channel",
        act(
          slash("Sam", "timer", [opt.int("seconds", 2)]),
          posted("bot-commands", [literal("Time's up!")], "time's up"),
        ),
      ),
    ],
  },
  {
    description: "every time someone uses /fact the bot posts a random fun fact in #fun-facts (make up like 10)",
    checks: [check("a fact is posted", act(slash("Sam", "fact"), posted("fun-facts", [".{20,}"], "a fact")))],
  },
];

describe.each(["javascript", "python"] as const)("built from words, in %s", (language) => {
  let world: TestWorld;

  beforeAll(async () => {
    world = await startWorld(`capabilities-${language}`, language);
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it.each(cases.map((item) => [item.description, item] as const))(
    "%s",
    async (_description, item) => {
      const understood = understand(item.description);
      expect(understood.notUnderstood, "nothing is left out").toEqual([]);
      const own = item.checks.map((check, index) => ({
        id: `own-${index}`,
        title: check.title,
        target: { kind: "command" as const, index: -1, name: "words" },
        steps: check.steps,
      }));
      const derived = deriveProof(understood.blueprint).checks;
      // The plan's checks first: they expect the world fresh; the words' own checks then use members of their own.
      const all = [...derived, ...own];
      const results = await runInScratchWorld(
        {
          userId: world.userId,
          name: understood.blueprint.name,
          language,
          files: compileBlueprint(understood.blueprint, language),
          blueprint: understood.blueprint,
        },
        all,
        proofDeps(world),
      );
      const failures = results
        .map((result, index) => ({ result, check: all[index]! }))
        .filter(({ result }) => result.status !== "passed")
        .map(({ result, check }) => `${check.title}: ${result.problem}\n${JSON.stringify(result.transcript)}`);
      expect(failures).toEqual([]);
    },
    180_000,
  );
});
