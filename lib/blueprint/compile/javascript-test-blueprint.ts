/**
 * A blueprint that uses every action, condition, trigger and placeholder at least once, for the
 * JavaScript compiler's tests: its files are snapshotted, parsed and fuzzed with the examples,
 * and javascript-components.integration.test.ts runs parts of it on the simulator.
 */
import type { BlueprintInput } from "../schema";

const text = (value: string) => ({ text: value });

export const everythingBlueprint: BlueprintInput = {
  version: 1,
  name: "Everything",
  description: "Every action, condition, trigger and placeholder",
  prefix: "?",
  data: [
    { name: "notes", kind: "list", scope: "user" },
    { name: "motto", kind: "text", scope: "server", initial: "none yet" },
    { name: "visits", kind: "number", scope: "global", initial: "10" },
    { name: "scores", kind: "number", scope: "member", keyed: true },
  ],
  tables: [{ name: "colours", rows: { red: "#ff0000", Blue: "#0000ff" } }],
  commands: [
    {
      name: "check",
      description: "Conditions",
      options: [
        { name: "member", description: "Who", type: "user", required: false },
        { name: "role", description: "Which role", type: "role", required: false },
        { name: "word", description: "A word", type: "string", required: false, default: "hello" },
      ],
      actions: [
        {
          do: "if",
          when: {
            test: "all",
            conditions: [
              { test: "hasPermission", member: "{user}", permission: "ManageMessages" },
              { test: "not", condition: { test: "hasRole", member: "{user}", role: "Member" } },
            ],
          },
          then: [{ do: "reply", message: text("staff") }],
          else: [{ do: "reply", message: text("not staff"), ephemeral: true }],
        },
        {
          do: "if",
          when: {
            test: "any",
            conditions: [
              { test: "isSet", value: "{option.role}" },
              { test: "compare", left: "{option.word}", op: "startsWith", right: "HE" },
            ],
          },
          then: [{ do: "reply", message: text("role [{option.role.name}] word {option.word}") }],
        },
        {
          do: "if",
          when: { test: "hasRole", member: "{option.member}", role: "{option.role}" },
          then: [{ do: "reply", message: text("{option.member.name} has {option.role.mention}") }],
        },
      ],
    },
    {
      name: "notes",
      description: "A list per user",
      subcommands: [
        {
          name: "add",
          description: "Add a note",
          options: [{ name: "note", description: "The note", type: "string" }],
          actions: [
            { do: "store", data: "notes", op: "append", value: "{option.note}", saveAs: "count" },
            { do: "reply", message: text("{result.count} note(s)") },
          ],
        },
        {
          name: "remove",
          description: "Remove a note",
          options: [{ name: "note", description: "The note", type: "string" }],
          actions: [
            { do: "store", data: "notes", op: "remove", value: "{option.note}", saveAs: "count" },
            { do: "reply", message: text("{result.count} left") },
          ],
        },
        {
          name: "show",
          description: "Show the notes",
          cooldown: { seconds: 2, per: "server" },
          actions: [
            { do: "store", data: "notes", op: "list", order: "lowest", limit: 5, saveAs: "all" },
            { do: "store", data: "visits", op: "increment", saveAs: "visits" },
            { do: "store", data: "notes", op: "get", saveAs: "raw" },
            { do: "reply", message: text("{result.all}\n({result.raw}) visit {result.visits}") },
          ],
        },
        {
          name: "clear",
          description: "Forget them",
          actions: [
            { do: "store", data: "notes", op: "delete" },
            { do: "store", data: "notes", op: "set", value: "fresh" },
            { do: "reply", message: text("Cleared: {data.notes}"), ephemeral: true },
          ],
        },
      ],
    },
    {
      name: "score",
      description: "Keyed scores per member",
      options: [
        { name: "game", description: "Which game", type: "string" },
        { name: "points", description: "Points", type: "number" },
        { name: "member", description: "Whose", type: "user", required: false },
      ],
      actions: [
        { do: "store", data: "scores", op: "set", key: "{option.game}", value: "{option.points}" },
        { do: "store", data: "scores", op: "get", key: "{option.game}", member: "{user}", saveAs: "mine" },
        { do: "store", data: "scores", op: "decrement", key: "{option.game}", value: "0.5", saveAs: "less" },
        { do: "store", data: "scores", op: "list", order: "highest", saveAs: "board" },
        { do: "store", data: "motto", op: "set", value: "Play {option.game}" },
        { do: "reply", message: text("{result.mine} then {result.less}\n{result.board}\n{data.motto}") },
      ],
    },
    {
      name: "moderate",
      description: "Every moderation action",
      permissions: ["KickMembers", "BanMembers"],
      cooldown: { seconds: 5, per: "server", message: "Wait, {user.name}." },
      options: [
        { name: "member", description: "Who", type: "user" },
        { name: "other", description: "Who is kicked", type: "user" },
        { name: "reason", description: "Why", type: "string", required: false },
      ],
      actions: [
        { do: "timeout", member: "{option.member}", duration: "10m", reason: "{option.reason}" },
        { do: "removeTimeout", member: "{option.member}" },
        { do: "addRole", member: "{option.member}", role: "Member", reason: "Because" },
        { do: "removeRole", member: "{option.member}", role: "Member" },
        { do: "toggleRole", member: "{option.member}", role: "Member" },
        { do: "slowmode", channel: "here", seconds: 5 },
        { do: "kick", member: "{option.other}", reason: "Kicked: {option.reason}" },
        { do: "ban", member: "{option.member}", duration: "7d", deleteMessages: "1d" },
        { do: "unban", user: "{option.member.id}", reason: "Only a test" },
        { do: "reply", message: text("Done with {option.member.mention}.") },
      ],
    },
    {
      name: "room",
      description: "A private room",
      actions: [
        {
          do: "createChannel",
          name: "Room of {user.name}",
          category: "Support",
          topic: "{user.name}'s room",
          saveAs: "room",
        },
        {
          do: "send",
          channel: "{result.room}",
          saveAs: "post",
          message: {
            text: "Welcome to {result.room.name} ({result.room.id})",
            embed: {
              title: "Room",
              description: "For {user.mention}",
              color: "#00ff00",
              fields: [
                { name: "Owner", value: "{user.name}", inline: true },
                { name: "Avatar", value: "{user.avatar}" },
              ],
              footer: "{server.name}",
              image: "https://example.com/room.png",
            },
            buttons: [
              { id: "room_close", label: "Close", style: "danger", emoji: "🔒" },
              { url: "https://example.com/help", label: "Help" },
            ],
            select: {
              id: "room_topic",
              placeholder: "Topic",
              options: [
                { label: "Games", value: "games", description: "Play", emoji: "🎮" },
                { label: "Music", value: "music" },
              ],
              min: 1,
              max: 2,
            },
          },
        },
        { do: "reply", message: text("Made {result.room} ({result.post}, {result.post.id})"), ephemeral: true },
        { do: "deleteChannel", channel: "{result.room}", after: "1h" },
      ],
    },
    {
      name: "maths",
      description: "Tables, arithmetic and dice",
      options: [
        { name: "colour", description: "A colour", type: "string", choices: [{ name: "Red", value: "red" }] },
        { name: "low", description: "Lowest", type: "integer", min: -5, max: 5 },
        { name: "flag", description: "A flag", type: "boolean", required: false, default: "true" },
        { name: "where", description: "A channel", type: "channel", required: false },
      ],
      actions: [
        { do: "lookup", table: "colours", key: "{option.colour}", fallback: "unknown", saveAs: "hex" },
        { do: "lookup", table: "colours", key: "blue", saveAs: "blue" },
        {
          do: "calculate",
          expression:
            "round(-2.5) + max(1, 2, {option.low}) * 2 ^ 3 % 5 - abs(-1) + sqrt(16) / ceil(0.5) - floor(1.5) + {data.visits}",
          saveAs: "sum",
        },
        { do: "calculate", expression: "-(2 - -3) / 0", saveAs: "nan" },
        { do: "random", min: "{option.low}", max: 10, saveAs: "roll" },
        { do: "random", choices: ["{option.colour}", "plain"], saveAs: "pick" },
        {
          do: "reply",
          message: text(
            "{result.hex} {result.blue} {result.sum} {result.nan} {result.roll} {result.pick} {option.flag} {option.where}",
          ),
        },
      ],
    },
    {
      name: "survey",
      description: "A form",
      actions: [
        {
          do: "showModal",
          modal: {
            id: "survey_form",
            title: "Survey",
            fields: [
              {
                id: "answer",
                label: "Answer",
                style: "paragraph",
                required: false,
                placeholder: "Say",
                maxLength: 100,
              },
            ],
          },
        },
      ],
    },
    {
      type: "prefix",
      name: "say",
      description: "Says something",
      options: [
        { name: "times", description: "How often", type: "integer", min: 1, max: 3 },
        { name: "words", description: "What", type: "string" },
        { name: "who", description: "To whom", type: "user", required: false },
      ],
      actions: [
        { do: "react", emoji: "✅" },
        {
          do: "reply",
          message: text("{option.words} x{option.times} by {user.name} ({message.content}) {option.who}"),
        },
        { do: "wait", duration: "1s", then: [{ do: "deleteMessage" }, { do: "stop" }, { do: "react", emoji: "❌" }] },
      ],
    },
  ],
  events: [
    {
      on: "memberJoin",
      actions: [{ do: "dm", member: "{user}", message: text("Welcome to {server.name}, {user.name}!") }],
    },
    {
      on: "memberLeave",
      actions: [{ do: "send", channel: "general", message: text("{user.name} ({user.id}) left.") }],
    },
    {
      on: "messageContains",
      words: ["hello", "bot"],
      match: "all",
      actions: [
        { do: "react", emoji: "👋" },
        { do: "reply", message: text("Hello, {user.mention} in {channel.name}!") },
      ],
    },
    { on: "messageContains", words: ["ping"], match: "whole", actions: [{ do: "reply", message: text("pong") }] },
    {
      on: "messageMatches",
      pattern: "^roll (\\d+)$",
      ignoreCase: false,
      actions: [{ do: "reply", message: text("rolling: {message.content} ({message.id})") }],
    },
    {
      on: "reactionAdd",
      actions: [
        { do: "send", channel: "{channel}", message: text("{user.name} reacted {reaction.emoji} on {message.link}") },
      ],
    },
    {
      on: "reactionRemove",
      emoji: "<:party:123456789012345678>",
      channel: "#general",
      actions: [{ do: "send", channel: "here", message: text("{user.name} took {reaction.emoji} back") }],
    },
    {
      on: "button",
      button: "room_close",
      actions: [
        { do: "reply", message: text("Closing soon."), ephemeral: true },
        { do: "wait", duration: "2s", then: [{ do: "deleteChannel", channel: "here" }] },
      ],
    },
    { on: "select", menu: "room_topic", actions: [{ do: "reply", message: text("Topics: {select.value}") }] },
    {
      on: "modalSubmit",
      modal: "survey_form",
      actions: [{ do: "reply", message: text("Thanks: {field.answer}"), ephemeral: true }],
    },
    {
      on: "schedule",
      every: "1h",
      channel: "here",
      actions: [
        {
          do: "send",
          channel: "here",
          message: text("{server.name} {server.id} {server.members} {channel.mention} {channel.id} {data.visits}"),
        },
      ],
    },
  ],
};
