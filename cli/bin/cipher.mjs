#!/usr/bin/env node
// cipher: deploy and run your Cipher bots from a terminal or CI. `cipher help` lists the commands.
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";

import { CipherError, createClient, defaultApiUrl, readConfig, writeConfig } from "../lib/client.mjs";
import { packProject } from "../lib/pack.mjs";

const help = `cipher — deploy and run your Cipher bots

  cipher login [--key cph_…] [--api-url URL]   store an API key (Tools → API Keys), checked first
  cipher bots                                   list your bots
  cipher deploy [dir] [--bot ID] [--restart] [--message TEXT]
                                                upload the project as a new version (.gitignore honoured)
  cipher logs [--bot ID] [--follow] [--lines N] show the bot's log; --follow keeps printing new lines
  cipher start|stop|restart [--bot ID]          run or stop the bot
  cipher status [--bot ID]                      the bot's hosting status

The bot is --bot, else CIPHER_BOT_ID, else "bot" in cipher.json in the project folder.
In CI set CIPHER_API_KEY (and CIPHER_API_URL) instead of logging in.`;

const out = (line = "") => process.stdout.write(`${line}\n`);
const err = (line) => process.stderr.write(`${line}\n`);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function botId(values, dir = ".") {
  if (values.bot) return values.bot;
  if (process.env.CIPHER_BOT_ID) return process.env.CIPHER_BOT_ID;
  try {
    const project = JSON.parse(await readFile(join(resolve(dir), "cipher.json"), "utf8"));
    if (typeof project.bot === "string" && project.bot) return project.bot;
  } catch {
    // No cipher.json.
  }
  throw new CipherError('Which bot? Pass --bot ID, set CIPHER_BOT_ID, or put { "bot": "ID" } in cipher.json.');
}

async function readKey(values) {
  if (values.key) return values.key.trim();
  if (!process.stdin.isTTY) {
    let text = "";
    for await (const chunk of process.stdin) text += chunk;
    return text.trim();
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return (await prompt.question("API key (from Tools → API Keys): ")).trim();
  } finally {
    prompt.close();
  }
}

const statusLine = (status) =>
  `${status.status}${status.statusReason ? ` (${status.statusReason})` : ""}, asked: ${status.desiredState}`;

/** After a restart: the status as it changes, until running, crashed or 60 s. */
async function watchStart(client, id) {
  let last = "";
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const status = await client.get(`/bots/${id}/status`, { bot: id });
    if (status.status !== last) {
      out(`  ${status.status}${status.statusReason ? ` — ${status.statusReason}` : ""}`);
      last = status.status;
    }
    if (status.status === "running") return true;
    if (status.status === "crashed") return false;
    await sleep(1000);
  }
  out("  still starting after 60 s: follow it with `cipher logs --follow`.");
  return true;
}

