/**
 * What a bot process is: its command, its clean environment, its limits and its network. Every
 * bot runs in the sandbox of isolation/launch.ts (own user and namespaces, no capabilities,
 * seccomp, cgroups, no route to this host); where this host cannot provide it, no bot runs.
 * Node bots also run under Node's permission model (read: app/, scratch/, the runtime's modules
 * and the preload; write: scratch/ only; no child processes, workers or native addons) as a
 * second layer. Python bots run with the runner's sitecustomize on PYTHONPATH. Neither inherits
 * anything from the runner's environment (no DATABASE_URL, AUTH_SECRET, BOT_TOKEN_KEY…).
 * Whether this host can provide the sandbox right now is sandbox-health.ts's to say.
 */
import { realpathSync } from "node:fs";
import { dirname, join } from "node:path";

import { allowedBotVariables } from "@/lib/bots/env-policy";

import type { SandboxRequest } from "./isolation/launch";
import { relaySocketInSandbox } from "./isolation/simulator-relay";
import type { Materialised } from "./materialise";
import { preloadDir, preloadFile, pythonShimDir, runtimeNodeModules } from "./paths";
import { ensureRuntimeCache, runtimeBundleDir } from "./runtime-bundle";
import { botPidsMax } from "./sandbox-health";

export interface RunSettings {
  token: string;
  applicationId?: string;
  guildId?: string;
  /** Simulator only: the REST base for discord.js (no version) and the gateway URL. */
  apiBase?: string;
  gatewayUrl?: string;
  /** How often the preload / sitecustomize sends its heartbeat (default 5 s). */
  heartbeatMs?: number;
}

const pathVariable = "/usr/local/bin:/usr/bin:/bin";

export function botEnvironment(
  bot: Pick<Materialised, "scratch">,
  userVariables: Record<string, string>,
  run: RunSettings,
): Record<string, string> {
  // Checked again here, whatever the settings form let through (or a database writer stored).
  const env: Record<string, string> = { ...allowedBotVariables(userVariables).allowed };
  Object.assign(env, {
    DISCORD_TOKEN: run.token,
    TOKEN: run.token,
    BOT_TOKEN: run.token,
    DB_FILE: join(bot.scratch, "db.json"),
    HOME: bot.scratch,
    TMPDIR: bot.scratch,
    NODE_ENV: "production",
    PATH: pathVariable,
  });
  if (run.applicationId) {
    Object.assign(env, {
      DISCORD_CLIENT_ID: run.applicationId,
      CLIENT_ID: run.applicationId,
      APPLICATION_ID: run.applicationId,
    });
  }
  if (run.guildId) env.GUILD_ID = run.guildId;
  // Read and removed by the preload / sitecustomize before the bot's code runs.
  env.CIPHER_RUNNER_CONFIG = JSON.stringify({
    apiBase: run.apiBase,
    gatewayUrl: run.gatewayUrl,
    hostedDb: true,
    channel: true,
    heartbeatMs: run.heartbeatMs,
    allowedTargets: allowedTargets(run),
    // The simulator's address(es) on the sandbox's own loopback, forwarded to the runner's relay.
    relay: run.apiBase ? { socket: relaySocketInSandbox, listen: relayListen(run) } : undefined,
    // discord.js from one prebuilt file (runtime-bundle.ts), once the runner has built it.
    runtimeBundle: runtimeBundleDir(),
  });
  return env;
}

/** Where inside the sandbox the simulator is expected: its host:port pairs on loopback. */
function relayListen(run: RunSettings): { host: string; port: number }[] {
  const listen = new Map<string, { host: string; port: number }>();
  for (const target of allowedTargets(run)) {
    const index = target.lastIndexOf(":");
    const host = target.slice(0, index);
    const port = Number(target.slice(index + 1));
    if (host === "127.0.0.1" || host === "::1") listen.set(target, { host, port });
  }
  return [...listen.values()];
}

