import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import vm from "node:vm";

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { slashNameFrom } from "./bdfd-convert";
import { parseBdfdExport, type BdfdExport } from "./bdfd-export";
import { buildBdfdProject } from "./bdfd-project";

const fixture = JSON.parse(readFileSync(path.join(__dirname, "fixtures/bdfd-export.json"), "utf8")) as unknown;

describe("reading a Bot Designer for Discord export", () => {
  it("finds the bot name, every command with its trigger, kind and language, and the variables", () => {
    const exported = parseBdfdExport(fixture)!;
    expect(exported.name).toBe("Helper Bot");
    expect(exported.commands).toHaveLength(10);
    expect(exported.commands[0]).toMatchObject({
      name: "Ping",
      trigger: "!ping",
      kind: "command",
      language: "bdscript2",
    });
    expect(exported.commands[2]).toMatchObject({ trigger: "/info", kind: "slash" });
    expect(exported.commands[7]).toMatchObject({ kind: "callback" });
    expect(exported.commands[8]).toMatchObject({ language: "javascript" });
    expect(exported.variables).toEqual(["money", "prefix"]);
  });

  it("accepts variants: a bare array, commands keyed by id, the extension's field names", () => {
    expect(parseBdfdExport([{ trigger: "!a", code: "A" }])?.commands).toHaveLength(1);
    expect(parseBdfdExport({ commands: { x: { name: "b", trigger: "!b", code: "B" } } })?.commands[0]?.trigger).toBe(
      "!b",
    );
    expect(
      parseBdfdExport({
        bot: { name: "Ext" },
        commands: [{ commandName: "c", commandTrigger: "!c", commandCode: "C" }],
      }),
    ).toMatchObject({ name: "Ext", commands: [{ name: "c", trigger: "!c", code: "C" }] });
  });

  it("answers null for JSON that holds no commands", () => {
    for (const json of [null, 1, "x", [], {}, { name: "package" }, { commands: [{ name: "no code" }] }]) {
      expect(parseBdfdExport(json)).toBeNull();
    }
  });

  it("never throws on arbitrary JSON (fuzz)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        const exported = parseBdfdExport(json) ?? parseBdfdExport({ commands: json }) ?? parseBdfdExport([json]);
        if (exported) buildBdfdProject(exported, "Fuzz");
      }),
      { numRuns: 400 },
    );
  });

  it("keeps text right after a value as text (found by the fuzz test: `$message[1]}`)", () => {
    const exported: BdfdExport = {
      name: null,
      variables: [],
      commands: [{ name: "echo", trigger: "!echo", kind: "command", code: "$message[1]}", language: "bdscript2" }],
    };
    const command = buildBdfdProject(exported, "Echo").files.find((f) => f.path === "commands/echo.js")!;
    expect(() => new vm.Script(`(async function (require, module) {\n${command.content}\n})`)).not.toThrow();
    expect(command.content).toContain("`${h.word(interaction, 1)}}`");
  });

  it("converts arbitrary BDScript into JavaScript that parses (fuzz)", () => {
    const piece = fc.oneof(
      fc.constantFrom(
        "$title[",
        "$if[",
        "$else",
        "$endif",
        "$username",
        "$message[1]",
        "$random[1;",
        "]",
        ";",
        "`",
        "${",
        "\\",
        "$var[x;",
        "$stop",
        "$onlyIf[a==b;",
        "$sendMessage[",
        "$nomention",
        "\n",
        "*/",
        "</script>",
      ),
      fc.string({ maxLength: 5 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.string({ maxLength: 20 }), (parts, trigger) => {
        const exported: BdfdExport = {
          name: null,
          variables: [],
          commands: [{ name: trigger, trigger, kind: "command", code: parts.join(""), language: "bdscript2" }],
        };
        const project = buildBdfdProject(exported, "Fuzz");
        for (const file of project.files.filter((f) => f.path.endsWith(".js"))) {
          expect(() => new vm.Script(`(async function (require, module) {\n${file.content}\n})`)).not.toThrow();
        }
        expect(project.files.find((f) => f.path.startsWith("commands/"))?.path).toMatch(
          /^commands\/[\p{Ll}\p{Lo}\p{N}_-]{1,32}\.js$/u,
        );
      }),
      { numRuns: 400 },
    );
  });
});

describe("slash command names from triggers", () => {
  it("drops the prefix, functions and arguments, and lower-cases", () => {
    expect(slashNameFrom("!Ping", "x")).toBe("ping");
    expect(slashNameFrom("$getServerVar[prefix]balance", "x")).toBe("balance");
    expect(slashNameFrom("/info", "x")).toBe("info");
    expect(slashNameFrom("!!", "Fallback Name")).toBe("fallbackname");
    expect(slashNameFrom("", "")).toBe("command");
  });
});

