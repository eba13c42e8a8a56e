import { readFileSync } from "node:fs";
import path from "node:path";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { analyzeDiscordJs } from "./discordjs-analyzer";
import { analyzeDiscordPy } from "./discordpy-analyzer";
import { guideProjectFiles } from "./fixtures/guide-project";
import { pathologicalCode } from "./fixtures/pathological-text";

const fixture = (name: string) => readFileSync(path.join(__dirname, "fixtures", name), "utf8");

describe("reading discord.js code", () => {
  it("finds slash and prefix commands, events and intents in a single-file bot", () => {
    const found = analyzeDiscordJs([{ path: "index.js", content: fixture("discordjs-bot.js") }]);
    expect(found.commands.map((c) => `${c.kind}:${c.name}`)).toEqual(["prefix:hello", "slash:echo", "slash:ping"]);
    expect(found.events).toEqual(["ClientReady", "InteractionCreate", "messageCreate"]);
    expect(found.intents).toEqual(["GuildMessages", "Guilds", "MessageContent"]);
  });

  it("finds the guide layout's command files and event files", () => {
    const files = Object.entries(guideProjectFiles).map(([p, content]) => ({ path: p, content }));
    const found = analyzeDiscordJs(files);
    expect(found.commands.map((c) => c.name)).toEqual(["ping", "user"]);
    expect(found.commands[0]!.file).toBe("commands/utility/ping.js");
    expect(found.events).toEqual(["ClientReady", "InteractionCreate"]);
    expect(found.intents).toEqual(["Guilds"]);
  });

  it("reads v13 intents and prefix checks", () => {
    const found = analyzeDiscordJs([
      {
        path: "bot.js",
        content:
          "const client = new Client({ intents: [Intents.FLAGS.GUILDS] });\nclient.on('message', m => { if (m.content.startsWith('?help')) {} if (command === 'kick') {} });",
      },
    ]);
    expect(found.intents).toEqual(["GUILDS"]);
    expect(found.events).toEqual(["message"]);
    expect(found.commands.map((c) => c.name)).toEqual(["?help", "kick"]);
  });
});

describe("reading discord.py code", () => {
  it("finds prefix and app commands, events and intents", () => {
    const found = analyzeDiscordPy([{ path: "main.py", content: fixture("discordpy-bot.py") }]);
    expect(found.commands.map((c) => `${c.kind}:${c.name}`)).toEqual([
      "prefix:add",
      "prefix:hello",
      "slash:ping",
      "slash:roll",
    ]);
    expect(found.events).toEqual(["on_member_join", "on_ready"]);
    expect(found.intents).toEqual(["default", "members", "message_content"]);
  });

  it("reads cog listeners, hybrid commands and message checks", () => {
    const found = analyzeDiscordPy([
      {
        path: "cogs/fun.py",
        content:
          "class Fun(commands.Cog):\n    @commands.Cog.listener()\n    async def on_message(self, message):\n        if message.content.startswith('$hello'):\n            pass\n\n    @commands.hybrid_command(name='joke')\n    async def joke(self, ctx):\n        pass\n",
      },
    ]);
    expect(found.commands.map((c) => `${c.kind}:${c.name}`)).toEqual(["prefix:$hello", "prefix:joke", "slash:joke"]);
    expect(found.events).toEqual(["on_message"]);
  });
});

describe("the code readers on any input (fuzz)", () => {
  const tokens = fc.constantFrom(
    "@bot.command(",
    "@tree.command(name='x')",
    "async def on_x(",
    "def ",
    "\n",
    " ",
    "client.on(",
    "Events.",
    "new SlashCommandBuilder()",
    ".setName('",
    "GatewayIntentBits.",
    "'",
    '"',
    "`",
    "(",
    ")",
    "intents.a = True",
    "Intents(",
  );
  const code = fc.oneof(
    fc.string({ maxLength: 500 }),
    fc.array(fc.oneof(tokens, fc.string({ maxLength: 4 })), { maxLength: 80 }).map((p) => p.join("")),
  );

  it("never throw", () => {
    fc.assert(
      fc.property(code, fc.constantFrom("index.js", "events/a.js", "main.py"), (content, file) => {
        analyzeDiscordJs([{ path: file, content }]);
        analyzeDiscordPy([{ path: file, content }]);
      }),
      { numRuns: 500 },
    );
  });

  // Linear scans take milliseconds; a backtracking pattern would not return for minutes, past the
  // test's timeout. npm run bench:import prints how long each of these takes.
  it("read large pathological input to its end, finding nothing in it", () => {
    const nothing = { commands: [], events: [], intents: [] };
    for (const content of pathologicalCode) {
      expect(analyzeDiscordJs([{ path: "index.js", content }]), content.slice(0, 30)).toEqual(nothing);
      expect(analyzeDiscordPy([{ path: "main.py", content }]), content.slice(0, 30)).toEqual(nothing);
    }
  });
});
