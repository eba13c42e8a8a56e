/**
 * How a bot process is started: its command line and its clean environment. Every bot runs in
 * a bubblewrap sandbox when `bwrap` works here (see bubblewrapArgs). Node bots also run under
 * Node's permission model (read: app/, scratch/, the runtime's modules and the preload; write:
 * scratch/ only; no child processes, no workers, no native addons): the second layer, and the
 * only one where bubblewrap is missing (a warning then goes to each bot's log and the runner's
 * stdout). Python bots run with the runner's sitecustomize on PYTHONPATH. Neither inherits
 * anything from the runner's environment (no DATABASE_URL, AUTH_SECRET, BOT_TOKEN_KEY…).
 */
import { spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";

import type { Materialised } from "./materialise";
import { preloadDir, preloadFile, pythonShimDir, runtimeNodeModules } from "./paths";

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

export interface SpawnSpec {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

const pathVariable = "/usr/local/bin:/usr/bin:/bin";

export function botEnvironment(
  bot: Pick<Materialised, "scratch">,
  userVariables: Record<string, string>,
  run: RunSettings,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(userVariables)) {
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) && !key.startsWith("CIPHER_")) env[key] = value;
  }
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
  });
  return env;
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

export function spawnSpec(
  bot: Materialised,
  script: string,
  env: Record<string, string>,
  pythonBin: string,
  options: SpawnOptions = {},
): SpawnSpec {
  if (bot.kind === "python") {
    const pythonEnv = { ...env, PYTHONPATH: pythonShimDir };
    const python = [pythonBin, "-u", script];
    if (!bubblewrapWorks()) return { command: pythonBin, args: python.slice(1), env: pythonEnv, cwd: bot.app };
    return {
      command: "bwrap",
      args: [...bubblewrapArgs(bot, [pythonShimDir]), "--", ...python],
      env: pythonEnv,
      cwd: bot.app,
    };
  }
  const node = [process.execPath, ...nodeArgs(bot, script, options)];
  if (!bubblewrapWorks()) return { command: node[0]!, args: node.slice(1), env, cwd: bot.app };
  // Both layers: bubblewrap outside, Node's permission model inside.
  const nodeDir = dirname(realpathSync(process.execPath));
  const readOnly = [runtimeNodeModules(), preloadDir];
  if (!nodeDir.startsWith("/usr/")) readOnly.push(nodeDir);
  return { command: "bwrap", args: [...bubblewrapArgs(bot, readOnly), "--", ...node], env, cwd: bot.app };
}

/**
 * The bubblewrap sandbox of every bot: a read-only view of the system's /usr and the few /etc
 * files TLS and DNS need, its app/ and the runtime's files read-only, scratch/ writable, a
 * private /tmp, its own /proc (it sees only its own processes), a minimal /dev, its own PID,
 * IPC and UTS namespaces, a new session (no terminal injection), and death with the runner.
 * The network is shared (Discord, the simulator); the preload's / sitecustomize's guard
 * refuses local addresses. The environment is already the bot's alone (spawn passes no other),
 * so it is not repeated with --setenv, where tokens would show on bwrap's command line; bwrap
 * adds only PWD (the app folder).
 */
function bubblewrapArgs(bot: Pick<Materialised, "app" | "scratch">, readOnly: string[]): string[] {
  const args = ["--ro-bind", "/usr", "/usr"];
  for (const dir of ["lib", "lib64", "bin", "sbin"]) {
    if (existsSync(`/${dir}`)) args.push("--symlink", `usr/${dir}`, `/${dir}`);
  }
  for (const file of [
    "/etc/ssl",
    "/etc/ca-certificates",
    "/etc/resolv.conf",
    "/etc/hosts",
    "/etc/nsswitch.conf",
    "/etc/localtime",
    "/etc/ld.so.cache",
  ]) {
    if (existsSync(file)) args.push("--ro-bind", file, file);
  }
  // The private /tmp first: the bot's folders may live under /tmp (tests) and are bound on top.
  args.push("--tmpfs", "/tmp", "--ro-bind", bot.app, bot.app);
  for (const dir of readOnly) args.push("--ro-bind", dir, dir);
  args.push(
    "--bind",
    bot.scratch,
    bot.scratch,
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--unshare-pid",
    "--unshare-ipc",
    "--unshare-uts",
    "--hostname",
    "cipher-bot",
    "--new-session",
    "--die-with-parent",
    "--remount-ro",
    "/",
    "--chdir",
    bot.app,
  );
  return args;
}

let bubblewrap: boolean | null = null;

export interface SandboxMode {
  mode: "bubblewrap" | "permission-model";
  /** For operators (Hosting page, logs) when the sandbox is weaker than it should be. */
  warning: string | null;
}

let warned = false;

/** How bots are isolated on this host: bubblewrap when `bwrap` works here, else Node's permission model alone. */
export function sandboxMode(): SandboxMode {
  if (bubblewrapWorks()) return { mode: "bubblewrap", warning: null };
  if (!warned) {
    warned = true;
    console.warn(`[runner] Warning: ${permissionModelWarning}`);
  }
  return { mode: "permission-model", warning: permissionModelWarning };
}

const permissionModelWarning =
  "bubblewrap (bwrap) is not available on this host: Node bots run under Node's permission model only " +
  "(no own PID namespace, private /tmp or read-only system), and Python bots without a file-system sandbox.";

export function bubblewrapWorks(): boolean {
  bubblewrap ??= spawnSync("bwrap", ["--ro-bind", "/", "/", "--unshare-pid", "true"], { stdio: "ignore" }).status === 0;
  return bubblewrap;
}
