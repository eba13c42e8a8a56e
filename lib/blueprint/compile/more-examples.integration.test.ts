/**
 * Some of the later example blueprints, compiled to both languages and run in the runner's sandbox
 * on the simulator: a server counter kept in the database, rock paper scissors with a condition
 * on a random result, and birthdays read back for another member through subcommands.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { exampleBlueprints } from "../examples";
import { expectEvent, runBlueprint, slash, startWorld, type TestWorld } from "./integration-support";

describe.each(["javascript", "python"] as const)("later examples compiled to %s", (language) => {
  let world: TestWorld;

  beforeAll(async () => {
    world = await startWorld(`more-examples-${language}`, language);
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("counter: /count adds one to the server's stored counter each time", async () => {
    const botId = await runBlueprint(world, "counter", exampleBlueprints.counter!);
    await expectEvent(world, botId, /"content":"The counter is at 1\."/, await slash(world, botId, "count"));
    // The cooldown is per member (5 s): another member's count goes on from the stored 1…
    const second = await slash(world, botId, "count", undefined, world.ids.sam);
    await expectEvent(world, botId, /"content":"The counter is at 2\."/, second);
    // …while the first member, within the 5 s, is told to wait, privately.
    const again = await slash(world, botId, "count");
    const refused = await expectEvent(world, botId, /Slow down! You can use \/count again in \d+s\./, again);
    expect(refused).toMatch(/"flags":64/);
  }, 90_000);

  it("rock paper scissors: the answer follows the condition on the random move", async () => {
    const botId = await runBlueprint(world, "rps", exampleBlueprints.rockPaperScissors!);
    const from = await slash(world, botId, "rps", [{ name: "choice", type: 3, value: "rock" }]);
    await expectEvent(
      world,
      botId,
      /"content":"(I chose rock too: a tie!|You chose rock, I chose (paper|scissors)\.)"/,
      from,
    );
  }, 90_000);

  it("birthdays: a saved date is read back for that member through a subcommand", async () => {
    const botId = await runBlueprint(world, "birthdays", exampleBlueprints.birthdays!);
    const saved = await slash(world, botId, "birthday", [
      { name: "set", type: 1, options: [{ name: "date", type: 3, value: "14 March" }] },
    ]);
    await expectEvent(world, botId, /"content":"Saved: 14 March\."/, saved);
    const shown = await slash(world, botId, "birthday", [
      { name: "show", type: 1, options: [{ name: "member", type: 6, value: world.ids.owner }] },
    ]);
    await expectEvent(world, botId, /birthday is 14 March\./, shown);
  }, 90_000);
});
