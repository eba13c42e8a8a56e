/**
 * Some of the later example blueprints, compiled to both languages and run in the runner's sandbox
 * on the simulator: a server counter kept in the database, rock paper scissors with a condition
 * on a random result, and birthdays read back for another member through subcommands.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { exampleBlueprints } from "../examples";
import * as javascript from "./javascript-integration-support";
import * as python from "./python-integration-support";

interface World {
  ids: { owner: string; sam: string };
  close(): Promise<void>;
}

interface Language {
  name: string;
  start(): Promise<World>;
  run(world: World, label: string, input: unknown): Promise<string>;
  slash(world: World, botId: string, name: string, options?: unknown[], authorId?: string): Promise<number>;
  expectEvent(world: World, botId: string, pattern: RegExp, from: number): Promise<string>;
}

// The two support modules take their own world type; each is only ever given its own.
const languages: Language[] = [
  {
    name: "JavaScript",
    start: () => javascript.startWorld("more-examples-js"),
    run: (world, label, input) => javascript.runBlueprint(world as javascript.TestWorld, label, input as never),
    slash: (world, botId, name, options, authorId) =>
      javascript.slash(world as javascript.TestWorld, botId, name, options, authorId),
    expectEvent: (world, botId, pattern, from) =>
      javascript.expectEvent(world as javascript.TestWorld, botId, pattern, from),
  },
  {
    name: "Python",
    start: () => python.startPythonWorld(),
    run: (world, label, input) => python.runBlueprint(world as python.PythonWorld, label, input as never),
    slash: (world, botId, name, options, authorId) =>
      python.slash(world as python.PythonWorld, botId, name, options, authorId),
    expectEvent: (world, botId, pattern, from) => python.expectEvent(world as python.PythonWorld, botId, pattern, from),
  },
];

describe.each(languages)("later examples compiled to $name", (language) => {
  let world: World;

  beforeAll(async () => {
    world = await language.start();
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("counter: /count adds one to the server's stored counter each time", async () => {
    const botId = await language.run(world, "counter", exampleBlueprints.counter);
    await language.expectEvent(
      world,
      botId,
      /"content":"The counter is at 1\."/,
      await language.slash(world, botId, "count"),
    );
    // The cooldown is per member (5 s): another member's count goes on from the stored 1…
    const second = await language.slash(world, botId, "count", undefined, world.ids.sam);
    await language.expectEvent(world, botId, /"content":"The counter is at 2\."/, second);
    // …while the first member, within the 5 s, is told to wait, privately.
    const again = await language.slash(world, botId, "count");
    const refused = await language.expectEvent(world, botId, /Slow down! You can use \/count again in \d+s\./, again);
    expect(refused).toMatch(/"flags":64/);
  }, 90_000);

  it("rock paper scissors: the answer follows the condition on the random move", async () => {
    const botId = await language.run(world, "rps", exampleBlueprints.rockPaperScissors);
    const from = await language.slash(world, botId, "rps", [{ name: "choice", type: 3, value: "rock" }]);
    await language.expectEvent(
      world,
      botId,
      /"content":"(I chose rock too: a tie!|You chose rock, I chose (paper|scissors)\.)"/,
      from,
    );
  }, 90_000);

  it("birthdays: a saved date is read back for that member through a subcommand", async () => {
    const botId = await language.run(world, "birthdays", exampleBlueprints.birthdays);
    const saved = await language.slash(world, botId, "birthday", [
      { name: "set", type: 1, options: [{ name: "date", type: 3, value: "14 March" }] },
    ]);
    await language.expectEvent(world, botId, /"content":"Saved: 14 March\."/, saved);
    const shown = await language.slash(world, botId, "birthday", [
      { name: "show", type: 1, options: [{ name: "member", type: 6, value: world.ids.owner }] },
    ]);
    await language.expectEvent(world, botId, /birthday is 14 March\./, shown);
  }, 90_000);
});