async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      bot: { type: "string" },
      key: { type: "string" },
      "api-url": { type: "string" },
      restart: { type: "boolean", default: false },
      message: { type: "string" },
      follow: { type: "boolean", short: "f", default: false },
      lines: { type: "string", default: "100" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (!command || command === "help" || values.help) return out(help);
  const config = await readConfig();

  if (command === "login") {
    const apiUrl = values["api-url"] ?? config.apiUrl ?? defaultApiUrl;
    const key = await readKey(values);
    if (!key.startsWith("cph_")) throw new CipherError("That is not a Cipher API key (they start with cph_).");
    await createClient({ apiUrl, key }).get("/bots?limit=1");
    const path = await writeConfig({ apiUrl, key });
    return out(`Logged in to ${apiUrl}. The key is stored in ${path} (readable by you alone).`);
  }

  const client = createClient(config);
  switch (command) {
    case "bots": {
      const bots = [];
      let cursor = null;
      do {
        const page = await client.get(`/bots?limit=100${cursor ? `&cursor=${cursor}` : ""}`);
        bots.push(...page.data);
        cursor = page.nextCursor;
      } while (cursor);
      if (!bots.length) return out("No bots yet. Create one on the dashboard, or with POST /api/v1/bots.");
      const width = Math.max(...bots.map((bot) => bot.name.length), 4);
      out(`${"ID".padEnd(27)} ${"NAME".padEnd(width)} ${"LANGUAGE".padEnd(10)} STATUS`);
      for (const bot of bots)
        out(`${bot.id.padEnd(27)} ${bot.name.padEnd(width)} ${bot.language.padEnd(10)} ${bot.status}`);
      return;
    }
    case "deploy": {
      const dir = rest[0] ?? ".";
      const id = await botId(values, dir);
      out(`Packing ${resolve(dir)}…`);
      const { zip, paths, bytes } = await packProject(resolve(dir));
      out(
        `  ${paths.length} file${paths.length === 1 ? "" : "s"}, ${(bytes / 1024).toFixed(1)} KB (${(zip.byteLength / 1024).toFixed(1)} KB zipped)`,
      );
      out(`Uploading to ${client.base}…`);
      const query = new URLSearchParams({ restart: String(values.restart) });
      if (values.message) query.set("message", values.message);
      let deployed;
      try {
        deployed = await client.put(`/bots/${id}/files?${query}`, {
          body: zip,
          headers: { "content-type": "application/zip" },
          bot: id,
        });
      } catch (error) {
        if (error instanceof CipherError && error.errors) {
          for (const [field, messages] of Object.entries(error.errors)) err(`  ${field}: ${messages.join(" ")}`);
        }
        throw error;
      }
      out(`Deployed version ${deployed.version} (${deployed.files} files). Status: ${statusLine(deployed.status)}.`);
      if (values.restart) {
        out("Restarting on the new version…");
        if (!(await watchStart(client, id))) {
          err("The bot crashed on start. See why: cipher logs");
          process.exitCode = 1;
        }
      }
      return;
    }
    case "logs": {
      const id = await botId(values);
      const limit = Math.min(Math.max(Number(values.lines) || 100, 1), 1000);
      const page = await client.get(`/bots/${id}/logs?limit=${limit}`, { bot: id });
      const print = (line) => out(`${line.at} ${line.stream === "stderr" ? "ERR" : "   "} ${line.line}`);
      page.data.forEach(print);
      if (!values.follow) return;
      let after = page.data.at(-1)?.id ?? "0";
      for (;;) {
        // Streamed as it is written; if the stream cannot be had (an older server) or drops, one
        // poll fills the gap (and says what is wrong, e.g. a revoked key) before trying again.
        try {
          for await (const { event, data } of client.events(`/bots/${id}/logs/events?after=${after}`, { bot: id })) {
            if (event !== "lines") continue;
            data.forEach(print);
            if (data.length) after = data.at(-1).id;
          }
        } catch (error) {
          if (error instanceof CipherError && (error.status === 401 || error.status === 403)) throw error;
        }
        await sleep(1000);
        const next = await client.get(`/bots/${id}/logs?after=${after}&limit=1000`, { bot: id });
        next.data.forEach(print);
        if (next.data.length) after = next.data.at(-1).id;
      }
    }
    case "start":
    case "stop":
    case "restart": {
      const id = await botId(values);
      const status = await client.post(`/bots/${id}/${command}`, { bot: id });
      out(
        `${command === "stop" ? "Stopping" : command === "start" ? "Starting" : "Restarting"}: ${statusLine(status)}.`,
      );
      if (command !== "stop" && !(await watchStart(client, id))) process.exitCode = 1;
      return;
    }
    case "status": {
      const id = await botId(values);
      return out(statusLine(await client.get(`/bots/${id}/status`, { bot: id })));
    }
    default:
      throw new CipherError(`Unknown command "${command}". Run \`cipher help\`.`);
  }
}

main(process.argv.slice(2)).catch((error) => {
  if (error instanceof CipherError || error?.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") err(`cipher: ${error.message}`);
  else err(`cipher: ${error?.message ?? error}`);
  process.exit(1);
});
