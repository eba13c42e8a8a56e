/**
 * How one bot process is launched inside its sandbox. As root, a tiny shell joins the bot's
 * cgroups (so everything it ever forks is limited), then setpriv drops to the bot's own
 * unprivileged user (no capabilities, empty bounding set, no_new_privs) and execs bubblewrap,
 * which builds the sandbox as that user: its own user, PID, IPC, UTS, cgroup and network
 * namespaces, a read-only system, a sized private /tmp, its files read-only and scratch
 * writable, and the seccomp filter on the bot's command.
 *
 * The launcher's environment is fixed and minimal; the bot's own variables (its token, its
 * secrets, the runner's settings) never appear in any environment or command line outside the
 * sandbox: they are written to fd 4 and set by the preload / sitecustomize inside.
 */
import { spawn, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  closeSync,
  lchownSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";

import type { BotCgroup, CgroupLimits } from "./cgroups";
import { egressRouteCommands, slirpNetwork } from "./egress";
import type { IsolationHost } from "./host";
import { mountScratch } from "./scratch";
import { relaySocketInSandbox, startSimulatorRelay, type SimulatorRelay } from "./simulator-relay";

/** The fd the bot's environment arrives on inside the sandbox. */
export const envFd = 4;
const seccompFd = 5;
const infoFd = 6;
const blockFd = 7;

const firstBotUid = 200_000;
const botUidCount = 50_000;

/** The unprivileged host user a bot runs as: its own (from its id), never root, never shared by design. */
export function botUid(botId: string): number {
  let hash = 0x811c9dc5;
  for (const char of botId) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return firstBotUid + (hash % botUidCount);
}

export interface SandboxRequest {
  botId: string;
  /** Bot folders: app/ read-only, scratch/ writable; root/ holds the runner's per-bot files. */
  dirs: { root: string; app: string; scratch: string };
  /** Other host folders the bot reads (Node, the runtime's modules, the preload). */
  readOnly: string[];
  command: string[];
  /** Fixed, non-secret variables (PATH, HOME, PYTHONPATH…), set by bubblewrap. */
  fixedEnv: Record<string, string>;
  /** The bot's own variables and secrets (already checked by botEnvironment): sent on fd 4 only. */
  botEnv: Record<string, string>;
  network: { kind: "simulator"; host: string; port: number } | { kind: "internet" };
  limits: CgroupLimits & { tmpMb: number; scratchMb: number };
}

export interface LaunchedSandbox {
  child: ChildProcess;
  /** Resolves once the bot's command is running inside (rejects if the sandbox could not be set up). */
  started: Promise<void>;
  /** True when the kernel killed a process of this bot for memory. */
  oomKilled(): boolean;
  /** After the process exited: removes its cgroups, relay and egress. */
  cleanup(): Promise<void>;
}

/** Gives the bot's folders to its user: files 0600, folders 0700, nothing for anyone else. */
function ownTree(path: string, uid: number): void {
  const stat = lstatSync(path);
  lchownSync(path, uid, uid);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    chmodSync(path, 0o700);
    for (const entry of readdirSync(path)) ownTree(join(path, entry), uid);
  } else chmodSync(path, 0o600);
}

function bubblewrapArgs(request: SandboxRequest, relay: string | null, files: { hosts: string; resolv: string }) {
  const { dirs } = request;
  const args = [
    // One user namespace, mapping only the bot's own unprivileged uid.
    "--unshare-user",
    "--unshare-pid",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-net",
    "--unshare-cgroup-try",
    "--hostname",
    "cipher-bot",
    "--cap-drop",
    "ALL",
    "--ro-bind",
    "/usr",
    "/usr",
  ];
  for (const dir of ["lib", "lib64", "bin", "sbin"]) args.push("--symlink", `usr/${dir}`, `/${dir}`);
  for (const file of ["/etc/ssl", "/etc/ca-certificates", "/etc/nsswitch.conf", "/etc/localtime", "/etc/ld.so.cache"]) {
    args.push("--ro-bind-try", file, file);
  }
  args.push("--ro-bind", files.hosts, "/etc/hosts", "--ro-bind", files.resolv, "/etc/resolv.conf");
  // The private /tmp first: the bot's folders may live under /tmp (tests) and are bound on top.
  args.push("--size", String(request.limits.tmpMb * 1024 * 1024), "--tmpfs", "/tmp");
  args.push("--ro-bind", dirs.app, dirs.app);
  for (const dir of request.readOnly) args.push("--ro-bind", dir, dir);
  args.push("--bind", dirs.scratch, dirs.scratch);
  if (relay) args.push("--bind", relay, relaySocketInSandbox);
  args.push("--proc", "/proc", "--dev", "/dev", "--new-session", "--die-with-parent");
  args.push("--remount-ro", "/", "--chdir", dirs.app, "--seccomp", String(seccompFd));
  if (request.network.kind === "internet") args.push("--info-fd", String(infoFd), "--block-fd", String(blockFd));
  args.push("--clearenv");
  for (const [key, value] of Object.entries({ ...request.fixedEnv, CIPHER_ENV_FD: String(envFd) })) {
    args.push("--setenv", key, value);
  }
  return args;
}

