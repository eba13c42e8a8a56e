import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { materialiseBot, MaterialiseError, safeJoin } from "./materialise";
import { tempDataDir } from "./test-support";

const data = tempDataDir();
afterAll(() => data.remove());

let counter = 0;
function materialise(files: { path: string; content: string }[], language = "javascript") {
  counter += 1;
  return materialiseBot({
    dataDir: data.dir,
    botId: `bot${counter}`,
    language,
    files,
    identity: { token: "tok", clientId: "app-1", guildId: "guild-1" },
    log: () => {},
  });
}

describe("materialiseBot", () => {
  it("refuses paths that leave the project", () => {
    const app = "/data/bots/x/app";
    expect(safeJoin(app, "commands/ping.js")).toBe("/data/bots/x/app/commands/ping.js");
    for (const bad of ["../x.js", "/etc/passwd", "a/../../x", "a//b", "node_modules/discord.js/x.js", ""]) {
      expect(safeJoin(app, bad)).toBeNull();
    }
  });

  it("finds the entry from package.json start, then main, then the usual names", async () => {
    const fromStart = await materialise([
      { path: "package.json", content: JSON.stringify({ main: "other.js", scripts: { start: "node src/bot.js" } }) },
      { path: "src/bot.js", content: "" },
      { path: "other.js", content: "" },
    ]);
    expect(fromStart.entry).toBe("src/bot.js");
    expect((await materialise([{ path: "bot.js", content: "" }])).entry).toBe("bot.js");
    expect((await materialise([{ path: "main.py", content: "" }], "python")).entry).toBe("main.py");
    await expect(materialise([{ path: "lib/x.js", content: "" }])).rejects.toThrow(/No entry file/);
  });

  it("compiles TypeScript beside its source, links node_modules and fills config.json", async () => {
    const bot = await materialise([
      { path: "index.ts", content: "import { x } from './lib/x';\nconst n: number = x;\nconsole.log(n);\n" },
      { path: "lib/x.ts", content: "export const x: number = 1;\n" },
      { path: "deploy-commands.ts", content: "export {};\n" },
      { path: "config.json", content: '{ "token": "your-token", "prefix": "!" }' },
    ]);
    expect(bot.entry).toBe("index.js");
    expect(bot.deployScript).toBe("deploy-commands.js");
    expect(readFileSync(join(bot.app, "lib/x.js"), "utf8")).toContain("exports");
    expect(JSON.parse(readFileSync(join(bot.app, "config.json"), "utf8"))).toEqual({
      token: "tok",
      prefix: "!",
      clientId: "app-1",
      guildId: "guild-1",
    });
    expect(realpathSync(join(bot.app, "node_modules"))).toBe(realpathSync("node_modules"));
    expect(existsSync(bot.scratch)).toBe(true);
  });

  it("refuses files saved before the path rule that cannot share a disk, naming both, with no host path", async () => {
    const refused = materialise([
      { path: "index.js", content: "" },
      { path: "lib", content: "" },
      { path: "lib/x.js", content: "" },
    ]);
    await expect(refused).rejects.toThrow(MaterialiseError);
    await expect(refused).rejects.toThrow(
      '"lib" is a file, so "lib/x.js" cannot be in a folder of that name. Rename one of them. Then start the bot again.',
    );
    const message = await refused.catch((error: Error) => error.message);
    expect(message).not.toContain(data.dir);
    expect(message).not.toContain(realpathSync(data.dir));
  });

  it("names a file that does not compile by its own path and line, never the runner's folder", async () => {
    const message = await materialise([{ path: "index.ts", content: "const a: number = ;\n" }]).catch(
      (error: Error) => error.message,
    );
    expect(message).toMatch(/^index\.ts does not compile: index\.ts:1:\d+: /);
    expect(message).not.toContain(data.dir);
  });

  it("a file system error reaches the user with the bot's own path, not the host's", async () => {
    counter += 1;
    const botId = `bot${counter}`;
    // The bot's folder is a file: nothing can be written below it.
    const root = join(data.dir, "bots");
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, botId), "in the way");
    const message = await materialiseBot({
      dataDir: data.dir,
      botId,
      language: "javascript",
      files: [{ path: "index.js", content: "" }],
      identity: { token: "tok" },
      log: () => {},
    }).catch((error: Error) => error.message);
    expect(message).toMatch(/ENOTDIR|EEXIST/);
    expect(message).not.toContain(data.dir);
    expect(message).toContain("/bot/app");
  });
});
