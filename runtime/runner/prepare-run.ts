/**
 * Everything before a bot's process starts: its connection (simulator credentials or its own
 * Discord token), its files on disk, its environment, and its deploy-commands script.
 */
import { createHash } from "node:crypto";

import { limitsFor } from "@/lib/billing/plans";
import { planOf } from "@/lib/billing/user-plans";
import { allowedBotVariables, envNameMaxLength, envNamePattern, type EnvValueRefusal } from "@/lib/bots/env-policy";
import { db } from "@/lib/db";
import { describePlaces } from "@/lib/simulator/places";

import { BotProcess, describeExit, killLeftover } from "./bot-process";
import {
  applicationIdFromToken,
  blueprintPlaces,
  botVariables,
  ConfigurationError,
  discordToken,
  simulatorCredentials,
} from "./credentials";
import type { LogSink } from "./log-sink";
import { materialiseBot, MaterialiseError, type Materialised } from "./materialise";
import { botDirs } from "./paths";
import { botEnvironment, sandboxRequest, simulatorTarget, type RunSettings } from "./sandbox";
import type { SandboxHealth } from "./sandbox-health";
import type { RunnerTiming } from "./timing";

export { ConfigurationError };

export interface PrepareContext {
  dataDir: string;
  simulatorUrl: string;
  controlKey: string;
  pythonBin: string;
  logs: LogSink;
  timing: RunnerTiming;
  /** This runner's sandbox check: bots launch only through it, and only while it passes. */
  sandbox: SandboxHealth;
}

export interface PreparedRun {
  bundle: Materialised;
  env: Record<string, string>;
  /** The owner's plan's memory cap (or the test override). */
  memoryMb: number;
  /** Where a simulator bot connects (its only reachable address), or null for Discord. */
  simulator: { host: string; port: number } | null;
}

export async function prepareRun(
  botId: string,
  context: PrepareContext,
  hooks: { log(line: string): void; deploying(process: BotProcess | null): void },
): Promise<PreparedRun> {
  const row = await db.bot.findUnique({
    where: { id: botId },
    select: {
      language: true,
      tokenSealed: true,
      connectTo: true,
      userId: true,
      commandsDeployedFor: true,
      files: { select: { path: true, content: true } },
    },
  });
  if (!row) throw new ConfigurationError("The bot no longer exists.");
  // Fail closed: on a host that cannot isolate bots, nothing of the bot is even written out.
  context.sandbox.isolatedHost();
  // The plan through its narrow view: the runner may not read "User" (scripts/db/roles.ts).
  const memoryMb = context.timing.memoryMb ?? limitsFor((await planOf(row.userId)) ?? "trial").botMemoryMb;
  let run: RunSettings;
  if (row.connectTo === "discord") {
    const token = discordToken(botId, row.tokenSealed);
    if (!token) throw new ConfigurationError("Add your bot token in Settings to connect to Discord.");
    run = { token, applicationId: applicationIdFromToken(token) };
  } else {
    const { placesAdded, ...settings } = await simulatorCredentials(
      context.simulatorUrl,
      context.controlKey,
      botId,
      blueprintPlaces(row.files),
    );
    run = settings;
    const added = describePlaces(placesAdded);
    if (added) hooks.log(`Added ${added} to this bot's test server: its blueprint uses them.`);
  }
  context.logs.setSecrets(botId, [run.token]);
  // Every secret joins the token among what never shows in the bot's log or status before
  // anything of the bot runs or is written out.
  const { variables, secretKeys } = await botVariables(botId);
  context.logs.setSecrets(
    botId,
    [run.token],
    [...secretKeys].map((key) => variables[key]),
  );
  // Checked again here, whatever the settings form let through (a row saved before its rules, or
  // written by another writer): a value no bot may get stops the start, named but never quoted.
  const checked = allowedBotVariables(variables, secretKeys);
  if (checked.invalid.length > 0) throw new ConfigurationError(invalidVariablesMessage(checked.invalid, secretKeys));
  const dirs = botDirs(context.dataDir, botId);
  killLeftover(dirs.root, dirs.app);
  let bundle: Materialised;
  try {
    bundle = await materialiseBot({
      dataDir: context.dataDir,
      botId,
      language: row.language,
      files: row.files,
      identity: { token: run.token, clientId: run.applicationId, guildId: run.guildId },
      log: hooks.log,
    });
  } catch (error) {
    if (error instanceof MaterialiseError) throw new ConfigurationError(error.message);
    throw error;
  }
  const heartbeatMs = Math.min(5000, Math.floor(context.timing.heartbeatTimeoutMs / 4));
  if (checked.refused.length > 0) hooks.log(refusedNamesMessage(checked.refused));
  const env = botEnvironment(bundle, checked.allowed, { ...run, heartbeatMs });
  const simulator = simulatorTarget(run);
  if (bundle.deployScript) {
    const fingerprint = deployFingerprint(row, run.applicationId, run.guildId);
    if (fingerprint === row.commandsDeployedFor) {
      hooks.log(
        `The slash commands of these files are already registered; ${bundle.deployScript} runs again when the files change.`,
      );
    } else if (await deployCommands(botId, bundle, env, context, hooks, memoryMb, simulator)) {
      await db.bot.update({ where: { id: botId }, data: { commandsDeployedFor: fingerprint } });
    }
  }
  return { bundle, env, memoryMb, simulator };
}