/** The launcher's whole environment: fixed, nothing of the runner's nor the bot's. */
const launcherEnv = { PATH: "/usr/sbin:/usr/bin:/sbin:/bin" } as unknown as NodeJS.ProcessEnv;

/** Joins the cgroups listed before "--", then execs the rest (runs as root, for one exec). */
const joinCgroups = 'while [ "$1" != "--" ]; do echo $$ > "$1" || exit 125; shift; done; shift; exec "$@"';

/** Distinguishes two sandboxes of one bot id made by one process within a millisecond. */
let launches = 0;

export interface LaunchHooks {
  /** Called just before the process is spawned (after every await): throws to refuse, and nothing is left behind. */
  beforeSpawn?: () => void;
}

export async function launchSandboxed(
  host: IsolationHost,
  request: SandboxRequest,
  hooks: LaunchHooks = {},
): Promise<LaunchedSandbox> {
  const uid = botUid(request.botId);
  const unmountScratch = mountScratch(request.dirs.root, request.dirs.scratch, uid, request.limits.scratchMb);
  let relay: SimulatorRelay | null = null;
  let cgroup: BotCgroup | null = null;
  let slirp: ChildProcess | null = null;
  let oomKills: number | null = null;
  const cleanup = async () => {
    slirp?.kill("SIGKILL");
    // Read before the group goes: the supervisor asks after the process exited.
    oomKills ??= cgroup?.oomKills() ?? 0;
    cgroup?.remove();
    await relay?.close();
    unmountScratch();
  };
  let child: ChildProcess;
  // Whatever fails before the process runs, nothing stays behind: no mount, relay, cgroup or fd.
  try {
    ownTree(request.dirs.app, uid);
    ownTree(request.dirs.scratch, uid);
    chmodSync(request.dirs.root, 0o711);
    const files = { hosts: join(request.dirs.root, "hosts"), resolv: join(request.dirs.root, "resolv.conf") };
    writeFileSync(files.hosts, "127.0.0.1 localhost cipher-bot\n::1 localhost cipher-bot\n", { mode: 0o644 });
    writeFileSync(
      files.resolv,
      request.network.kind === "internet"
        ? `nameserver ${slirpNetwork.dns}\n`
        : "# No DNS: this bot reaches only the simulator.\n",
      { mode: 0o644 },
    );
    if (request.network.kind === "simulator") {
      relay = await startSimulatorRelay(join(request.dirs.root, "simulator.sock"), request.network, { uid, gid: uid });
    }
    launches += 1;
    const group = host.cgroups.create(
      `${request.botId}.${process.pid}.${Date.now().toString(36)}${launches.toString(36)}`,
      request.limits,
    );
    cgroup = group;
    hooks.beforeSpawn?.();
    const seccomp = openSync(host.seccompFile, "r");
    const stdio: ("ignore" | "pipe" | number)[] = ["ignore", "pipe", "pipe", "pipe", "pipe", seccomp];
    if (request.network.kind === "internet") stdio.push("pipe", "pipe");
    try {
      child = spawn(
        "/bin/sh",
        [
          "-c",
          joinCgroups,
          "cipher-launch",
          ...group.procsFiles,
          "--",
          host.setpriv,
          `--reuid=${uid}`,
          `--regid=${uid}`,
          "--clear-groups",
          "--bounding-set=-all",
          "--inh-caps=-all",
          "--no-new-privs",
          "--",
          host.bwrap,
          ...bubblewrapArgs(request, relay?.path ?? null, files),
          "--",
          ...request.command,
        ],
        { cwd: "/", env: launcherEnv, stdio },
      );
    } finally {
      closeSync(seccomp);
    }
    const envPipe = child.stdio[envFd] as Writable | null;
    if (!envPipe) {
      child.kill("SIGKILL");
      throw new Error("the sandbox's environment pipe could not be opened");
    }
    envPipe.on("error", () => {});
    envPipe.end(JSON.stringify(request.botEnv));
  } catch (error) {
    await cleanup();
    throw error;
  }
  const internet = request.network.kind === "internet";
  const started = internet
    ? connectEgress(host, child).then((process) => {
        slirp = process;
      })
    : Promise.resolve();
  started.catch(() => child.kill("SIGKILL"));
  const oomBefore = cgroup.oomKills();
  return {
    child,
    started,
    oomKilled: () => (oomKills ?? cgroup?.oomKills() ?? 0) > oomBefore,
    cleanup,
  };
}