/** host:port pairs a Node bot may connect to although they are local: the simulator's. */
function allowedTargets(run: RunSettings): string[] {
  const targets = new Set<string>();
  for (const address of [run.apiBase, run.gatewayUrl]) {
    if (!address) continue;
    const url = new URL(address);
    const port = url.port || (url.protocol === "https:" || url.protocol === "wss:" ? "443" : "80");
    targets.add(`${url.hostname}:${port}`);
    if (url.hostname === "localhost") targets.add(`127.0.0.1:${port}`).add(`::1:${port}`);
  }
  return [...targets];
}

export interface SpawnOptions {
  /** The plan's memory cap: V8's heap limit (the runner's watchdog also caps resident memory). */
  memoryMb?: number;
}

export function nodeArgs(
  bot: Pick<Materialised, "app" | "scratch">,
  script: string,
  { memoryMb = 256 }: SpawnOptions = {},
): string[] {
  const readable = [bot.app, bot.scratch, runtimeNodeModules(), preloadDir];
  return [
    "--experimental-permission",
    ...readable.map((dir) => `--allow-fs-read=${dir}/`),
    `--allow-fs-write=${bot.scratch}/`,
    "--experimental-detect-module",
    // A leaking bot fails on its own instead of growing until the machine swaps.
    `--max-old-space-size=${memoryMb}`,
    "--disable-warning=ExperimentalWarning",
    "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON",
    "-r",
    preloadFile,
    script,
  ];
}

/** What a bot's sandbox needs to know about the run: its plan's limits and where it connects. */
export interface SandboxOptions extends SpawnOptions {
  /** The simulator's address (simulator bots reach only it), or null for a Discord bot (internet egress). */
  simulator: { host: string; port: number } | null;
}

/** Processes and threads a bot may have (Node needs about a dozen threads, Python fewer). */
const pidsMax = botPidsMax;
/** One core at most, so a busy bot cannot take the machine's other core from everyone else. */
const cpuPercent = 100;
/** The private /tmp; its pages also count against the bot's memory. */
const tmpMb = 64;
/** scratch/ (HOME, files the bot keeps between restarts): its own filesystem of this size. */
const scratchMb = 128;

/**
 * Everything the launcher needs for one bot process: its command (Node under the permission
 * model, or Python with the runner's sitecustomize), the read-only host folders it uses, the
 * fixed variables, the bot's own variables (sent on fd 4 only), its network and its limits.
 */
export function sandboxRequest(
  bot: Materialised,
  botId: string,
  script: string,
  env: Record<string, string>,
  pythonBin: string,
  options: SandboxOptions,
): SandboxRequest {
  const memoryMb = options.memoryMb ?? 256;
  const fixedEnv: Record<string, string> = {
    PATH: pathVariable,
    HOME: bot.scratch,
    TMPDIR: bot.scratch,
    LANG: "C.UTF-8",
    NODE_ENV: "production",
  };
  let command: string[];
  const readOnly: string[] = [];
  if (bot.kind === "python") {
    fixedEnv.PYTHONPATH = pythonShimDir;
    fixedEnv.PYTHONDONTWRITEBYTECODE = "1";
    command = [pythonBin, "-u", script];
    readOnly.push(pythonShimDir);
  } else {
    command = [process.execPath, ...nodeArgs(bot, script, { memoryMb })];
    ensureRuntimeCache(memoryMb);
    readOnly.push(runtimeNodeModules(), preloadDir);
    const nodeDir = dirname(realpathSync(process.execPath));
    if (!nodeDir.startsWith("/usr/")) readOnly.push(nodeDir);
  }
  return {
    botId,
    dirs: { root: bot.root, app: bot.app, scratch: bot.scratch },
    readOnly,
    command,
    fixedEnv,
    botEnv: env,
    network: options.simulator ? { kind: "simulator", ...options.simulator } : { kind: "internet" },
    limits: { memoryMb, pidsMax, cpuPercent, tmpMb, scratchMb },
  };
}

/** The simulator's host and port from a run's settings, or null when the run goes to Discord. */
export function simulatorTarget(run: Pick<RunSettings, "apiBase">): { host: string; port: number } | null {
  if (!run.apiBase) return null;
  const url = new URL(run.apiBase);
  const host = url.hostname === "localhost" ? "127.0.0.1" : url.hostname.replace(/^\[|\]$/g, "");
  return { host, port: Number(url.port || (url.protocol === "https:" ? 443 : 80)) };
}
