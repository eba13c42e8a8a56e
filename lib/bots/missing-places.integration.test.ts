/** Overview's "its server has no …": read from the bot's stored log since its last start, for its owner only. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import { createSignedInUser } from "@/tests/setup/signed-in";

import { getMissingPlaces } from "./logs";
import { BotNotFoundError } from "./service";

let owner: string;
let other: string;
let botId: string;

beforeAll(async () => {
  owner = (await createSignedInUser("missing-places", "owner")).id;
  other = (await createSignedInUser("missing-places", "other")).id;
  botId = (
    await db.bot.create({
      data: { userId: owner, name: "Community bot", language: "javascript", connectTo: "discord" },
    })
  ).id;
  const at = new Date();
  const lines: [string, string][] = [
    ["stderr", "[blueprint] /suggest: send failed: there is no text channel named #before"],
    ["system", "Starting index.js (Node.js, discord)."],
    ["stderr", "[blueprint] /suggest: send failed: there is no text channel named #suggestions"],
    ["stdout", "Ready"],
    ["stderr", "[blueprint] /suggest: toggleRole failed: there is no role named Gamer"],
  ];
  for (const [stream, line] of lines) await db.botLogLine.create({ data: { botId, stream, line, at } });
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [owner, other] } } });
});

describe("what a bot's server lacks", () => {
  it("names what it looked for and did not find since its last start", async () => {
    expect(await getMissingPlaces(owner, botId)).toEqual({ channels: ["suggestions"], roles: ["Gamer"] });
  });

  it("is its owner's to read only", async () => {
    await expect(getMissingPlaces(other, botId)).rejects.toBeInstanceOf(BotNotFoundError);
  });
});