/** bubblewrap brings the namespace's loopback up after it reports the pid: wait for it (no race on netlink). */
async function loopbackReady(pid: number): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    try {
      if (/\b127\.0\.0\.1\b[\s\S]*?host LOCAL/.test(readFileSync(`/proc/${pid}/net/fib_trie`, "utf8"))) return;
    } catch {
      throw new Error("The sandbox exited before its network was set up.");
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error("The sandbox's loopback did not come up within 5 s.");
}

/**
 * A Discord bot's egress: once bubblewrap reports the sandbox's pid (its network namespace
 * exists, the bot's command has not started), slirp4netns gives the namespace a user-mode
 * network whose gateway does not lead to this host's loopback, the blocked ranges get
 * prohibit routes, and only then is the sandbox released.
 */
async function connectEgress(host: IsolationHost, child: ChildProcess): Promise<ChildProcess> {
  const info = (child.stdio as unknown[])[infoFd] as Readable;
  const release = (child.stdio as unknown[])[blockFd] as Writable;
  release.on("error", () => {});
  const pid = await new Promise<number>((resolve, reject) => {
    let text = "";
    const timer = setTimeout(() => reject(new Error("The sandbox did not start within 10 s.")), 10_000);
    info.setEncoding("utf8");
    info.on("data", (chunk: string) => {
      text += chunk;
      const match = /"child-pid"\s*:\s*(\d+)/.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    info.on("error", reject);
    child.once("exit", () => reject(new Error("The sandbox exited before it started.")));
  });
  await loopbackReady(pid);
  const slirp = spawn(
    host.slirp4netns,
    [
      "--configure",
      "--mtu=65520",
      "--disable-host-loopback",
      "--enable-sandbox",
      "--enable-seccomp",
      "--ready-fd=3",
      // By path: slirp4netns then joins only the network namespace (as root), not the bot's user namespace.
      "--netns-type=path",
      `/proc/${pid}/ns/net`,
      "tap0",
    ],
    { stdio: ["ignore", "pipe", "pipe", "pipe"], env: launcherEnv },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("User-mode networking did not start within 10 s.")), 10_000);
      (slirp.stdio[3] as Readable).once("data", () => {
        clearTimeout(timer);
        resolve();
      });
      let errors = "";
      slirp.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
      slirp.stdout!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
      slirp.once("exit", (code) =>
        reject(new Error(`slirp4netns exited (${code}): ${errors.trim().split("\n").slice(-2).join(" ")}`)),
      );
    });
    const routes = spawn(host.nsenter, ["--target", String(pid), "--net", "--", host.ip, "-batch", "-"], {
      stdio: ["pipe", "ignore", "pipe"],
      env: launcherEnv,
    });
    routes.stdin!.end(egressRouteCommands().join("\n") + "\n");
    const code = await new Promise<number | null>((resolve) => routes.once("exit", resolve));
    if (code !== 0) throw new Error("Could not install the bot's egress routes.");
  } catch (error) {
    slirp.kill("SIGKILL");
    throw error;
  }
  release.end("1");
  return slirp;
}
