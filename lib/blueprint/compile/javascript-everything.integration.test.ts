/**
 * The blueprint that uses every action, condition, trigger and placeholder
 * (javascript-test-blueprint.ts), compiled to JavaScript and run on the simulator: one bot for
 * the whole file, driven as members would.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import {
  click,
  content,
  ephemeral,
  eventData,
  expectEvent,
  guildView,
  logText,
  memberId,
  react,
  runBlueprint,
  say,
  slash,
  startWorld,
  submitModal,
  type TestWorld,
} from "./integration-support";
import { everythingBlueprint } from "./javascript-test-blueprint";

let world: TestWorld;
let botId: string;

beforeAll(async () => {
  world = await startWorld("js-blueprint-everything");
  botId = await runBlueprint(world, "everything", everythingBlueprint);
}, 90_000);

afterAll(async () => {
  await world?.close();
});

type Posted = { id: string; channel_id: string };
const expectIn = (pattern: RegExp, from: number) => expectEvent(world, botId, pattern, from);

describe("a compiled bot using every feature, on the simulator", () => {
  it("conditions: permissions, roles (by name and option), isSet, startsWith; a private reply after a public deferral", async () => {
    const { sam } = world.ids;
    const asOwner = await slash(world, botId, "check");
    expect(await expectIn(content("staff"), asOwner)).not.toMatch(ephemeral);
    await expectIn(content("role [] word hello"), asOwner);
    const memberRole = (await guildView(world)).roles.find((role) => role.name === "Member")!.id;
    const options = [
      { name: "member", type: 6, value: sam },
      { name: "role", type: 8, value: memberRole },
      { name: "word", type: 3, value: "nope" },
    ];
    const asSam = await slash(world, botId, "check", options, sam);
    expect(await expectIn(content("not staff"), asSam)).toMatch(ephemeral);
    await expectIn(content("role [Member] word nope"), asSam);
    await expectIn(content(`Sam has <@&${memberRole}>`), asSam);
  }, 60_000);

  it("data: a list per user, a global counter from its initial value, keyed scores, text; a server cooldown", async () => {
    const note = (sub: string, value: string) => [{ name: sub, type: 1, options: [{ name: "note", type: 3, value }] }];
    for (const [value, count] of [
      ["a", 1],
      ["b", 2],
      ["a", 3],
    ] as const)
      await expectIn(content(`${count} note(s)`), await slash(world, botId, "notes", note("add", value)));
    await expectIn(content("2 left"), await slash(world, botId, "notes", note("remove", "a")));
    await expectIn(content("a\nb\n(b, a) visit 11"), await slash(world, botId, "notes", [{ name: "show", type: 1 }]));
    const cooling = await slash(world, botId, "notes", [{ name: "show", type: 1 }]);
    expect(await expectIn(/"content":"Slow down! You can use \/notes show again in [12]s\."/, cooling)).toMatch(
      ephemeral,
    );
    await expectIn(content("Cleared: fresh"), await slash(world, botId, "notes", [{ name: "clear", type: 1 }]));
    const score = [
      { name: "game", type: 3, value: "chess" },
      { name: "points", type: 10, value: 5 },
    ];
    await expectIn(content("5 then 4.5\nchess: 4.5\nPlay chess"), await slash(world, botId, "score", score));
    const keys = (
      await db.botKvEntry.findMany({ where: { botId, key: { startsWith: "data:" } }, orderBy: { key: "asc" } })
    ).map((row) => [row.key, row.value]);
    const { guildId, owner } = world.ids;
    expect(keys).toEqual([
      [`data:motto:g${guildId}`, "Play chess"],
      [`data:notes:u${owner}`, ["fresh"]],
      [`data:scores:g${guildId}:u${owner}:chess`, 4.5],
      ["data:visits:global", 11],
    ]);
  }, 90_000);

  it("values: a table (any case), arithmetic with data, a division by zero, a roll from an option, defaults", async () => {
    const options = [
      { name: "colour", type: 3, value: "red" },
      { name: "low", type: 4, value: 3 },
    ];
    const answer = await expectIn(
      /"content":"#ff0000 #0000ff 14 NaN (\d+) (red|plain) true "/,
      await slash(world, botId, "maths", options),
    );
    const roll = Number(/#0000ff 14 NaN (\d+)/.exec(answer)![1]);
    expect(roll).toBeGreaterThanOrEqual(3);
    expect(roll).toBeLessThanOrEqual(10);
  }, 60_000);

  it("prefix command: arguments in order (the text takes the rest), a usage line, a reaction, a wait that deletes the message", async () => {
    const from = await say(world, "?say 2 hello  big world");
    const reply = await expectIn(content("hello  big world x2 by You (?say 2 hello  big world) "), from);
    await expectIn(/"type":"reaction_add".*"name":"\\u2705"|"type":"reaction_add".*"name":"✅"/, from);
    const asked = eventData<{ message_reference?: { message_id: string } }>(reply).message_reference!.message_id;
    await expectIn(new RegExp(`"type":"message_delete".*"id":"${asked}"`), from);
    await expectIn(content("Usage: ?say <times> <words> [who]"), await say(world, "?say 5 too many"));
    await expectIn(content("Usage: ?say <times> <words> [who]"), await say(world, "?say 2"));
  }, 60_000);

  it("message events: all the words, the whole message, a case-sensitive pattern; reactions by members, not bots", async () => {
    const { owner, general } = world.ids;
    const greeting = await say(world, "Hello there, BOT");
    await expectIn(content(`Hello, <@${owner}> in general!`), greeting);
    await expectIn(content("pong"), await say(world, "  PING "));
    const roll = await say(world, "roll 20");
    const rolled = await expectIn(/"content":"rolling: roll 20 \(\d+\)"/, roll);
    expect(rolled).toContain(`"channelId":"${general}"`);
    // The bot's own reaction (the wave above) ran no event; Sam's does.
    const sam = await react(world, { id: eventData<Posted>(rolled).id, channel_id: general }, "🎉", world.ids.sam);
    await expectIn(/"content":"Sam reacted 🎉 on [^"]+"/, sam);
    const history = await world.simulator.call<{ messages: Record<string, { content: string }[]> }>(
      "GET",
      `/worlds/${world.userId}`,
    );
    const reports = history.messages[general]!.map((message) => message.content).filter((text) =>
      text.includes(" reacted "),
    );
    expect(reports).toEqual([expect.stringMatching(/^Sam reacted 🎉 on /)]);
  }, 60_000);

  it("a private room: a channel with an embed, a menu and buttons; the close button deletes it later; a form", async () => {
    const made = await slash(world, botId, "room");
    const created = eventData<{ id: string; name: string; topic: string }>(
      await expectIn(/"type":"channel_create"/, made),
    );
    expect(created).toMatchObject({ name: "room-of-you", topic: "You's room" });
    const post = eventData<Posted & { embeds: unknown[]; components: unknown[] }>(
      await expectIn(
        new RegExp(`"channelId":"${created.id}".*"content":"Welcome to room-of-you \\(${created.id}\\)"`),
        made,
      ),
    );
    expect(post.embeds).toEqual([
      expect.objectContaining({ title: "Room", color: 0x00ff00, footer: { text: "Cipher Test Server" } }),
    ]);
    await expectIn(new RegExp(`"content":"Made <#${created.id}> \\([^ ]+/${post.id}, ${post.id}\\)"`), made);
    await expectIn(
      content("Topics: games, music"),
      await click(world, post, "room_topic", world.ids.owner, ["games", "music"]),
    );
    const closing = await click(world, post, "room_close", world.ids.owner);
    expect(await expectIn(content("Closing soon."), closing)).toMatch(ephemeral);
    await expectIn(new RegExp(`"type":"channel_delete".*"id":"${created.id}"`), closing);
    const opened = eventData<{ id: string }>(
      await expectIn(/"type":"modal_open"/, await slash(world, botId, "survey")),
    );
    expect(await expectIn(content("Thanks: "), await submitModal(world, opened.id, {}))).toMatch(ephemeral);
  }, 60_000);

  it("members: a DM on joining, a note on leaving; moderation: every action, then the server's cooldown message", async () => {
    const joined = world.events.count;
    const member = await world.simulator.call<{ user: { id: string } }>("POST", `/worlds/${world.userId}/members`, {
      guildId: world.ids.guildId,
      username: "Newbie",
    });
    await expectIn(content("Welcome to Cipher Test Server, Newbie!"), joined);
    const leaving = world.events.count;
    await world.simulator.call("DELETE", `/worlds/${world.userId}/members/${world.ids.guildId}/${member.user.id}`);
    await expectIn(content(`Newbie (${member.user.id}) left.`), leaving);

    const riley = await memberId(world, "Riley");
    // Someone the bot outranks, to kick (Alex the Moderator ranks above the bot's role: kicking
    // him fails, and the reply would say so instead of "Done with").
    const kickee = await world.simulator.call<{ user: { id: string } }>("POST", `/worlds/${world.userId}/members`, {
      guildId: world.ids.guildId,
      username: "Kickee",
    });
    const target = [
      { name: "member", type: 6, value: riley },
      { name: "other", type: 6, value: kickee.user.id },
      { name: "reason", type: 3, value: "testing" },
    ];
    const moderated = await slash(world, botId, "moderate", target);
    await expectIn(content(`Done with <@${riley}>.`), moderated);
    for (const type of ["member_update", "channel_update", "member_remove", "ban_add", "ban_remove"])
      await expectIn(new RegExp(`"type":"${type}"`), moderated);
    expect(await logText(botId)).not.toMatch(/\/moderate: \w+ failed/);
    const timers = await db.botKvEntry.findFirst({ where: { botId, key: "timers" } });
    expect(timers?.value).toEqual(expect.arrayContaining([expect.objectContaining({ run: "unban" })]));
    // Riley is banned now: Sam, to be refused by the cooldown before anything is done.
    const sam = world.ids.sam;
    const again = await slash(world, botId, "moderate", [
      { name: "member", type: 6, value: sam },
      { name: "other", type: 6, value: sam },
    ]);
    expect(await expectIn(content("Wait, You."), again)).toMatch(ephemeral);
    expect(await logText(botId)).not.toMatch(/run failed/);
  }, 60_000);
});
