import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { loadModule, templatesRoot, type CommandModule, type EventModule } from "./test-support";

// Starting Node and loading discord.js in a child process takes a few seconds on a busy machine.
const SPAWN_TIMEOUT = 30_000;

const templates = {
  "moderation-bot": ["clearstrikes", "purge", "strikes", "warn"],
  "music-bot": ["play", "queue", "skip", "stop"],
  "economy-bot": ["balance", "daily", "leaderboard", "pay"],
  "custom-commands": ["cc"],
} as const;

const read = (id: string, file: string) => readFileSync(path.join(templatesRoot, id, file), "utf8");

describe.each(Object.entries(templates))("the %s template", (id, commandNames) => {
  it("has the discord.js guide layout", () => {
    for (const file of [
      "index.js",
      "deploy-commands.js",
      "events/ready.js",
      "events/interactionCreate.js",
      "lib/db.js",
      "package.json",
      "README.md",
    ]) {
      expect(existsSync(path.join(templatesRoot, id, file)), file).toBe(true);
    }
  });

  it("is a CommonJS package that depends on discord.js 14", () => {
    const pkg = JSON.parse(read(id, "package.json")) as { type: string; dependencies: Record<string, string> };
    expect(pkg.type).toBe("commonjs");
    expect(pkg.dependencies["discord.js"]).toBe("^14");
  });

  it("has exactly its commands, each exporting data and execute", () => {
    const files = readdirSync(path.join(templatesRoot, id, "commands")).filter((file) => file.endsWith(".js"));
    expect(files.map((file) => file.replace(/\.js$/, "")).sort()).toEqual([...commandNames]);
    for (const file of files) {
      const command = loadModule<CommandModule>(id, `commands/${file}`);
      expect(typeof command.execute, file).toBe("function");
      expect(command.data.name).toBe(file.replace(/\.js$/, ""));
    }
  });

  it("builds valid slash-command JSON for every command", () => {
    for (const name of commandNames) {
      const json = loadModule<CommandModule>(id, `commands/${name}.js`).data.toJSON();
      expect(json.name).toMatch(/^[-_a-z0-9]{1,32}$/);
      expect(json.description.length).toBeGreaterThan(0);
      expect(json.description.length).toBeLessThanOrEqual(100);
      for (const option of json.options ?? []) {
        expect(option.name).toMatch(/^[-_a-z0-9]{1,32}$/);
        expect(option.description.length).toBeLessThanOrEqual(100);
      }
    }
  });

  it("exports events with a name and an execute function", () => {
    for (const file of readdirSync(path.join(templatesRoot, id, "events"))) {
      const event = loadModule<EventModule>(id, `events/${file}`);
      expect(typeof event.name, file).toBe("string");
      expect(typeof event.execute, file).toBe("function");
    }
    expect(loadModule<EventModule>(id, "events/ready.js").once).toBe(true);
  });

  it("documents every command in its README", () => {
    const readme = read(id, "README.md");
    for (const name of commandNames) expect(readme).toContain(`/${name}`);
  });

  it(
    "loads its commands and events, then refuses to start without DISCORD_TOKEN",
    () => {
      const env = { ...process.env, DISCORD_TOKEN: "", DB_FILE: "" };
      const result = spawnSync(process.execPath, ["index.js"], {
        cwd: path.join(templatesRoot, id),
        env,
        encoding: "utf8",
      });
      expect(result.stderr).toContain("DISCORD_TOKEN is not set");
      expect(result.stderr).not.toContain("[warning]");
      expect(result.status).toBe(1);
    },
    SPAWN_TIMEOUT,
  );

  it(
    "refuses to deploy commands without DISCORD_TOKEN and DISCORD_CLIENT_ID",
    () => {
      const env = { ...process.env, DISCORD_TOKEN: "", DISCORD_CLIENT_ID: "" };
      const result = spawnSync(process.execPath, ["deploy-commands.js"], {
        cwd: path.join(templatesRoot, id),
        env,
        encoding: "utf8",
      });
      expect(result.stderr).toContain("DISCORD_CLIENT_ID");
      expect(result.status).toBe(1);
    },
    SPAWN_TIMEOUT,
  );
});

describe("code shared by the templates", () => {
  const ids = Object.keys(templates);

  it("uses one identical local database in every template", () => {
    const first = read(ids[0]!, "lib/db.js");
    for (const id of ids) expect(read(id, "lib/db.js"), id).toBe(first);
  });

  it("uses one identical command dispatcher and deploy script in every template", () => {
    for (const file of ["events/interactionCreate.js", "deploy-commands.js"]) {
      const first = read(ids[0]!, file);
      for (const id of ids) expect(read(id, file), `${id}/${file}`).toBe(first);
    }
  });

  it("asks only for the gateway intents each bot needs", () => {
    const intents = (id: string) => [...read(id, "index.js").matchAll(/GatewayIntentBits\.(\w+)/g)].map((m) => m[1]);
    expect(intents("moderation-bot")).toEqual(["Guilds"]);
    expect(intents("economy-bot")).toEqual(["Guilds"]);
    expect(intents("music-bot")).toEqual(["Guilds", "GuildVoiceStates"]);
    expect(intents("custom-commands")).toEqual(["Guilds", "GuildMessages", "MessageContent"]);
  });
});
