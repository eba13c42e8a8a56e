import { spawn } from "node:child_process";
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { preloadFile, runtimeNodeModules } from "./paths";
import {
  bundledPackages,
  prepareRuntimeBundle,
  runtimeCacheReady,
  trustedBundleDir,
  type RuntimeBundleInfo,
} from "./runtime-bundle";

const root = resolve(__dirname, "../..");

/** Runs a script the way the runner starts a bot: the preload first, the runner's settings in the environment. */
function run(
  script: string,
  config: object,
  { file = false } = {},
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(
    process.execPath,
    ["--max-old-space-size=256", "-r", preloadFile, ...(file ? [script] : ["-e", script])],
    {
      cwd: root,
      env: { PATH: process.env.PATH, CIPHER_RUNNER_CONFIG: JSON.stringify(config) } as unknown as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((done) => child.once("close", (code) => done({ code, out, err })));
}

/** What a bot can see of how discord.js was loaded, and whether its pieces are one copy. */
const probe = `
const djs = require("discord.js");
const files = Object.keys(require.cache);
console.log(JSON.stringify({
  fileByFile: files.some((file) => file.endsWith("/discord.js/src/client/Client.js")),
  sameAsPath: djs === require(require.resolve("discord.js")),
  builders: require("@discordjs/builders").SlashCommandBuilder === djs.SlashCommandBuilder,
  collection: require("@discordjs/collection").Collection === djs.Collection,
  api: require("@discordjs/rest").DefaultRestOptions.api,
  routes: require("discord-api-types/v10").Routes.applicationCommands("1"),
  version: djs.version,
}));
`;

describe("the runtime bundle (discord.js from one prebuilt file)", () => {
  let info: RuntimeBundleInfo;
  beforeAll(async () => {
    const prepared = await prepareRuntimeBundle();
    if (!prepared) throw new Error("the runtime bundle could not be built");
    info = prepared;
    await runtimeCacheReady(256);
  }, 60_000);

  it("is built under the runtime's node_modules, readable by bots and writable only by its owner", () => {
    expect(info.dir.startsWith(`${runtimeNodeModules()}/.cache/cipher-runtime/`)).toBe(true);
    expect(Object.values(info.modules).sort()).toEqual([...bundledPackages].sort());
    expect(statSync(info.dir).mode & 0o777).toBe(0o755);
    for (const file of ["bundle.cjs", "manifest.json", "cache-256.bin"]) {
      expect(statSync(join(info.dir, file)).mode & 0o777).toBe(0o644);
    }
  });

  it("is not used when a folder on disk is writable by others", () => {
    expect(trustedBundleDir(info.dir)).toBe(true);
    const copy = mkdtempSync(join(tmpdir(), "cipher-bundle-"));
    try {
      cpSync(info.dir, copy, { recursive: true });
      chmodSync(copy, 0o755);
      expect(trustedBundleDir(copy)).toBe(true);
      chmodSync(join(copy, "cache-256.bin"), 0o666);
      expect(trustedBundleDir(copy)).toBe(false);
      chmodSync(join(copy, "cache-256.bin"), 0o644);
      chmodSync(copy, 0o777);
      expect(trustedBundleDir(copy)).toBe(false);
      expect(trustedBundleDir(join(copy, "missing"))).toBe(false);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it("gives a bot the same modules as loading them file by file, one copy each, with the simulator's REST address", async () => {
    const config = { runtimeBundle: info.dir, apiBase: "http://127.0.0.1:4999/api" };
    const bundled = await run(probe, config);
    expect(bundled.err).toBe("");
    const plain = await run(probe, { apiBase: "http://127.0.0.1:4999/api" });
    const withBundle = JSON.parse(bundled.out) as Record<string, unknown>;
    const without = JSON.parse(plain.out) as Record<string, unknown>;
    expect(withBundle.fileByFile).toBe(false);
    expect(without.fileByFile).toBe(true);
    expect({ ...withBundle, fileByFile: null }).toEqual({ ...without, fileByFile: null });
    expect(withBundle).toMatchObject({
      sameAsPath: true,
      builders: true,
      collection: true,
      api: "http://127.0.0.1:4999/api",
      routes: "/applications/1/commands",
    });
  });

  it("patches the bundled Client like the file-by-file one (the runner hears of login)", async () => {
    const script = `
      const { Client, GatewayIntentBits } = require("discord.js");
      const client = new Client({ intents: [GatewayIntentBits.Guilds] });
      console.log(client.login.name, client.rest.options.api);
    `;
    const result = await run(script, { runtimeBundle: info.dir, apiBase: "http://127.0.0.1:4999/api" });
    expect(result.out.trim()).toBe("cipherLogin http://127.0.0.1:4999/api");
  });

  it("serves import from ES modules too", async () => {
    // Beside the runtime's node_modules, so that "discord.js" resolves as from a bot's folder.
    const dir = mkdtempSync(join(runtimeNodeModules(), ".cache", "esm-bot-"));
    try {
      const entry = join(dir, "index.mjs");
      writeFileSync(
        entry,
        `import { Client, SlashCommandBuilder } from "discord.js";
import { createRequire } from "node:module";
const loaded = Object.keys(createRequire(import.meta.url).cache);
console.log(typeof Client, new SlashCommandBuilder().setName("ping").name, loaded.some((f) => f.endsWith("/src/client/Client.js")));`,
      );
      const result = await run(entry, { runtimeBundle: info.dir }, { file: true });
      expect(result.err).toBe("");
      expect(result.out.trim()).toBe("function ping false");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("falls back to loading file by file when the bundle is missing or broken", async () => {
    const broken = mkdtempSync(join(tmpdir(), "cipher-bundle-"));
    try {
      cpSync(join(info.dir, "manifest.json"), join(broken, "manifest.json"));
      writeFileSync(join(broken, "bundle.cjs"), "throw new Error('broken bundle');");
      writeFileSync(join(broken, "cache-256.bin"), readFileSync(join(info.dir, "cache-256.bin")));
      for (const dir of [broken, join(broken, "missing")]) {
        const result = await run(probe, { runtimeBundle: dir });
        expect(result.err).toBe("");
        expect(JSON.parse(result.out)).toMatchObject({ fileByFile: true, builders: true, sameAsPath: true });
      }
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
