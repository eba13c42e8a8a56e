/**
 * The cipher CLI against the real server, runner and simulator (issue 21): log in with a key,
 * deploy a multi-file discord.js project (its .gitignore honoured, node_modules and .env left out),
 * the bot restarts on the new version in the runner, and `cipher logs --follow` prints what the
 * new code logs. A bot that is not the user's is refused in words.
 */
import { execFile, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { expect, hasDatabase, query, test } from "./support";
import { createAccount } from "./support-accounts";

test.skip(!hasDatabase(), "the account and its key are created directly in the server's database");
test.describe.configure({ timeout: 180_000 });

const run = promisify(execFile);
const cli = path.join(process.cwd(), "cli", "bin", "cipher.mjs");

/** A key straight into the database (its page is tested in api-keys.spec.ts). */
async function insertKey(userId: string): Promise<string> {
  const secret = `cph_${randomBytes(30).toString("hex").slice(0, 40)}`;
  await query(`INSERT INTO "ApiKey" (id, "userId", name, prefix, hash, scopes) VALUES ($1, $2, 'CLI', $3, $4, $5)`, [
    `key${randomBytes(8).toString("hex")}`,
    userId,
    secret.slice(0, 12),
    createHash("sha256").update(secret).digest("hex"),
    ["read", "write", "deploy", "control"],
  ]);
  return secret;
}

function writeProject(root: string, marker: string) {
  const files: Record<string, string> = {
    "package.json": '{ "name": "cli-deployed", "main": "index.js", "dependencies": { "discord.js": "^14.16.0" } }\n',
    "index.js": `const { Client, Events, GatewayIntentBits } = require("discord.js");
const { greeting } = require("./lib/greeting");

const client = new Client({ intents: [GatewayIntentBits.Guilds] });
client.once(Events.ClientReady, (ready) => console.log(greeting(ready.user.tag)));
client.login(process.env.DISCORD_TOKEN);
`,
    "lib/greeting.js": `exports.greeting = (tag) => "${marker} ready as " + tag;\n`,
    ".gitignore": "scratch/\n",
    "scratch/notes.txt": "not deployed\n",
    "node_modules/left-out/index.js": "module.exports = 1;\n",
    ".env": "DISCORD_TOKEN=never-leaves-this-machine\n",
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
}

test("login, deploy a multi-file project with --restart, and follow its logs", async ({}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const account = await createAccount(testInfo, { label: "cli" });
  const secret = await insertKey(account.id);
  const created = await fetch(`${baseURL}/api/v1/bots`, {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "From the CLI", language: "javascript" }),
  });
  expect(created.status).toBe(201);
  const botId = ((await created.json()) as { id: string }).id;

  const home = mkdtempSync(path.join(tmpdir(), "cipher-cli-home-"));
  const project = mkdtempSync(path.join(tmpdir(), "cipher-cli-project-"));
  const env = { ...process.env, XDG_CONFIG_HOME: home, CIPHER_API_KEY: "", CIPHER_API_URL: "", CIPHER_BOT_ID: "" };
  const marker = `cli-deployed-${randomBytes(4).toString("hex")}`;
  writeProject(project, marker);
  try {
    const login = await run(process.execPath, [cli, "login", "--key", secret, "--api-url", baseURL], { env });
    expect(login.stdout).toContain(`Logged in to ${baseURL}`);
    const config = path.join(home, "cipher", "config.json");
    expect(statSync(config).mode & 0o777).toBe(0o600);

    const deploy = await run(process.execPath, [cli, "deploy", project, "--bot", botId, "--restart"], {
      env,
      timeout: 120_000,
    });
    expect(deploy.stdout).toMatch(/4 files, [\d.]+ KB/);
    expect(deploy.stdout).toContain("Deployed version 2 (4 files)");
    expect(deploy.stdout).toMatch(/^\s+running — Connected as From the CLI/m);
    const stored = await query<{ path: string }>(`SELECT path FROM "BotFile" WHERE "botId" = $1 ORDER BY path`, [
      botId,
    ]);
    expect(stored.map((row) => row.path)).toEqual([".gitignore", "index.js", "lib/greeting.js", "package.json"]);

    // The new version's own log line, printed by --follow.
    const follow = spawn(process.execPath, [cli, "logs", "--bot", botId, "--follow", "--lines", "20"], { env });
    let printed = "";
    follow.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()));
    try {
      await expect.poll(() => printed, { timeout: 60_000 }).toContain(`${marker} ready as`);
    } finally {
      follow.kill("SIGTERM");
    }

    const status = await run(process.execPath, [cli, "status", "--bot", botId], { env });
    expect(status.stdout).toMatch(/^running/);
    // Another user's bot, or none: refused in words, exit code 1.
    const refused = await run(process.execPath, [cli, "deploy", project, "--bot", "nobotwiththisid"], { env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain("No bot with id nobotwiththisid in your account.");
  } finally {
    rmSync(home, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  }
});
