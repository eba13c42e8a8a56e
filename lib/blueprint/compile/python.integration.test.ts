/**
 * Compiled Python blueprints run for real: the example bots, compiled by compilePython, run by
 * the runner in its sandbox against the simulator, answering as lib/blueprint/README.md says.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import { exampleBlueprints } from "../examples";
import {
  createChannel,
  expectEvent,
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
  world = await startWorld("python-blueprints", "python");
}, 60_000);

afterAll(async () => {
  await world?.close();
});

const content = (text: string) => new RegExp(`"content":"${text}"`);
const ephemeral = /"flags":64/;

describe("compiled Python bots (discord.py, in the runner's sandbox, on the simulator)", () => {
  it("utility: /ping, /serverinfo's embed, /userinfo with and without a member", async () => {
    const botId = await runBlueprint(world, "utility", exampleBlueprints.utility!);
    await expectEvent(world, botId, content("Pong!"), await slash(world, botId, "ping"));
    const info = await expectEvent(
      world,
      botId,
      /"title":"Cipher Test Server"/,
      await slash(world, botId, "serverinfo"),
    );
    expect(info).toMatch(/"description":"\d+ members"/);
    expect(info).toContain(`"value":"<@${world.ids.owner}>"`);
    const sam = await slash(world, botId, "userinfo", [{ name: "member", type: 6, value: world.ids.sam }]);
    await expectEvent(world, botId, content(`Sam has the id ${world.ids.sam}. Roles: Member.`), sam);
    const self = await expectEvent(
      world,
      botId,
      /"content":"You are You, id \d+\. Roles: Admin \(highest: Admin\)\."/,
      await slash(world, botId, "userinfo"),
    );
    expect(self).toMatch(ephemeral);
    await setDesired(world, botId, "stopped");
  }, 120_000);

  it("dice: /roll within the sides, /8ball quotes the question, !coin answers a message", async () => {
    const botId = await runBlueprint(world, "dice", exampleBlueprints.dice!);
    const roll = await expectEvent(world, botId, /rolled \d+ \(d6\)/, await slash(world, botId, "roll"));
    const rolled = Number(/rolled (\d+)/.exec(roll)![1]);
    expect(rolled).toBeGreaterThanOrEqual(1);
    expect(rolled).toBeLessThanOrEqual(6);
    const d20 = await slash(world, botId, "roll", [{ name: "sides", type: 4, value: 20 }]);
    await expectEvent(world, botId, /rolled \d+ \(d20\)/, d20);
    const ball = await slash(world, botId, "8ball", [{ name: "question", type: 3, value: "Will it work?" }]);
    await expectEvent(
      world,
      botId,
      /"content":"> Will it work\?\\n(Yes\.|No\.|Ask again later\.|Without a doubt\.)"/,
      ball,
    );
    await expectEvent(world, botId, /"content":"(Heads|Tails)!"/, await say(world, "!coin"));
    await setDesired(world, botId, "stopped");
  }, 120_000);

  it("economy: coins are counted, paid, refused past the balance, kept across a restart; /daily cools down", async () => {
    const botId = await runBlueprint(world, "economy", exampleBlueprints.economy!);
    const { owner, sam, guildId } = world.ids;
    await expectEvent(world, botId, content(`<@${owner}>, you have 0 coins\\.`), await slash(world, botId, "balance"));
    await expectEvent(world, botId, content("\\+100 coins! You now have 100\\."), await slash(world, botId, "daily"));
    const again = await expectEvent(
      world,
      botId,
      content("You already collected today\\."),
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
      content(`<@${owner}> paid <@${sam}> 30 coins\\.`),
      await slash(world, botId, "pay", pay),
    );
    const tooMuch = [pay[0], { name: "amount", type: 4, value: 1000 }];
    const refused = await expectEvent(
      world,
      botId,
      content("You only have 70 coins\\."),
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
    // …so a restarted bot still knows them.
    await setDesired(world, botId, "stopped");
    await setDesired(world, botId, "running");
    await expectEvent(world, botId, content(`<@${owner}>, you have 70 coins\\.`), await slash(world, botId, "balance"));
    await expectEvent(
      world,
      botId,
      content(`<@${sam}>, you have 30 coins\\.`),
      await slash(world, botId, "balance", [], sam),
    );
    await setDesired(world, botId, "stopped");
  }, 120_000);

  it("moderation: the first strike is a DM, the second a timeout; members without the permission are refused", async () => {
    const botId = await runBlueprint(world, "moderation", exampleBlueprints.moderation!);
    const { sam } = world.ids;
    const warn = [
      { name: "member", type: 6, value: sam },
      { name: "reason", type: 3, value: "spam" },
    ];
    const first = await slash(world, botId, "warn", warn);
    await expectEvent(world, botId, content("Warning in Cipher Test Server: spam"), first);
    const reply = await expectEvent(world, botId, content(`<@${sam}> now has 1 strike\\(s\\)\\.`), first);
    expect(reply).toMatch(ephemeral);
    const second = await slash(world, botId, "warn", warn);
    const timeout = await expectEvent(
      world,
      botId,
      /"type":"member_update".*"communication_disabled_until":"\d{4}-/,
      second,
    );
    expect(timeout).toContain(sam);
    await expectEvent(world, botId, content(`<@${sam}> now has 2 strike\\(s\\)\\.`), second);
    // The third strike is a day's ban, lifted by a stored timer (kept in the database).
    const third = await slash(world, botId, "warn", warn);
    await expectEvent(world, botId, new RegExp(`"type":"ban_add".*${sam}`), third);
    await expectEvent(world, botId, content(`<@${sam}> now has 3 strike\\(s\\)\\.`), third);
    const timers = await db.botKvEntry.findFirst({ where: { botId, key: "timers" } });
    expect(timers?.value).toEqual([
      expect.objectContaining({ run: "unban", context: expect.objectContaining({ userId: sam }) }),
    ]);
    // Sam is timed out (the simulator refuses his commands); Riley is a member without the permission.
    const warnOwner = [{ name: "member", type: 6, value: world.ids.owner }, warn[1]];
    const refused = await slash(world, botId, "warn", warnOwner, await memberId(world, "Riley"));
    const refusal = await expectEvent(
      world,
      botId,
      content("You need the \\*\\*Moderate Members\\*\\* permission to use /warn\\."),
      refused,
    );
    expect(refusal).toMatch(ephemeral);
    expect(await logText(botId)).not.toMatch(/Traceback/);
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
    const roles = await world.simulator.call<{ guilds: { roles: { id: string; name: string }[] }[] }>(
      "GET",
      `/worlds/${world.userId}`,
    );
    const memberRole = roles.guilds[0]!.roles.find((role) => role.name === "Member")!.id;
    await expectEvent(world, botId, new RegExp(`"type":"member_update".*"roles":\\[[^\\]]*"${memberRole}"`), from);
    const embed = await expectEvent(world, botId, new RegExp(`"channelId":"${welcome}".*"title":"Welcome!"`), from);
    expect(embed).toMatch(new RegExp(`"description":"Say hi to <@${id}>, member #\\d+\\."`));
    const leaving = world.events.count;
    await world.simulator.call("DELETE", `/worlds/${world.userId}/members/${world.ids.guildId}/${id}`);
    await expectEvent(world, botId, content("Newbie left\\."), leaving);
    await setDesired(world, botId, "stopped");
  }, 120_000);
});
