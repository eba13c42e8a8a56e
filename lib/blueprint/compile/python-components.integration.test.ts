/**
 * More compiled Python blueprints run for real (see python.integration.test.ts): message and
 * reaction events, buttons, forms, subcommands, keyed data, tables, arithmetic, private
 * channels, and a `wait` whose timer outlives a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import { waitFor } from "@/runtime/runner/test-support";

import { exampleBlueprints } from "../examples";
import type { BlueprintInput } from "../schema";
import {
  createChannel,
  eventData,
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

async function click(channelId: string, messageId: string, customId: string, authorId: string) {
  const from = world.events.count;
  await world.simulator.call("POST", `/worlds/${world.userId}/channels/${channelId}/messages/${messageId}/click`, {
    authorId,
    customId,
  });
  return from;
}

describe("compiled Python bots: events, components and data", () => {
  it("automod: a message with a listed word is deleted and reported in #mod-log; a scam link times out", async () => {
    const botId = await runBlueprint(world, "automod", exampleBlueprints.automod!);
    const riley = await memberId(world, "Riley");
    const from = await say(world, "this has a BADWORD in it", riley);
    await expectEvent(world, botId, /"type":"message_delete"/, from);
    await expectEvent(world, botId, content(`Deleted a message by <@${riley}> in <#${world.ids.general}>\\.`), from);
    const scam = await say(world, "get Free Nitro here", riley);
    const timeout = /"type":"member_update".*"communication_disabled_until":"\d{4}-/;
    expect(await expectEvent(world, botId, timeout, scam)).toContain(riley);
    await setDesired(world, botId, "stopped");
  }, 120_000);

  it("selfRoles: the posted buttons answer only the member who clicked; a missing role is said, not claimed", async () => {
    const botId = await runBlueprint(world, "selfRoles", exampleBlueprints.selfRoles!);
    const posted = await expectEvent(world, botId, /"content":"Pick your pings:"/, await slash(world, botId, "roles"));
    const panel = eventData<{ id: string; channel_id: string }>(posted);
    const sam = world.ids.sam;
    // The shared server has no News role: the toggle fails, and the reply says so instead of "Toggled News."
    const toggled = await expectEvent(
      world,
      botId,
      content("I couldn't toggle the News role for you: there is no such role\\."),
      await click(panel.channel_id, panel.id, "role_news", sam),
    );
    expect(toggled).toMatch(ephemeral);
    await waitFor(
      () => logText(botId),
      (text) => text.includes("[blueprint] button role_news: toggleRole failed: there is no role named News"),
    );
    await setDesired(world, botId, "stopped");
  }, 120_000);

  it("tickets: the button opens a private channel for the member; /close deletes it after 5 seconds", async () => {
    const botId = await runBlueprint(world, "tickets", exampleBlueprints.tickets!);
    const posted = await expectEvent(
      world,
      botId,
      /"content":"Need help\? Open a ticket\."/,
      await slash(world, botId, "ticketpanel"),
    );
    const panel = eventData<{ id: string; channel_id: string }>(posted);
    const sam = world.ids.sam;
    const opened = await click(panel.channel_id, panel.id, "open_ticket", sam);
    const created = eventData<{ id: string; name: string; permission_overwrites: { id: string; deny: string }[] }>(
      await expectEvent(world, botId, /"type":"channel_create"/, opened),
    );
    expect(created.name).toBe("ticket-sam");
    expect(created.permission_overwrites.find((item) => item.id === world.ids.guildId)?.deny).not.toBe("0");
    await expectEvent(world, botId, content(`<@${sam}>, staff will be with you soon\\.`), opened);
    await expectEvent(world, botId, content(`Your ticket: <#${created.id}>`), opened);
    const close = await slash(world, botId, "close", [], world.ids.owner, created.id);
    await expectEvent(world, botId, content("Closing in 5 seconds\\."), close);
    await expectEvent(world, botId, new RegExp(`"type":"channel_delete".*"id":"${created.id}"`), close);
    await setDesired(world, botId, "stopped");
  }, 120_000);

  it("poll: /suggest posts to #suggestions; a 👍 there is reported in #mod-log", async () => {
    const suggestions = await createChannel(world, "suggestions");
    const botId = await runBlueprint(world, "poll", exampleBlueprints.poll!);
    const idea = [{ name: "idea", type: 3, value: "More cake" }];
    const posted = await expectEvent(
      world,
      botId,
      /"description":"More cake"/,
      await slash(world, botId, "suggest", idea),
    );
    const post = eventData<{ id: string }>(posted);
    const from = world.events.count;
    const emoji = encodeURIComponent("👍");
    await world.simulator.call(
      "PUT",
      `/worlds/${world.userId}/channels/${suggestions}/messages/${post.id}/reactions/${emoji}/${world.ids.sam}`,
    );
    await expectEvent(
      world,
      botId,
      new RegExp(`"content":"Sam liked a suggestion: [^"]*/${suggestions}/${post.id}"`),
      from,
    );
    await setDesired(world, botId, "stopped");
  }, 120_000);

  it("feedbackForm: /feedback opens the form; submitting it posts the fields to #feedback", async () => {
    await createChannel(world, "feedback");
    const botId = await runBlueprint(world, "feedbackForm", exampleBlueprints.feedbackForm!);
    const opened = eventData<{ id: string }>(
      await expectEvent(world, botId, /"type":"modal_open"/, await slash(world, botId, "feedback")),
    );
    const from = world.events.count;
    await world.simulator.call("POST", `/worlds/${world.userId}/modals/${opened.id}`, {
      values: { topic: "Docs", details: "More examples" },
    });
    await expectEvent(world, botId, content(`\\*\\*Docs\\*\\* from <@${world.ids.owner}>\\\\nMore examples`), from);
    const thanks = await expectEvent(world, botId, content("Thanks for the feedback!"), from);
    expect(thanks).toMatch(ephemeral);
    await setDesired(world, botId, "stopped");
  }, 120_000);

  it("customCommands, faq, calculator: keyed data listed by key, a table lookup, subcommand arithmetic", async () => {
    const custom = await runBlueprint(world, "customCommands", exampleBlueprints.customCommands!);
    const add = (trigger: string, response: string) => [
      {
        name: "add",
        type: 1,
        options: [
          { name: "trigger", type: 3, value: trigger },
          { name: "response", type: 3, value: response },
        ],
      },
    ];
    await expectEvent(
      world,
      custom,
      content("Added rules\\."),
      await slash(world, custom, "cc", add("rules", "Be kind")),
    );
    await expectEvent(world, custom, content("Added hello\\."), await slash(world, custom, "cc", add("hello", "Hi!")));
    const listed = await slash(world, custom, "cc", [{ name: "list", type: 1 }]);
    await expectEvent(world, custom, content("hello: Hi!\\\\nrules: Be kind"), listed);
    await setDesired(world, custom, "stopped");

    const faq = await runBlueprint(world, "faq", exampleBlueprints.faq!);
    const topic = [{ name: "topic", type: 3, value: "hours" }];
    await expectEvent(world, faq, content("Staff are around 9–17 UTC\\."), await slash(world, faq, "faq", topic));
    await setDesired(world, faq, "stopped");

    const calc = await runBlueprint(world, "calculator", exampleBlueprints.calculator!);
    const sum = [
      {
        name: "add",
        type: 1,
        options: [
          { name: "a", type: 10, value: 0.1 },
          { name: "b", type: 10, value: 0.2 },
        ],
      },
    ];
    await expectEvent(world, calc, content("0\\.1 \\+ 0\\.2 = 0\\.3"), await slash(world, calc, "calc", sum));
    const power = [
      {
        name: "power",
        type: 1,
        options: [
          { name: "a", type: 10, value: 10 },
          { name: "b", type: 10, value: 21 },
        ],
      },
    ];
    await expectEvent(world, calc, content("= 1e\\+21"), await slash(world, calc, "calc", power));
    await setDesired(world, calc, "stopped");
  }, 180_000);

  it("leveling: every message earns 10 XP; the tenth reaches level 1 (remainder and floor)", async () => {
    const botId = await runBlueprint(world, "leveling", exampleBlueprints.leveling!);
    // Alex: automod timed Riley out above.
    const alex = await memberId(world, "Alex");
    const from = world.events.count;
    for (let count = 0; count < 10; count++) await say(world, `message ${count}`, alex);
    await expectEvent(world, botId, content(`<@${alex}> reached level 1!`), from);
    await expectEvent(world, botId, content("You have 100 XP\\."), await slash(world, botId, "rank", [], alex));
    await setDesired(world, botId, "stopped");
  }, 120_000);

  it("prefix commands read members as mentions, take the rest of the message, and show the usage", async () => {
    const hugs: BlueprintInput = {
      version: 1,
      name: "Hugs",
      prefix: "?",
      commands: [
        {
          type: "prefix",
          name: "hug",
          description: "Hug a member",
          options: [
            { name: "member", description: "Who", type: "user" },
            { name: "words", description: "What to say", type: "string", required: false },
          ],
          actions: [{ do: "reply", message: { text: "{user.name} hugs {option.member.name}: {option.words}" } }],
        },
      ],
    };
    const botId = await runBlueprint(world, "hugs", hugs);
    await expectEvent(
      world,
      botId,
      content("You hugs Sam: you are  great"),
      await say(world, `?hug <@${world.ids.sam}> you are  great`),
    );
    await expectEvent(world, botId, content("Usage: \\?hug <member> \\[words\\]"), await say(world, "?hug"));
    await expectEvent(world, botId, content("Usage: \\?hug <member> \\[words\\]"), await say(world, "?hug nobody"));
    await setDesired(world, botId, "stopped");
  }, 120_000);

  it("a wait's actions run after a restart, from the stored timer", async () => {
    const later: BlueprintInput = {
      version: 1,
      name: "Later",
      commands: [
        {
          name: "later",
          description: "Say it again soon",
          options: [{ name: "what", description: "What", type: "string" }],
          actions: [
            { do: "reply", message: { text: "Soon." } },
            {
              do: "wait",
              duration: "6s",
              then: [{ do: "send", channel: "here", message: { text: "Later, {user.mention}: {option.what}" } }],
            },
          ],
        },
      ],
    };
    const botId = await runBlueprint(world, "later", later);
    const from = await slash(world, botId, "later", [{ name: "what", type: 3, value: "tea" }]);
    await expectEvent(world, botId, content("Soon\\."), from);
    await setDesired(world, botId, "stopped");
    const stored = await db.botKvEntry.findFirst({ where: { botId, key: "timers" } });
    expect(stored?.value).toEqual([expect.objectContaining({ run: "commands.0.actions.1.then" })]);
    expect(world.events.count).toBeGreaterThan(from);
    await setDesired(world, botId, "running");
    await expectEvent(world, botId, content(`Later, <@${world.ids.owner}>: tea`), from);
    expect((await db.botKvEntry.findFirst({ where: { botId, key: "timers" } }))?.value).toEqual([]);
    await setDesired(world, botId, "stopped");
  }, 120_000);
});