// The generated project, run with the real discord.js builders and a stand-in interaction.
describe("the converted project", () => {
  const exported = parseBdfdExport(fixture)!;
  const project = buildBdfdProject(exported, "Helper Bot");
  let folder: string;
  let load: NodeJS.Require;

  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), "bdfd-"));
    for (const file of project.files) {
      mkdirSync(path.dirname(path.join(folder, file.path)), { recursive: true });
      writeFileSync(path.join(folder, file.path), file.content);
    }
    symlinkSync(path.resolve("node_modules"), path.join(folder, "node_modules"));
    load = createRequire(path.join(folder, "index.js"));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  function interaction(options: { message?: string; user?: { id: string; username: string }; perms?: bigint[] } = {}) {
    const sent: { content?: string; embeds?: { data: Record<string, unknown> }[]; flags?: number }[] = [];
    const self = {
      sent,
      replied: false,
      deferred: false,
      user: { id: "42", username: "ada", tag: "ada", displayAvatarURL: () => "https://cdn.example/a.png" },
      guild: { name: "Guild", memberCount: 7, iconURL: () => null },
      guildId: "1",
      channelId: "2",
      client: { ws: { ping: 12 }, user: { id: "99" }, guilds: { cache: { size: 3 } } },
      options: {
        getString: (name: string) => (name === "message" ? (options.message ?? null) : null),
        getUser: (name: string) => (name === "user" ? (options.user ?? null) : null),
        getChannel: () => null,
      },
      memberPermissions: { has: (flag: bigint) => (options.perms ?? []).includes(flag) },
      async reply(payload: (typeof sent)[number]) {
        self.replied = true;
        sent.push(payload);
      },
      async followUp(payload: (typeof sent)[number]) {
        sent.push(payload);
      },
    };
    return self;
  }

  const run = async (name: string, input?: Parameters<typeof interaction>[0]) => {
    const command = load(`./commands/${name}.js`) as { execute: (i: unknown) => Promise<void> };
    const target = interaction(input);
    await command.execute(target);
    return target.sent;
  };

  it("reports each command: converted, stub or not converted, with what could not be converted", () => {
    const byTrigger = Object.fromEntries(project.report.map((line) => [line.trigger, line]));
    expect(project.report.map((line) => [line.trigger, line.slashName, line.status])).toEqual([
      ["!ping", "ping", "converted"],
      ["!hello", "hello", "converted"],
      ["/info", "info", "converted"],
      ["!roll", "roll", "converted"],
      ["!slap", "slap", "converted"],
      ["!ban", "ban", "stub"],
      ["!bal", "bal", "stub"],
      ["$onJoined[123456789012345678]", null, "skipped"],
      ["!legacy", "legacy", "stub"],
      ["!say", "say", "converted"],
    ]);
    expect(byTrigger["!ban"]!.notes[0]).toContain("$ban");
    expect(byTrigger["!bal"]!.notes[0]).toContain("$getUserVar");
    expect(byTrigger["!say"]!.notes).toContain("$deletecommand dropped: a slash command leaves no message to delete.");
    expect(byTrigger["!ping"]!.notes[0]).toBe('Was the message command "!ping"; it is now the slash command /ping.');
  });

  it("writes a runnable discord.js project with MIGRATION.md", () => {
    expect(project.files.map((file) => file.path).sort()).toEqual(
      [
        "MIGRATION.md",
        "commands/bal.js",
        "commands/ban.js",
        "commands/hello.js",
        "commands/info.js",
        "commands/legacy.js",
        "commands/ping.js",
        "commands/roll.js",
        "commands/say.js",
        "commands/slap.js",
        "index.js",
        "lib/bdfd.js",
        "package.json",
      ].sort(),
    );
    const report = project.files.find((file) => file.path === "MIGRATION.md")!.content;
    expect(report).toContain("# Migration report: Helper Bot");
    expect(report).toContain("6 converted, 3 stubs that still need work, 1 not converted.");
    expect(report).toContain("`money`");
    for (const name of ["ping", "roll", "slap", "say", "ban"]) {
      const command = load(`./commands/${name}.js`) as { data: { toJSON: () => { name: string } } };
      expect(command.data.toJSON().name).toBe(name);
    }
  });

  it("answers like the BDFD commands did", async () => {
    expect(await run("ping")).toEqual([{ content: "🏓 Pong! 12 ms", embeds: [], flags: undefined }]);
    expect((await run("hello"))[0]?.content).toBe("Hello ada! Your ID is 42.");
    const [info] = await run("info");
    expect(info?.embeds?.[0]?.data).toMatchObject({
      title: "Server info",
      description: "Members: 7\nAsked by <@42>",
      color: 0x5865f2,
      footer: { text: "Made with BDFD" },
    });
    const roll = (await run("roll", { message: "3" }))[0]?.content ?? "";
    expect(roll).toMatch(/^🎲 You rolled `[1-3]`$/);
    expect((await run("roll", { message: "abc" }))[0]?.content).toMatch(/^🎲 You rolled `[1-6]`$/);
  });

  it("keeps $onlyIf refusals, mentions and cooldowns", async () => {
    expect(await run("slap")).toEqual([{ content: "Mention someone to slap!", flags: 64 }]);
    const [slap] = await run("slap", { user: { id: "7", username: "bob" } });
    expect(slap?.content).toMatch(/^ada slaps <@7> with a (fish|pillow|keyboard)!$/);
    expect((await run("say", { message: "hi there" }))[0]?.content).toBe("hi there");
    expect((await run("say", { message: "again" }))[0]).toEqual({ content: "Slow down! Try again in 5s.", flags: 64 });
  });

  it("stubs answer honestly instead of failing", async () => {
    const [answer] = await run("ban");
    expect(answer?.flags).toBe(64);
    expect(answer?.content).toContain("could not be converted automatically");
    expect(answer?.content).toContain("$ban");
  });
});
