/**
 * The four templates of Create New Bot (lib/bots/templates.ts: hand-written discord.js in
 * runtime/templates/<id>) as blueprints, so each can open in the Builder in JavaScript or Python.
 * They behave as close to the hand-written code as the blueprint allows; each one's description
 * (the Builder's, and the bot's) says plainly what the Builder version does not do. A unit test
 * keeps every one valid.
 */
import type { TemplateId } from "@/lib/bots/templates";

import { checkBlueprint } from "./index";
import type { Blueprint, BlueprintInput } from "./schema";
import { ephemeralReply, notYourself, onlyIf, reply, stop, when } from "./template-actions";
import { moderationBlueprint } from "./templates-moderation";

/**
 * Balances are keyed by the member's mention ("<@id>") in one per-server entry, so that
 * `list order highest` can rank them: the leaderboard shows them as mentions in an embed, where
 * they name members without pinging anyone.
 */
const economyBlueprint: BlueprintInput = {
  version: 1,
  name: "Economy Bot",
  description:
    "Per-server coins in the built-in database: /balance, /daily (100 coins every 24 hours), /pay and /leaderboard (the 10 richest). Unlike the code template, the 24-hour wait of /daily is kept in memory for each member across all servers and is forgotten when the bot restarts; /pay does not refuse paying a bot; the leaderboard may list members at 0 coins.",
  data: [{ name: "coins", kind: "number", scope: "server", keyed: true, initial: "0" }],
  commands: [
    {
      name: "balance",
      description: "Show your balance, or another member's",
      options: [{ name: "user", description: "Whose balance to show (you if empty)", type: "user", required: false }],
      actions: [
        {
          do: "if",
          when: { test: "isSet", value: "{option.user}" },
          then: [
            { do: "store", data: "coins", op: "get", key: "<@{option.user.id}>", saveAs: "balance" },
            reply("{option.user.name} has **{result.balance}** coins."),
          ],
          else: [
            { do: "store", data: "coins", op: "get", key: "<@{user.id}>", saveAs: "balance" },
            reply("You have **{result.balance}** coins."),
          ],
        },
      ],
    },
    {
      name: "daily",
      description: "Claim your daily 100 coins (once every 24 hours)",
      cooldown: { seconds: 86_400, per: "user" },
      actions: [
        { do: "store", data: "coins", op: "increment", key: "<@{user.id}>", value: "100", saveAs: "balance" },
        reply("You claimed your daily **100** coins! Your balance is now **{result.balance}** coins."),
      ],
    },
    {
      name: "pay",
      description: "Give some of your coins to another member",
      options: [
        { name: "user", description: "Who to pay", type: "user" },
        { name: "amount", description: "How many coins to give", type: "integer", min: 1, max: 1_000_000_000 },
      ],
      actions: [
        notYourself("You cannot pay yourself."),
        { do: "store", data: "coins", op: "get", key: "<@{user.id}>", saveAs: "balance" },
        onlyIf(when("{result.balance}", "<", "{option.amount}"), [
          ephemeralReply("You only have {result.balance} coins, not enough to pay {option.amount}."),
          stop,
        ]),
        {
          do: "store",
          data: "coins",
          op: "decrement",
          key: "<@{user.id}>",
          value: "{option.amount}",
          saveAs: "remaining",
        },
        { do: "store", data: "coins", op: "increment", key: "<@{option.user.id}>", value: "{option.amount}" },
        reply(
          "{user.mention} paid {option.user.mention} **{option.amount}** coins. Your balance is now **{result.remaining}** coins.",
        ),
      ],
    },
    {
      name: "leaderboard",
      description: "The 10 richest members of this server",
      actions: [
        { do: "store", data: "coins", op: "list", order: "highest", limit: 10, saveAs: "top" },
        onlyIf(when("{result.top}", "==", "(none)"), [
          reply("No one has any coins yet. Use /daily to get started!"),
          stop,
        ]),
        { do: "reply", message: { embed: { title: "Leaderboard", description: "{result.top}" } } },
      ],
    },
  ],
};

