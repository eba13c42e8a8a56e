/**
 * The Debian/Ubuntu packages Cipher needs outside npm, checked (and installed when it can) by
 * `npm start`, `npm test` and CI — one list, one place:
 * - the bot sandbox (bubblewrap, slirp4netns, libseccomp's Python binding, iproute2, util-linux,
 *   e2fsprogs): without it no bot runs (the runner fails closed);
 * - discord.py for Python bots;
 * - Chromium and fonts for the end-to-end tests (`npm test` only).
 * As root with apt-get, missing packages are installed; otherwise it stops with the exact command.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

import { isolationPackages } from "../../runtime/runner/isolation/host";

interface Requirement {
  /** Debian package that provides it. */
  package: string;
  /** True when it is present. */
  present(): boolean;
}

const python = "/usr/bin/python3";

function has(path: string): () => boolean {
  return () => existsSync(path);
}

function importable(module: string): () => boolean {
  return () => existsSync(python) && spawnSync(python, ["-c", `import ${module}`], { stdio: "ignore" }).status === 0;
}

const checks: Record<(typeof isolationPackages)[number], () => boolean> = {
  bubblewrap: has("/usr/bin/bwrap"),
  slirp4netns: has("/usr/bin/slirp4netns"),
  "python3-seccomp": importable("seccomp"),
  "util-linux": () => ["/usr/bin/setpriv", "/usr/bin/nsenter"].every((path) => existsSync(path)),
  iproute2: () => existsSync("/usr/sbin/ip") || existsSync("/sbin/ip") || existsSync("/bin/ip"),
  e2fsprogs: () => existsSync("/usr/sbin/mkfs.ext4") || existsSync("/sbin/mkfs.ext4"),
};

export const runtimeRequirements: Requirement[] = [
  ...isolationPackages.map((name) => ({ package: name, present: checks[name] })),
  { package: "python3-discord", present: importable("discord") },
];

export const testRequirements: Requirement[] = [
  ...runtimeRequirements,
  { package: "chromium", present: has("/usr/bin/chromium") },
  { package: "fonts-liberation", present: has("/usr/share/fonts/truetype/liberation") },
];

export function installCommand(packages: string[]): string {
  return `apt-get update && apt-get install -y --no-install-recommends ${packages.join(" ")}`;
}

/**
 * Installs what is missing when it can (root, apt-get); returns null when everything is there,
 * or the exact command for the user to run.
 */
export function ensureSystemPackages(
  requirements: Requirement[],
  log: (line: string) => void = console.log,
): string | null {
  const missing = requirements
    .filter((requirement) => !requirement.present())
    .map((requirement) => requirement.package);
  if (missing.length === 0) return null;
  const command = installCommand(missing);
  const canInstall = process.platform === "linux" && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) return process.getuid?.() === 0 ? command : `sudo sh -c '${command}'`;
  log(`● Installing system packages: ${missing.join(" ")}`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "--no-install-recommends", ...missing],
  ]) {
    const result = spawnSync("apt-get", args, { stdio: ["ignore", "ignore", "inherit"], env });
    if (result.status !== 0) return command;
  }
  const still = requirements.filter((requirement) => !requirement.present()).map((requirement) => requirement.package);
  return still.length === 0 ? null : installCommand(still);
}
