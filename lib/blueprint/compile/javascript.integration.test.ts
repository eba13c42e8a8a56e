/**
 * Compiled JavaScript blueprints run for real: the example bots, compiled by compileJavaScript,
 * run by the runner in its sandbox against the simulator, answering as lib/blueprint/README.md says.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import { exampleBlueprints } from "../examples";
import {
  content,
  createChannel,
  ephemeral,
  expectEvent,
  guildView,
  logText,
  memberId,
  runBlueprint,
  say,
  setDesired,
  slash,
  startWorld,
  type TestWorld,
} from "./integration-support";

let world: TestWorld;

beforeAll(async () => {
  world = await startWorld("js-blueprints");
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe("compiled JavaScript bots (discord.js, in the runner's sandbox, on the simulator)", () => {
  it("utility: /ping, /serverinfo's embed, /userinfo with and without a member", async () => {
    const botId = await runBlueprint(world, "utility", exampleBlueprints.utility!);
    const { owner, sam } = world.ids;
    await expectEvent(world, botId, content("Pong!"), await slash(world, botId, "ping"));
    const info = await expectEvent(
      world,
      botId,
      /"title":"Cipher Test Server"/,
      await slash(world, botId, "serverinfo"),
    );
    expect(info).toMatch(/"description":"\d+ members"/);
    expect(info).toContain(`"value":"<@${owner}>"`);
    expect(info).toContain(`"color":${0x5865f2}`);
    const someone = await slash(world, botId, "userinfo", [{ name: "member", type: 6, value: sam }]);
    const public_ = await expectEvent(world, botId, content(`Sam has the id ${sam}. Roles: Member.`), someone);
    expect(public_).not.toMatch(ephemeral);
    // The first reply (in document order) is public, so the command deferred publicly; this one is private.
    const self = await expectEvent(
      world,
      botId,
      content(`You are You, id ${owner}. Roles: Admin (highest: Admin).`),
      await slash(world, botId, "userinfo"),
    );
    expect(self).toMatch(ephemeral);
    await setDesired(world, botId, "stopped");
  }, 120_000);

  it("dice: /roll within the sides, /8ball quotes the question, !coin answers a message", async () => {
    const botId = await runBlueprint(world, "dice", exampleBlueprints.dice!);
    const roll = await expectEvent(world, botId, /rolled \d+ \(d6\)/, await slash(world, botId, "roll"));
    expect(roll).toContain(`<@${world.ids.owner}> rolled`);
    const rolled = Number(/rolled (\d+)/.exec(roll)![1]);
    expect(rolled).toBeGreaterThanOrEqual(1);
    expect(rolled).toBeLessThanOrEqual(6);
    for (let attempt = 0; attempt < 3; attempt++) {
      const coin = await slash(world, botId, "roll", [{ name: "sides", type: 4, value: 2 }]);
      const two = await expectEvent(world, botId, /rolled \d+ \(d2\)/, coin);
      expect(["1", "2"]).toContain(/rolled (\d+)/.exec(two)![1]);
    }
    const ball = await slash(world, botId, "8ball", [{ name: "question", type: 3, value: "Will it work?" }]);
    await expectEvent(
      world,
      botId,
      /"content":"> Will it work\?\\n(Yes\.|No\.|Ask again later\.|Without a doubt\.)"/,
      ball,
    );
    // A prefix command: "!coin", then the end or a space; "!coins" is another word.
    await expectEvent(world, botId, /"content":"(Heads|Tails)!"/, await say(world, "!coin"));
    await say(world, "!coins please");
    await expectEvent(world, botId, /"content":"(Heads|Tails)!"/, await say(world, "!coin flip it"));
    const channel = await world.simulator.call<{ messages: Record<string, { content: string }[]> }>(
      "GET",
      `/worlds/${world.userId}`,
    );
    const after = channel.messages[world.ids.general]!.map((message) => message.content);
    const since = after.slice(after.lastIndexOf("!coins please") + 1);
    expect(since.filter((text) => /^(Heads|Tails)!$/.test(text))).toHaveLength(1);
    await setDesired(world, botId, "stopped");
  }, 120_000);

  it("economy: coins are counted, paid, refused past the balance, kept across a restart; /daily cools down", async () => {
    const botId = await runBlueprint(world, "economy", exampleBlueprints.economy!);
    const { owner, sam, guildId } = world.ids;
    await expectEvent(world, botId, content(`<@${owner}>, you have 0 coins.`), await slash(world, botId, "balance"));
    await expectEvent(world, botId, content("+100 coins! You now have 100."), await slash(world, botId, "daily"));
    const again = await expectEvent(
      world,
      botId,
      content("You already collected today."),
      await slash(world, botId, "daily"),
    );
    expect(again).toMatch(ephemeral);
    const pay = [
      { name: "member", type: 6, value: sam },
      { name: "amount", type: 4, value: 30 },
    ];
    await expectEvent(
      world,
      botId,
      content(`<@${owner}> paid <@${sam}> 30 coins.`),
      await slash(world, botId, "pay", pay),
    );
    const tooMuch = [pay[0], { name: "amount", type: 4, value: 1000 }];
    const refused = await expectEvent(
      world,
      botId,
      content("You only have 70 coins."),
      await slash(world, botId, "pay", tooMuch),
    );
    expect(refused).toMatch(ephemeral);
    // Kept in Cipher's built-in database under the README's keys…
    const rows = await db.botKvEntry.findMany({
      where: { botId, key: { startsWith: "data:coins:" } },
      orderBy: { key: "asc" },
    });
    expect(Object.fromEntries(rows.map((row) => [row.key, row.value]))).toEqual({
      [`data:coins:g${guildId}:u${owner}`]: 70,
      [`data:coins:g${guildId}:u${sam}`]: 30,
    });
    // …so a restarted bot still knows them (and its cooldowns, kept in memory, start again).
    await setDesired(world, botId, "stopped");
    await setDesired(world, botId, "running");
    await expectEvent(world, botId, content(`<@${owner}>, you have 70 coins.`), await slash(world, botId, "balance"));
    await expectEvent(
      world,
      botId,
      content(`<@${sam}>, you have 30 coins.`),
      await slash(world, botId, "balance", [], sam),
    );
    await expectEvent(world, botId, content("+100 coins! You now have 170."), await slash(world, botId, "daily"));
    await setDesired(world, botId, "stopped");
  }, 150_000);

  it("moderation: the first strike is a DM, the second a timeout, the third a day's ban on a stored timer", async () => {
    const botId = await runBlueprint(world, "moderation", exampleBlueprints.moderation!);
    const { sam } = world.ids;
    const riley = await memberId(world, "Riley");
    const warn = [
      { name: "member", type: 6, value: sam },
      { name: "reason", type: 3, value: "spam" },
    ];
    // Riley is a plain member: refused, privately, before anything is done.
    const refusal = await expectEvent(
      world,
      botId,
      content("You need the **Moderate Members** permission to use /warn."),
      await slash(world, botId, "warn", warn, riley),
    );
    expect(refusal).toMatch(ephemeral);
    const first = await slash(world, botId, "warn", warn);
    const dm = await expectEvent(world, botId, content("Warning in Cipher Test Server: spam"), first);
    expect(dm).not.toContain(world.ids.general);
    const reply = await expectEvent(world, botId, content(`<@${sam}> now has 1 strike(s).`), first);
    expect(reply).toMatch(ephemeral);
    const second = await slash(world, botId, "warn", warn);
    const timeout = await expectEvent(
      world,
      botId,
      /"type":"member_update".*"communication_disabled_until":"\d{4}-/,
      second,
    );
    expect(timeout).toContain(sam);
    await expectEvent(world, botId, content(`<@${sam}> now has 2 strike(s).`), second);
    const third = await slash(world, botId, "warn", warn);
    await expectEvent(world, botId, new RegExp(`"type":"ban_add".*${sam}`), third);
    await expectEvent(world, botId, content(`<@${sam}> now has 3 strike(s).`), third);
    const timers = await db.botKvEntry.findFirst({ where: { botId, key: "timers" } });
    expect(timers?.value).toEqual([
      expect.objectContaining({ run: "unban", context: expect.objectContaining({ userId: sam, where: "/warn" }) }),
    ]);
    const strikes = await db.botKvEntry.findFirst({ where: { botId, key: { startsWith: "data:strikes:" } } });
    expect(strikes).toMatchObject({ key: `data:strikes:g${world.ids.guildId}:u${sam}`, value: 3 });
    expect(await logText(botId)).not.toMatch(/\[blueprint\].*failed/);
    await setDesired(world, botId, "stopped");
  }, 150_000);

  it("moderation: /purge bulk-deletes the channel's last messages and says so privately", async () => {
    const botId = await runBlueprint(world, "purge", exampleBlueprints.moderation!);
    for (const text of ["one", "two", "three"]) await say(world, text);
    const purge = await slash(world, botId, "purge", [{ name: "count", type: 4, value: 2 }]);
    const deleted = await expectEvent(world, botId, /"type":"message_delete_bulk"/, purge);
    expect((JSON.parse(deleted) as { data: { ids: string[] } }).data.ids).toHaveLength(2);
    const said = await expectEvent(world, botId, content("Deleted the last 2 messages."), purge);
    expect(said).toMatch(ephemeral);
    await setDesired(world, botId, "stopped");
  }, 120_000);

  it("welcome: a joining member gets the Member role and a welcome embed; leaving is announced", async () => {
    const welcome = await createChannel(world, "welcome");
    const botId = await runBlueprint(world, "welcome", exampleBlueprints.welcome!);
    const from = world.events.count;
    const member = await world.simulator.call<{ user: { id: string } }>("POST", `/worlds/${world.userId}/members`, {
      guildId: world.ids.guildId,
      username: "Newbie",
    });
    const id = member.user.id;
    const memberRole = (await guildView(world)).roles.find((role) => role.name === "Member")!.id;
    await expectEvent(world, botId, new RegExp(`"type":"member_update".*"roles":\\[[^\\]]*"${memberRole}"`), from);
    const embed = await expectEvent(world, botId, new RegExp(`"channelId":"${welcome}".*"title":"Welcome!"`), from);
    expect(embed).toMatch(new RegExp(`"description":"Say hi to <@${id}>, member #\\d+\\."`));
    const leaving = world.events.count;
    await world.simulator.call("DELETE", `/worlds/${world.userId}/members/${world.ids.guildId}/${id}`);
    const left = await expectEvent(world, botId, content("Newbie left."), leaving);
    expect(left).toContain(`"channelId":"${welcome}"`);
    await setDesired(world, botId, "stopped");
  }, 120_000);
});
