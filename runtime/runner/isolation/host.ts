/**
 * The isolation layer this host offers bots, found once per runner: bubblewrap (namespaces),
 * setpriv (an unprivileged user per bot), a seccomp filter compiled from seccomp-profile.json,
 * cgroups (hard limits), and slirp4netns + nsenter + ip (user-mode egress for Discord bots).
 * Missing any of them, the runner runs no bot at all and says why: it fails closed.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { cgroupDriver, type CgroupDriver } from "./cgroups";
import { checkScratchSupport, unmountAllUnder } from "./scratch";

const here = dirname(fileURLToPath(import.meta.url));

export interface IsolationHost {
  bwrap: string;
  setpriv: string;
  slirp4netns: string;
  nsenter: string;
  ip: string;
  /** The compiled seccomp filter (classic BPF), read by bubblewrap from an fd. */
  seccompFile: string;
  cgroups: CgroupDriver;
}

export type IsolationCheck = { ok: true; host: IsolationHost } | { ok: false; reason: string };

/** The Debian/Ubuntu packages the sandbox needs; the one command that installs them. */
export const isolationPackages = [
  "bubblewrap",
  "slirp4netns",
  "python3-seccomp",
  "util-linux",
  "iproute2",
  "e2fsprogs",
] as const;
export const isolationInstallCommand = `apt-get install -y ${isolationPackages.join(" ")}`;

const searchPath = ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"];

function find(command: string): string | null {
  for (const dir of searchPath) {
    const candidate = join(dir, command);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

let found: IsolationCheck | null = null;

/**
 * The host's isolation layer, found once per process (whatever data folders its runners use);
 * until it is found, each call looks again (a package installed meanwhile is found).
 */
export function checkIsolationHost(pythonBin = "/usr/bin/python3"): IsolationCheck {
  if (found) return found;
  const check = checkHost(pythonBin);
  if (check.ok) found = check;
  return check;
}

/**
 * Readies one runner's data folder for sandboxed bots: each bot runs as its own unprivileged
 * user and must be able to pass through (not list) the folder to reach its own, and bots' scratch
 * folders are loop-mounted filesystems of their own. Returns why not, or null.
 */
export function prepareDataDir(dataDir: string): string | null {
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o711);
  // Left mounted by a runner of this folder that was killed: nothing of this one runs yet.
  unmountAllUnder(dataDir);
  const scratch = checkScratchSupport(dataDir);
  return scratch
    ? `No per-bot scratch filesystem (${scratch}): the runner needs loop devices and mkfs.ext4 (${isolationInstallCommand}).`
    : null;
}

function checkHost(pythonBin: string): IsolationCheck {
  if (process.platform !== "linux") return { ok: false, reason: "Bots can only be isolated on Linux." };
  if (process.getuid?.() !== 0) {
    return {
      ok: false,
      reason:
        "The runner must start as root: it sets up each bot's namespaces and cgroups, then runs the bot as an unprivileged user of its own.",
    };
  }
  const tools = {
    bwrap: find("bwrap"),
    setpriv: find("setpriv"),
    slirp4netns: find("slirp4netns"),
    nsenter: find("nsenter"),
    ip: find("ip"),
  };
  const missing = Object.entries(tools)
    .filter(([, path]) => !path)
    .map(([name]) => name);
  if (missing.length > 0) {
    return { ok: false, reason: `Missing ${missing.join(", ")}. Install them with: ${isolationInstallCommand}` };
  }
  // Root's own folder (0700): the runner opens the filter and hands bubblewrap the fd.
  const seccompDir = mkdtempSync(join(tmpdir(), "cipher-seccomp-"));
  const removeSeccompDir = () => rmSync(seccompDir, { recursive: true, force: true });
  const seccompFile = join(seccompDir, "filter.bpf");
  const compiled = spawnSync(
    pythonBin,
    [join(here, "compile-seccomp.py"), join(here, "seccomp-profile.json"), seccompFile],
    {
      encoding: "utf8",
      env: { PATH: searchPath.join(":") } as unknown as NodeJS.ProcessEnv,
      timeout: 60_000,
    },
  );
  if (compiled.status !== 0) {
    removeSeccompDir();
    const detail = /No module named .?seccomp/.test(compiled.stderr ?? "")
      ? "libseccomp's Python binding is missing"
      : compiled.error
        ? compiled.error.message
        : (compiled.stderr ?? "").trim().split("\n").pop();
    return {
      ok: false,
      reason: `Could not build the seccomp filter (${detail}). Install with: ${isolationInstallCommand}`,
    };
  }
  const cgroups = cgroupDriver();
  if ("error" in cgroups) {
    removeSeccompDir();
    return { ok: false, reason: cgroups.error };
  }
  process.once("exit", removeSeccompDir);
  cgroups.driver.sweep();
  return { ok: true, host: { ...(tools as Record<keyof typeof tools, string>), seccompFile, cgroups: cgroups.driver } };
}
