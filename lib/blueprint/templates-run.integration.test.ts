/**
 * The Economy and Moderation templates as the Builder makes them, compiled to discord.js and to
 * discord.py, run by the real runner in its sandbox against the simulator: /balance, /daily,
 * /pay and /leaderboard count coins per server; /warn climbs the strike ladder and logs to #mod-log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import {
  content,
  ephemeral,
  expectEvent,
  guildView,
  logText,
  memberId,
  runBlueprint,
  setDesired,
  slash,
  startWorld,
  type TestWorld,
} from "./compile/integration-support";
import { templateBlueprintInputs } from "./templates";

describe.each(["javascript", "python"] as const)("the template blueprints compiled to %s", (language) => {
  let world: TestWorld;

  beforeAll(async () => {
    world = await startWorld(`template-blueprints-${language}`, language);
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("Economy: /balance starts at 0; /daily pays 100 once a day; /pay moves coins; /leaderboard ranks them", async () => {
    const botId = await runBlueprint(world, `economy-${language}`, templateBlueprintInputs["economy-bot"]);
    const { owner, sam, guildId } = world.ids;
    await expectEvent(world, botId, content("You have **0** coins."), await slash(world, botId, "balance"));
    await expectEvent(world, botId, /"content":"No one has any coins yet\./, await slash(world, botId, "leaderboard"));
    const daily = content("You claimed your daily **100** coins! Your balance is now **100** coins.");
    await expectEvent(world, botId, daily, await slash(world, botId, "daily"));
    const again = await expectEvent(
      world,
      botId,
      /"content":"Slow down! You can use \/daily again in 2[34]h\."/,
      await slash(world, botId, "daily"),
    );
    expect(again).toMatch(ephemeral);

    const pay = (amount: number, to = sam) => [
      { name: "user", type: 6, value: to },
      { name: "amount", type: 4, value: amount },
    ];
    await expectEvent(
      world,
      botId,
      content(`<@${owner}> paid <@${sam}> **30** coins. Your balance is now **70** coins.`),
      await slash(world, botId, "pay", pay(30)),
    );
    const tooMuch = await expectEvent(
      world,
      botId,
      content("You only have 70 coins, not enough to pay 500."),
      await slash(world, botId, "pay", pay(500)),
    );
    expect(tooMuch).toMatch(ephemeral);
    const self = await expectEvent(
      world,
      botId,
      content("You cannot pay yourself."),
      await slash(world, botId, "pay", pay(5, owner)),
    );
    expect(self).toMatch(ephemeral);

    await expectEvent(
      world,
      botId,
      content("Sam has **30** coins."),
      await slash(world, botId, "balance", [{ name: "user", type: 6, value: sam }]),
    );
    await expectEvent(world, botId, content("You have **30** coins."), await slash(world, botId, "balance", [], sam));
    const board = await expectEvent(world, botId, /"title":"Leaderboard"/, await slash(world, botId, "leaderboard"));
    expect(board).toContain(`"description":"<@${owner}>: 70\\n<@${sam}>: 30"`);

    // One per-server entry per member, in the built-in database.
    const rows = await db.botKvEntry.findMany({ where: { botId }, orderBy: { key: "asc" } });
    expect(Object.fromEntries(rows.map((row) => [row.key, row.value]))).toEqual({
      [`data:coins:g${guildId}:<@${owner}>`]: 70,
      [`data:coins:g${guildId}:<@${sam}>`]: 30,
    });
    expect(await logText(botId)).not.toMatch(/\[blueprint\].*failed/);
    await setDesired(world, botId, "stopped");
  }, 180_000);

  it("Moderation: /warn needs Moderate Members, DMs the member, climbs the ladder and logs each strike in #mod-log", async () => {
    // The simulator's default server has a #mod-log, where the strikes are logged.
    const modLog = (await guildView(world)).channels.find((channel) => channel.name === "mod-log")!.id;
    const botId = await runBlueprint(world, `moderation-${language}`, templateBlueprintInputs["moderation-bot"]);
    const { owner, sam, general } = world.ids;
    const riley = await memberId(world, "Riley");
    const warn = (who = sam) => [
      { name: "user", type: 6, value: who },
      { name: "reason", type: 3, value: "spam" },
    ];

    const refusal = await expectEvent(
      world,
      botId,
      content("You need the **Moderate Members** permission to use /warn."),
      await slash(world, botId, "warn", warn(), riley),
    );
    expect(refusal).toMatch(ephemeral);
    await expectEvent(
      world,
      botId,
      content("You cannot warn yourself."),
      await slash(world, botId, "warn", warn(owner)),
    );

    const first = await slash(world, botId, "warn", warn());
    const dm = await expectEvent(
      world,
      botId,
      content("You received strike 1 in **Cipher Test Server** for: spam\nConsequence: a warning."),
      first,
    );
    expect(dm).not.toContain(general);
    await expectEvent(world, botId, new RegExp(`"channelId":"${modLog}".*"title":"Strike 1: a warning"`), first);
    const answer = await expectEvent(world, botId, content(`Strike 1 for <@${sam}>: a warning.`), first);
    expect(answer).toMatch(ephemeral);

    const second = await slash(world, botId, "warn", warn());
    const timeout = await expectEvent(
      world,
      botId,
      /"type":"member_update".*"communication_disabled_until":"\d{4}-/,
      second,
    );
    expect(timeout).toContain(sam);
    await expectEvent(world, botId, content(`Strike 2 for <@${sam}>: a 1-hour timeout.`), second);

    const listed = await expectEvent(
      world,
      botId,
      /"title":"Sam has 2 strike\(s\)"/,
      await slash(world, botId, "strikes", [{ name: "user", type: 6, value: sam }]),
    );
    expect(listed).toContain('"description":"spam (by You)\\nspam (by You)"');
    expect(listed).toContain("The next strike means a 24-hour ban.");

    const third = await slash(world, botId, "warn", warn());
    await expectEvent(world, botId, new RegExp(`"type":"ban_add".*${sam}`), third);
    await expectEvent(world, botId, content(`Strike 3 for <@${sam}>: a 24-hour ban.`), third);
    // The 24-hour ban is lifted by a stored timer, so it survives a restart.
    const timers = await db.botKvEntry.findFirst({ where: { botId, key: "timers" } });
    expect(timers?.value).toEqual([expect.objectContaining({ context: expect.objectContaining({ userId: sam }) })]);
    expect(await logText(botId)).not.toMatch(/\[blueprint\].*failed/);
    await setDesired(world, botId, "stopped");
  }, 180_000);
});
