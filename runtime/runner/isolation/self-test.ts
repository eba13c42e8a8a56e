/**
 * The runner's self-test at start: one process in a sandbox exactly like a bot's reports its
 * capabilities, no_new_privs and seccomp state, which of this host's loopback services it can
 * reach (every spelling of 127.0.0.1 and ::1, TCP and UDP), whether the simulator relay works,
 * and how many processes it may fork. Anything a bot must not have fails the test, and the
 * runner then runs no bot until a later test passes (sandbox-health.ts).
 */
import type { ChildProcess } from "node:child_process";
import dgram from "node:dgram";
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmdirSync, rmSync } from "node:fs";
import net from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import type { IsolationHost } from "./host";
import { launchSandboxed, type LaunchedSandbox } from "./launch";
import { unmountAllUnder } from "./scratch";
import { relaySocketInSandbox } from "./simulator-relay";

const here = dirname(fileURLToPath(import.meta.url));

export interface SelfTestReport {
  CapEff: string | null;
  CapPrm: string | null;
  CapBnd: string | null;
  NoNewPrivs: string | null;
  Seccomp: string | null;
  uid: number;
  reached: string[];
  relay: string;
  forked: number;
}

const banner = "cipher-simulator-relay";

async function listen(server: net.Server, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => resolve());
  });
  return (server.address() as net.AddressInfo).port;
}

export interface SelfTestOptions {
  pythonBin: string;
  hostPorts: number[];
  pidsMax: number;
  /** The probe's limit: it is killed after this long and the test fails (default 90 s). */
  timeoutMs?: number;
  /** Ends the test early (the runner is stopping): the probe is killed and cleaned up. */
  signal?: AbortSignal;
}

/** The probe did not finish within its limit (a timeout, not a failure to start). */
export class SelfTestTimeoutError extends Error {}

let attempts = 0;

/**
 * A folder of its own for each attempt, below `<data>/self-test/`: one a cleanup could not remove
 * (still mounted, say) never stands in the way of the next. Earlier attempts' folders are removed
 * first, best effort, unmounting before removing.
 */
function freshFolder(dataDir: string): string {
  const parent = join(dataDir, "self-test");
  removeLeftovers(parent);
  attempts += 1;
  return join(parent, `${process.pid}-${Date.now().toString(36)}-${attempts}`);
}

function removeLeftovers(parent: string): void {
  if (!existsSync(parent)) return;
  for (const entry of readdirSync(parent)) {
    try {
      removeFolder(join(parent, entry));
    } catch (error) {
      console.warn(`[runner] an earlier sandbox self-test's folder stays: ${(error as Error).message}`);
    }
  }
  try {
    rmdirSync(parent);
  } catch {
    // Something of an earlier attempt stays (reported above), or another runner's attempt runs.
  }
}

/** Resolves once the child is gone, however it went (an exit, or a spawn that failed), or after `capMs`. */
function gone(child: ChildProcess, capMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, capMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    child.once("exit", done);
    child.once("close", done);
    child.once("error", done);
  });
}

/**
 * Runs the probe; returns the report, or throws when it could not run at all. Whatever happens,
 * the probe is ended and its sandbox cleaned up (scratch unmounted) before its folder is removed,
 * and an error while cleaning up never replaces the reason the test failed.
 */