const customCommandsBlueprint: BlueprintInput = {
  version: 1,
  name: "Custom Commands",
  description:
    "/cc add, /cc remove and /cc list (Manage Server only); the bot answers a message that equals a stored trigger. Unlike the code template, a trigger matches only with the same capitals and spacing, /cc list shows the triggers without their responses, there is no limit of 100 triggers, lengths are not checked, and a response can mention members.",
  data: [
    { name: "responses", kind: "text", scope: "server", keyed: true },
    { name: "triggers", kind: "list", scope: "server" },
  ],
  commands: [
    {
      name: "cc",
      description: "Manage this server's custom commands",
      permissions: ["ManageGuild"],
      subcommands: [
        {
          name: "add",
          description: "Add a trigger, or change its response",
          options: [
            { name: "trigger", description: "The message the bot answers", type: "string" },
            { name: "response", description: "What the bot says", type: "string" },
          ],
          actions: [
            { do: "store", data: "responses", op: "get", key: "{option.trigger}", saveAs: "existing" },
            { do: "store", data: "responses", op: "set", key: "{option.trigger}", value: "{option.response}" },
            {
              do: "if",
              when: { test: "isSet", value: "{result.existing}" },
              then: [ephemeralReply("Updated `{option.trigger}`: I will answer it with your response.")],
              else: [
                { do: "store", data: "triggers", op: "append", value: "{option.trigger}" },
                ephemeralReply("Added `{option.trigger}`: I will answer it with your response."),
              ],
            },
          ],
        },
        {
          name: "remove",
          description: "Remove a trigger",
          options: [{ name: "trigger", description: "The trigger to remove", type: "string" }],
          actions: [
            { do: "store", data: "responses", op: "get", key: "{option.trigger}", saveAs: "existing" },
            {
              do: "if",
              when: { test: "isSet", value: "{result.existing}" },
              then: [
                { do: "store", data: "responses", op: "delete", key: "{option.trigger}" },
                { do: "store", data: "triggers", op: "remove", value: "{option.trigger}" },
                ephemeralReply("Removed `{option.trigger}`."),
              ],
              else: [ephemeralReply("There is no custom command `{option.trigger}`. Use /cc list to see them.")],
            },
          ],
        },
        {
          name: "list",
          description: "List this server's triggers",
          actions: [
            { do: "store", data: "triggers", op: "list", limit: 50, saveAs: "all" },
            onlyIf(when("{result.all}", "==", "(none)"), [
              ephemeralReply("No custom commands yet. Add one with /cc add."),
              stop,
            ]),
            ephemeralReply("**Custom commands**\n{result.all}"),
          ],
        },
      ],
    },
  ],
  events: [
    {
      on: "messageMatches",
      pattern: ".",
      actions: [
        { do: "store", data: "responses", op: "get", key: "{message.content}", saveAs: "response" },
        onlyIf({ test: "isSet", value: "{result.response}" }, [reply("{result.response}")]),
      ],
    },
  ],
};

const musicNote = "This bot keeps the queue only: it does not join voice channels or play audio.";

const musicBlueprint: BlueprintInput = {
  version: 1,
  name: "Music Bot",
  description:
    "/play, /queue, /skip and /stop keep a per-server queue of up to 100 songs in the built-in database (it survives restarts). It does not play audio: the Builder cannot join voice channels, so /play says so and does not ask for a voice channel.",
  data: [{ name: "queue", kind: "list", scope: "server" }],
  commands: [
    {
      name: "play",
      description: "Add a song to the queue",
      options: [{ name: "query", description: "A song name or link", type: "string" }],
      actions: [
        { do: "store", data: "queue", op: "append", value: "{option.query}", saveAs: "position" },
        onlyIf(when("{result.position}", ">", "100"), [
          { do: "store", data: "queue", op: "remove", value: "{option.query}" },
          ephemeralReply("The queue is full (100 songs). Skip or stop some first."),
          stop,
        ]),
        {
          do: "if",
          when: when("{result.position}", "==", "1"),
          then: [reply(`Added **{option.query}** to the queue. It is first in line.\n${musicNote}`)],
          else: [
            reply(`Added **{option.query}** to the queue. It is number {result.position} in the queue.\n${musicNote}`),
          ],
        },
      ],
    },
    {
      name: "queue",
      description: "Show the songs in the queue",
      actions: [
        { do: "store", data: "queue", op: "list", limit: 15, saveAs: "songs" },
        onlyIf(when("{result.songs}", "==", "(none)"), [reply("The queue is empty. Add a song with /play."), stop]),
        { do: "reply", message: { embed: { title: "Queue (first 15)", description: "{result.songs}" } } },
      ],
    },
    {
      name: "skip",
      description: "Skip the first song in the queue",
      actions: [
        { do: "store", data: "queue", op: "list", limit: 1, saveAs: "first" },
        onlyIf(when("{result.first}", "==", "(none)"), [ephemeralReply("Nothing to skip: the queue is empty."), stop]),
        { do: "store", data: "queue", op: "remove", value: "{result.first}", saveAs: "left" },
        { do: "store", data: "queue", op: "list", limit: 1, saveAs: "next" },
        {
          do: "if",
          when: when("{result.left}", "==", "0"),
          then: [reply("Skipped **{result.first}**. The queue is now empty.")],
          else: [reply("Skipped **{result.first}**. Next up: **{result.next}**.")],
        },
      ],
    },
    {
      name: "stop",
      description: "Stop and clear the queue",
      actions: [
        { do: "store", data: "queue", op: "list", limit: 1, saveAs: "first" },
        onlyIf(when("{result.first}", "==", "(none)"), [ephemeralReply("The queue is already empty."), stop]),
        { do: "store", data: "queue", op: "delete" },
        reply("Stopped and cleared the queue."),
      ],
    },
  ],
};

const inputs: Record<TemplateId, BlueprintInput> = {
  "moderation-bot": moderationBlueprint,
  "music-bot": musicBlueprint,
  "economy-bot": economyBlueprint,
  "custom-commands": customCommandsBlueprint,
};

/** Each template as written, before the schema fills in defaults (tests and snapshots use these). */
export const templateBlueprintInputs: Readonly<Record<TemplateId, BlueprintInput>> = inputs;

/** The template's blueprint, checked and with its defaults filled in. */
export function templateBlueprint(id: TemplateId): Blueprint {
  const checked = checkBlueprint(inputs[id]);
  if (!checked.ok) throw new Error(`The ${id} blueprint is not valid: ${checked.problems[0]?.message ?? ""}`);
  return checked.blueprint;
}
