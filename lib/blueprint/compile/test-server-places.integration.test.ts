/**
 * A blueprint bot started in its own test server finds there what its blueprint names: the
 * runner asks the simulator for #suggestions and the Gamer role, the bot posts there and toggles
 * the role; and with the channel deleted, its reply says it could not post instead of claiming
 * it did — in JavaScript and in Python, with the real runner, sandbox and simulator.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { checkBlueprint } from "@/lib/blueprint";
import { db } from "@/lib/db";
import { describePlaces, placesStillThere } from "@/lib/simulator/places";
import type { WorldSnapshot } from "@/lib/simulator/types";
import { worldIds } from "@/runtime/runner/simulator-support";
import { createBot, waitFor, waitForStatus } from "@/runtime/runner/test-support";

import type { BlueprintInput } from "../schema";
import { compileBlueprint, type TargetLanguage } from "./index";
import { content, eventData, expectEvent, logText, slash, startWorld, type TestWorld } from "./integration-support";

const suggestions: BlueprintInput = {
  version: 1,
  name: "Suggestion bot",
  commands: [
    {
      name: "suggest",
      description: "Suggest something",
      options: [{ name: "idea", description: "Your idea", type: "string" }],
      actions: [
        { do: "send", channel: "#suggestions", message: { text: "Suggestion from {user.name}: {option.idea}" } },
        { do: "toggleRole", member: "{user}", role: "Gamer" },
        { do: "reply", message: { text: "Posted your suggestion in #suggestions and toggled the Gamer role." } },
      ],
    },
  ],
};

interface MemberUpdate {
  user: { id: string };
  roles: string[];
}

describe.each(["javascript", "python"] as TargetLanguage[])("a %s bot in its own test server", (language) => {
  let world: TestWorld;

  beforeAll(async () => {
    world = await startWorld(`places-${language}`, language);
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("gets #suggestions and the Gamer role, posts there and toggles it; without the channel, says it could not post", async () => {
    const parsed = checkBlueprint(suggestions);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const botId = await createBot(world.userId, compileBlueprint(parsed.blueprint, language), {
      name: "Suggestion bot",
      language,
    });
    await db.bot.update({ where: { id: botId }, data: { testServer: "own" } });
    await world.runner.reconcile();
    await waitForStatus(botId, "running", 60_000).catch(async (error: unknown) => {
      throw new Error(`${(error as Error).message}\n${await logText(botId)}`);
    });

    // Its own server has them; the shared server does not.
    const ids = await worldIds(world.simulator, world.userId, botId);
    const snapshot = await world.simulator.call<WorldSnapshot>("GET", `/worlds/${world.userId}`);
    const own = snapshot.guilds.find((guild) => guild.id === ids.guildId)!;
    const shared = snapshot.guilds.find((guild) => !guild.botId)!;
    expect(own.botId).toBe(botId);
    const channel = own.channels.find((item) => item.name === "suggestions")!;
    const gamer = own.roles.find((item) => item.name === "Gamer")!;
    expect(channel).toBeDefined();
    expect(gamer).toBeDefined();
    expect(shared.channels.some((item) => item.name === "suggestions")).toBe(false);
    expect(shared.roles.some((item) => item.name === "Gamer")).toBe(false);
    // What the Test tab says, and what the bot's log says.
    expect(`Added ${describePlaces(placesStillThere(own.botPlaces, own))} to your test server for this bot.`).toBe(
      "Added #suggestions and the Gamer role to your test server for this bot.",
    );
    expect(await logText(botId)).toContain("Added #suggestions and the Gamer role to this bot's test server");

    const idea = [{ name: "idea", type: 3, value: "movie night" }];
    const from = await slash(world, botId, "suggest", idea, ids.owner, ids.general);
    const posted = eventData<{ channel_id: string }>(
      await expectEvent(world, botId, content("Suggestion from You: movie night"), from),
    );
    expect(posted.channel_id).toBe(channel.id);
    const given = await expectEvent(world, botId, /"type":"member_update"/, from);
    expect(eventData<MemberUpdate>(given).roles).toContain(gamer.id);
    await expectEvent(
      world,
      botId,
      content("Posted your suggestion in #suggestions and toggled the Gamer role."),
      from,
    );

    // The owner deletes #suggestions: the post fails, and the reply says so instead.
    await world.simulator.call("DELETE", `/worlds/${world.userId}/channels/${channel.id}`);
    const again = await slash(world, botId, "suggest", idea, ids.owner, ids.general);
    await expectEvent(world, botId, content("I couldn't post in #suggestions: there is no such channel."), again);
    const taken = await expectEvent(world, botId, /"type":"member_update"/, again);
    expect(eventData<MemberUpdate>(taken).roles).not.toContain(gamer.id);
    expect(world.events.since(again).join("\n")).not.toContain("Posted your suggestion");
    await waitFor(
      () => logText(botId),
      (text) => text.includes("[blueprint] /suggest: send failed: there is no text channel named #suggestions"),
    );
  }, 180_000);
});
