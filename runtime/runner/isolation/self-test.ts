/**
 * The runner's self-test at start: one process in a sandbox exactly like a bot's reports its
 * capabilities, no_new_privs and seccomp state, which of this host's loopback services it can
 * reach (every spelling of 127.0.0.1 and ::1, TCP and UDP), whether the simulator relay works,
 * and how many processes it may fork. Anything a bot must not have fails the test, and the
 * runner then runs no bot until a later test passes (sandbox-health.ts).
 */
import dgram from "node:dgram";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
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
  const root = join(dataDir, "self-test");
  const timeoutMs = options.timeoutMs ?? 90_000;
  // Left mounted by a runner that was killed mid-test: unmount before removing.
  removeFolder(root);
  const dirs = { root, app: join(root, "app"), scratch: join(root, "scratch") };
  mkdirSync(dirs.app, { recursive: true });
  mkdirSync(dirs.scratch, { recursive: true });
  copyFileSync(join(here, "self-test-probe.py"), join(dirs.app, "probe.py"));

  // Something listens on this host's loopback (IPv4 and IPv6, TCP and UDP) for the probe to miss.
  const tcp4 = net.createServer((socket) => socket.end("leak"));
  const tcp6 = net.createServer((socket) => socket.end("leak"));
  const relayTarget = net.createServer((socket) => socket.end(banner));
  const udp = dgram.createSocket({ type: "udp6", ipv6Only: false });
  let datagrams = 0;
  udp.on("message", () => (datagrams += 1));
  let launched: LaunchedSandbox | null = null;
  let exited: Promise<unknown> = Promise.resolve();
  try {
    const port = await listen(tcp4, "127.0.0.1");
    await new Promise<void>((resolve, reject) => {
      tcp6.once("error", reject);
      tcp6.listen(port, "::1", () => resolve());
    }).catch(() => {}); // No IPv6 on this host: the IPv4 listener is enough.
    const relayPort = await listen(relayTarget, "127.0.0.1");
    const udpPort = await new Promise<number>((resolve) => udp.bind(0, "::", () => resolve(udp.address().port)));
    const config = {
      tcpPorts: [port, ...options.hostPorts],
      udpPort,
      relaySocket: relaySocketInSandbox,
      pidsMax: options.pidsMax,
    };
    const sandbox = await launchSandboxed(host, {
      botId: "self-test",
      dirs,
      readOnly: [],
      command: [options.pythonBin, "-I", join(dirs.app, "probe.py"), JSON.stringify(config)],
      fixedEnv: { PATH: "/usr/bin:/bin", HOME: dirs.scratch, LANG: "C.UTF-8" },
      botEnv: {},
      network: { kind: "simulator", host: "127.0.0.1", port: relayPort },
      limits: { memoryMb: 128, pidsMax: options.pidsMax, cpuPercent: 100, tmpMb: 8, scratchMb: 8 },
    });
    launched = sandbox;
    const child = sandbox.child;
    exited = new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve(null);
      else child.once("exit", resolve);
    });
    const output = await new Promise<string>((resolve, reject) => {
      let text = "";
      let errors = "";
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`the sandbox self-test did not finish within ${formatSeconds(timeoutMs)}`));
      }, timeoutMs);
      child.stdout!.on("data", (chunk: Buffer) => (text += chunk.toString()));
      child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
      child.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        if (code === 0) resolve(text);
        else
          reject(
            new Error(
              `the sandbox self-test exited with ${code ?? signal}: ${errors.trim().split("\n").slice(-3).join(" ")}`.trim(),
            ),
          );
      });
    });
    const report = JSON.parse(output.trim().split("\n").pop()!) as SelfTestReport;
    if (datagrams > 0) report.reached.push(`udp ${datagrams} datagram(s)`);
    return report;
  } finally {
    for (const server of [tcp4, tcp6, relayTarget]) server.close();
    udp.close();
    if (launched) {
      // The probe first, then its sandbox (cgroup, relay, scratch), then its folder.
      launched.child.kill("SIGKILL");
      await exited;
      await launched.cleanup().catch((error: unknown) => {
        console.warn(`[runner] cleaning up after the sandbox self-test: ${(error as Error).message}`);
      });
    }
    try {
      removeFolder(root);
    } catch (error) {
      // Tried again before the next test; the verdict stays the test's own.
      console.warn(`[runner] removing the sandbox self-test's folder: ${(error as Error).message}`);
    }
  }
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
