/**
 * `cipher deploy` packs what git would commit: .gitignore honoured, and never node_modules, .git
 * or .env files (secrets stay on the machine), whatever .gitignore says.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { strFromU8, unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";

import { packProject, projectFiles } from "./pack.mjs";

const root = mkdtempSync(path.join(tmpdir(), "cipher-cli-pack-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, content = "x") {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
}

describe("packing a project", () => {
  it("honours .gitignore and always leaves out node_modules, .git and .env files", async () => {
    write(".gitignore", "logs/\n*.log\n!keep.log\n");
    write("index.js", "console.log('hi')");
    write("commands/ping.js", "module.exports = {}");
    write("keep.log", "kept by !keep.log");
    write("debug.log");
    write("logs/today.txt");
    write("node_modules/discord.js/index.js");
    write(".git/HEAD");
    write(".env", "DISCORD_TOKEN=secret");
    write(".env.production", "DISCORD_TOKEN=secret");
    write("lib/.env.local", "X=1");
    expect(await projectFiles(root)).toEqual([".gitignore", "commands/ping.js", "index.js", "keep.log"]);

    const packed = await packProject(root);
    const entries = unzipSync(packed.zip);
    expect(Object.keys(entries).sort()).toEqual([".gitignore", "commands/ping.js", "index.js", "keep.log"]);
    expect(strFromU8(entries["index.js"]!)).toBe("console.log('hi')");
    expect(packed.paths).toHaveLength(4);
  });

  it("refuses a folder that does not exist, or holds nothing to deploy", async () => {
    await expect(packProject(path.join(root, "missing"))).rejects.toThrow(/is not a folder/);
    const empty = mkdtempSync(path.join(tmpdir(), "cipher-cli-empty-"));
    try {
      await expect(packProject(empty)).rejects.toThrow(/has no files to deploy/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