/**
 * What a registration depends on: the files (any change may change a command), the language, where
 * the bot connects, which application it is and the server a guild-scoped registration names (a
 * bot moved to another simulated server registers again). Registering the same commands again at every start
 * would only spend Discord's bulk-overwrite rate limit (two a minute), and a bot restarted a third
 * time within the minute would then wait out the 429 while "Starting".
 */
function deployFingerprint(
  row: { language: string; connectTo: string; files: { path: string; content: string }[] },
  applicationId: string | undefined,
  guildId: string | undefined,
): string {
  const hash = createHash("sha256").update(
    JSON.stringify([row.language, row.connectTo, applicationId ?? "", ...(guildId ? [guildId] : [])]),
  );
  for (const file of [...row.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(`\0${file.path}\0${file.content.length}\0`).update(file.content);
  }
  return hash.digest("hex");
}

/** Runs deploy-commands.js under the same sandbox and waits; a failure is logged, never fatal. Whether it succeeded. */
async function deployCommands(
  botId: string,
  bundle: Materialised,
  env: Record<string, string>,
  context: PrepareContext,
  hooks: { log(line: string): void; deploying(process: BotProcess | null): void },
  memoryMb: number,
  simulator: { host: string; port: number } | null,
): Promise<boolean> {
  const script = bundle.deployScript!;
  hooks.log(`Running ${script} to register the slash commands.`);
  const launched = await context.sandbox.launch(
    sandboxRequest(bundle, botId, script, env, context.pythonBin, { memoryMb, simulator }),
  );
  const process = new BotProcess(launched, botId, context.logs);
  hooks.deploying(process);
  const timer = setTimeout(() => {
    hooks.log(`${script} took longer than ${context.timing.deployTimeoutMs / 1000} s; stopped it.`);
    void process.stop(1000);
  }, context.timing.deployTimeoutMs);
  const exit = await process.exited;
  hooks.deploying(null);
  clearTimeout(timer);
  if (exit.code === 0) hooks.log(`${script} finished.`);
  else hooks.log(`${script} failed (${describeExit(exit)}); starting the bot anyway.`);
  return exit.code === 0;
}

/** Names the runner did not set; a malformed name (written by another writer) is counted, not quoted. */
function refusedNamesMessage(refused: string[]): string {
  const named = refused.filter((key) => envNamePattern.test(key) && key.length <= envNameMaxLength);
  const malformed = refused.length - named.length;
  const parts = [
    ...(named.length ? [named.join(", ")] : []),
    ...(malformed ? [`${malformed} variable${malformed === 1 ? "" : "s"} with an invalid name`] : []),
  ];
  return `Not set: ${parts.join(" and ")} (variables that change how the system loader or the language runtime starts, or whose names are not valid, are not allowed).`;
}

const valueProblems: Record<EnvValueRefusal, string> = {
  nul: "holds a NUL character, which no environment variable can carry",
  "line-break": "is on several lines, which a secret cannot be",
};

/** Why the bot cannot start with these variables: their names and what is wrong, never their values. */
function invalidVariablesMessage(
  invalid: { key: string; refusal: EnvValueRefusal }[],
  secretKeys: ReadonlySet<string>,
): string {
  const each = invalid.map(
    ({ key, refusal }) => `the ${secretKeys.has(key) ? "secret " : ""}variable ${key} ${valueProblems[refusal]}`,
  );
  const list = each.join("; ");
  return `The bot cannot start: ${list}. Enter ${invalid.length === 1 ? "it" : "them"} again in Settings → Environment.`;
}