export async function runSelfTest(
  host: IsolationHost,
  dataDir: string,
  options: SelfTestOptions,
): Promise<SelfTestReport> {
  const timeoutMs = options.timeoutMs ?? 90_000;
  options.signal?.throwIfAborted();
  const root = freshFolder(dataDir);
  const dirs = { root, app: join(root, "app"), scratch: join(root, "scratch") };
  // Something listens on this host's loopback (IPv4 and IPv6, TCP and UDP) for the probe to miss.
  const tcp4 = net.createServer((socket) => socket.end("leak"));
  const tcp6 = net.createServer((socket) => socket.end("leak"));
  const relayTarget = net.createServer((socket) => socket.end(banner));
  let udp: dgram.Socket | null = null;
  let datagrams = 0;
  let launched: LaunchedSandbox | null = null;
  try {
    mkdirSync(dirs.app, { recursive: true });
    mkdirSync(dirs.scratch, { recursive: true });
    copyFileSync(join(here, "self-test-probe.py"), join(dirs.app, "probe.py"));
    const port = await listen(tcp4, "127.0.0.1");
    await new Promise<void>((resolve, reject) => {
      tcp6.once("error", reject);
      tcp6.listen(port, "::1", () => resolve());
    }).catch(() => {}); // No IPv6 on this host: the IPv4 listener is enough.
    const relayPort = await listen(relayTarget, "127.0.0.1");
    const bound = await bindUdp();
    udp = bound.socket;
    udp.on("message", () => (datagrams += 1));
    const config = {
      tcpPorts: [port, ...options.hostPorts],
      udpPort: bound.port,
      relaySocket: relaySocketInSandbox,
      pidsMax: options.pidsMax,
    };
    const sandbox = await launchSandboxed(
      host,
      {
        botId: "self-test",
        dirs,
        readOnly: [],
        command: [options.pythonBin, "-I", join(dirs.app, "probe.py"), JSON.stringify(config)],
        fixedEnv: { PATH: "/usr/bin:/bin", HOME: dirs.scratch, LANG: "C.UTF-8" },
        botEnv: {},
        network: { kind: "simulator", host: "127.0.0.1", port: relayPort },
        limits: { memoryMb: 128, pidsMax: options.pidsMax, cpuPercent: 100, tmpMb: 8, scratchMb: 8 },
      },
      { beforeSpawn: () => options.signal?.throwIfAborted() },
    );
    launched = sandbox;
    const child = sandbox.child;
    const output = await new Promise<string>((resolve, reject) => {
      let text = "";
      let errors = "";
      const end = (error: Error | null) => {
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", aborted);
        if (error) reject(error);
        else resolve(text);
      };
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        end(new SelfTestTimeoutError(`The sandbox self-test did not finish within ${formatSeconds(timeoutMs)}`));
      }, timeoutMs);
      const aborted = () => {
        child.kill("SIGKILL");
        end(new Error("the runner is stopping"));
      };
      options.signal?.addEventListener("abort", aborted, { once: true });
      child.stdout!.on("data", (chunk: Buffer) => (text += chunk.toString()));
      child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
      child.once("error", (error) => end(error));
      // "close", not "exit": the probe's last line may still be in the pipe when it exits.
      child.once("close", (code, signal) => {
        if (code === 0) end(null);
        else {
          const said = errors.trim().split("\n").slice(-3).join(" ");
          end(new Error(`the sandbox self-test exited with ${code ?? signal}${said ? `: ${said}` : ""}`));
        }
      });
    });
    const report = JSON.parse(output.trim().split("\n").pop()!) as SelfTestReport;
    if (datagrams > 0) report.reached.push(`udp ${datagrams} datagram(s)`);
    return report;
  } finally {
    for (const server of [tcp4, tcp6, relayTarget]) server.close();
    udp?.close();
    if (launched) {
      // The probe first, then its sandbox (cgroup, relay, scratch), then its folder.
      launched.child.kill("SIGKILL");
      await gone(launched.child, 10_000);
      await launched.cleanup().catch((error: unknown) => {
        console.warn(`[runner] cleaning up after the sandbox self-test: ${(error as Error).message}`);
      });
    }
    try {
      removeFolder(root);
      rmdirSync(join(dataDir, "self-test"));
    } catch (error) {
      // Removed before the next attempt, best effort; the verdict stays the test's own.
      if ((error as NodeJS.ErrnoException).code !== "ENOTEMPTY")
        console.warn(`[runner] removing the sandbox self-test's folder: ${(error as Error).message}`);
    }
  }
}

/** A UDP socket for the probe to miss: on IPv6 and IPv4 where the host has IPv6, else IPv4 alone. */
async function bindUdp(): Promise<{ socket: dgram.Socket; port: number }> {
  for (const type of ["udp6", "udp4"] as const) {
    const socket = dgram.createSocket(type === "udp6" ? { type, ipv6Only: false } : { type });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        socket.once("error", reject);
        socket.bind(0, type === "udp6" ? "::" : "0.0.0.0", () => resolve(socket.address().port));
      });
      socket.on("error", () => {});
      return { socket, port };
    } catch (error) {
      socket.close();
      if (type === "udp4") throw error;
    }
  }
  throw new Error("no UDP socket");
}

/** Unmounts anything still mounted below the folder, then removes it. */
function removeFolder(root: string): void {
  unmountAllUnder(root);
  rmSync(root, { recursive: true, force: true });
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

/** What in a report a bot must not have; empty when the sandbox holds. */
export function selfTestFailures(report: SelfTestReport, pidsMax: number): string[] {
  const failures: string[] = [];
  if (report.CapEff !== "0000000000000000") failures.push(`capabilities ${report.CapEff}`);
  if (report.CapPrm !== "0000000000000000") failures.push(`permitted capabilities ${report.CapPrm}`);
  if (report.NoNewPrivs !== "1") failures.push("no_new_privs not set");
  if (report.Seccomp !== "2") failures.push("no seccomp filter");
  if (report.uid === 0) failures.push("runs as root inside");
  if (report.reached.length > 0) failures.push(`reached this host: ${report.reached.join(", ")}`);
  if (report.relay !== banner) failures.push(`the simulator relay did not work (${report.relay})`);
  if (report.forked >= pidsMax) failures.push(`forked ${report.forked} processes (limit ${pidsMax})`);
  return failures;
}
