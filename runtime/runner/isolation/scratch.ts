/**
 * Each bot's writable scratch/ is its own small filesystem: a sparse ext4 image in the bot's
 * runner folder, loop-mounted (nosuid, nodev, noexec) on scratch/ while the bot runs. A bot
 * that fills it gets ENOSPC at its quota; the host's filesystem (and the database on it) only
 * ever holds the image, whose size is fixed. Files survive restarts, as scratch always did.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

const env = { PATH: "/usr/sbin:/usr/bin:/sbin:/bin" } as unknown as NodeJS.ProcessEnv;

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { env, encoding: "utf8", timeout: 30_000 });
  if (result.status !== 0) {
    throw new Error(`${command} failed: ${(result.stderr || result.error?.message || "").trim().split("\n").pop()}`);
  }
}

/** Whether a filesystem is mounted exactly at this path (from the runner's mount table). */
export function isMountPoint(path: string): boolean {
  const escaped = path.replace(/[ \t\n\\]/g, (char) => `\\${char.charCodeAt(0).toString(8).padStart(3, "0")}`);
  return readFileSync("/proc/self/mountinfo", "utf8")
    .split("\n")
    .some((line) => line.split(" ")[4] === escaped);
}

/** Mount points below a folder (deepest first), from the runner's mount table. */
function mountsUnder(dir: string): string[] {
  const prefix = `${dir.replace(/\/$/, "")}/`;
  return readFileSync("/proc/self/mountinfo", "utf8")
    .split("\n")
    .map((line) => line.split(" ")[4])
    .filter((point): point is string => Boolean(point))
    .map((point) => point.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8))))
    .filter((point) => point.startsWith(prefix))
    .sort((a, b) => b.length - a.length);
}

/**
 * Unmounts every scratch filesystem left mounted below a data folder (a runner that was killed
 * could not unmount its bots'): called when a runner readies its folder, before any bot runs,
 * and by tests before they delete a runner's folder. Their loop devices go with them.
 */
export function unmountAllUnder(dir: string): void {
  for (const point of mountsUnder(dir)) spawnSync("umount", ["-l", point], { env, timeout: 30_000 });
}

export function unmountScratch(scratch: string): void {
  for (let attempt = 0; attempt < 5 && isMountPoint(scratch); attempt++) {
    // Lazy on the last tries: a process that is still dying may hold it a moment.
    spawnSync("umount", attempt < 3 ? [scratch] : ["-l", scratch], { env, timeout: 30_000 });
  }
}

/**
 * Mounts the bot's scratch image (created on first use, with any files scratch/ already had
 * moved in) and returns how to unmount it.
 */
export function mountScratch(root: string, scratch: string, uid: number, sizeMb: number): () => void {
  const image = join(root, "scratch.img");
  if (isMountPoint(scratch)) unmountScratch(scratch); // Left by a runner that was killed.
  if (!existsSync(image)) {
    const previous = existsSync(scratch) && readdirSync(scratch).length > 0 ? `${scratch}.previous` : null;
    if (previous) renameSync(scratch, previous);
    run("truncate", ["-s", `${sizeMb}M`, image]);
    run("mkfs.ext4", ["-q", "-F", "-m", "0", "-E", `root_owner=${uid}:${uid}`, "-O", "^has_journal", image]);
    if (previous) {
      mkdirSync(scratch, { recursive: true });
      run("mount", ["-o", "loop,nosuid,nodev,noexec", image, scratch]);
      try {
        run("cp", ["-a", `${previous}/.`, scratch]);
      } finally {
        unmountScratch(scratch);
      }
      rmSync(previous, { recursive: true, force: true });
    }
  }
  mkdirSync(scratch, { recursive: true });
  run("mount", ["-o", "loop,nosuid,nodev,noexec", image, scratch]);
  return () => unmountScratch(scratch);
}

/** For the host check: loop devices and ext4 work here. */
export function checkScratchSupport(dataDir: string): string | null {
  const root = join(dataDir, "scratch-check");
  const scratch = join(root, "scratch");
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  try {
    const unmount = mountScratch(root, scratch, 0, 8);
    const mounted = isMountPoint(scratch) && statSync(scratch).isDirectory();
    unmount();
    return mounted ? null : "the scratch filesystem did not mount";
  } catch (error) {
    return (error as Error).message;
  } finally {
    // Unmounted before removed, whatever failed above (removing a mounted folder fails with EBUSY).
    unmountAllUnder(root);
    rmSync(root, { recursive: true, force: true });
  }
}
