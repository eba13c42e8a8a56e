/**
 * Whether this runner can isolate bots, as a health check that keeps running: the host's
 * isolation layer, the runner's data folder and the self-test (a probe in a sandbox exactly like
 * a bot's). Until a check passes no bot starts here (fail closed); a failed check is tried again
 * with backoff (isolation/health-policy.ts) and the runner starts its waiting bots as soon as one
 * passes. The reason shown is always the check's own, never an error from cleaning up after it.
 */
import { resolve } from "node:path";

import { defaultSelfTestPolicy, describeDelay, retryDelayMs, type SelfTestPolicy } from "./isolation/health-policy";
import { checkIsolationHost, prepareDataDir, type IsolationHost } from "./isolation/host";
import { launchSandboxed, type LaunchedSandbox, type SandboxRequest } from "./isolation/launch";
import {
  runSelfTest,
  selfTestFailures,
  SelfTestTimeoutError,
  type SelfTestOptions,
  type SelfTestReport,
} from "./isolation/self-test";
import { prepareRuntimeBundle } from "./runtime-bundle";

/** Processes and threads a bot may have; the self-test checks the limit holds. */
export const botPidsMax = 128;

export type SandboxState =
  /** The first check is running: bots wait for it. */
  | { mode: "checking"; since: Date }
  | { mode: "isolated"; host: IsolationHost; checkedAt: Date }
  /** The last check failed (or a retry is running): bots wait for the next one to pass. */
  | { mode: "unavailable"; reason: string; failedAt: Date; failuresInRow: number; retryAt: Date | null };

/** What the Hosting page and the runner log are told. */
export interface SandboxMode {
  mode: SandboxState["mode"];
  /** Why bots cannot run here, and when the runner tries again; null when they can. */
  warning: string | null;
  checkedAt: Date | null;
  retryAt: Date | null;
}

export type SelfTestRunner = (
  host: IsolationHost,
  dataDir: string,
  options: SelfTestOptions,
) => Promise<SelfTestReport>;

export interface SandboxHealthOptions {
  name: string;
  dataDir: string;
  /** This host's loopback services the probe must not reach (the database, the simulator…). */
  hostPorts: number[];
  pythonBin?: string;
  policy?: Partial<SelfTestPolicy>;
  /** The self-test itself (default: isolation/self-test.ts); tests wrap it to inject a failure. */
  selfTest?: SelfTestRunner;
}

/** This host cannot isolate bots right now: nothing starts. `checking`: the first check is still running. */
export class SandboxUnavailableError extends Error {
  constructor(
    message: string,
    readonly checking: boolean,
  ) {
    super(message);
  }
}

const clock = (date: Date) => date.toISOString().slice(11, 19);

export class SandboxHealth {
  private current: SandboxState = { mode: "checking", since: new Date() };
  private readonly policy: SelfTestPolicy;
  private readonly folder: string;
  /** The data folder is readied once, before any bot runs (it unmounts what a killed runner left). */
  private folderReady = false;
  private timer: NodeJS.Timeout | null = null;
  private attempt: Promise<SandboxState> | null = null;
  private stopped = false;
  /** Ends a running check when the runner stops. */
  private readonly abort = new AbortController();
  private readonly listeners = new Set<(state: SandboxState) => void>();

  constructor(private readonly options: SandboxHealthOptions) {
    this.policy = { ...defaultSelfTestPolicy, ...options.policy };
    this.folder = resolve(options.dataDir);
  }

  get state(): SandboxState {
    return this.current;
  }

  /** Starts the first check (in the background: the runner serves its health meanwhile). */
  start(): Promise<SandboxState> {
    // Bots started before it is ready load discord.js file by file.
    void prepareRuntimeBundle();
    return this.checkNow();
  }

  /** No more checks; a running one is ended (its probe killed and cleaned up) and awaited. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
    await this.attempt;
  }

  /** Called with each new state (a check passed, failed, or started after a failure). */
  onChange(listener: (state: SandboxState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs a check now unless one is running; resolves with its outcome. */
  checkNow(): Promise<SandboxState> {
    if (this.stopped) return Promise.resolve(this.current);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.attempt ??= this.runCheck().finally(() => (this.attempt = null));
    return this.attempt;
  }

  mode(): SandboxMode {
    const state = this.current;
    switch (state.mode) {
      case "isolated":
        return { mode: "isolated", warning: null, checkedAt: state.checkedAt, retryAt: null };
      case "checking":
        return {
          mode: "checking",
          warning: "The sandbox self-test is running; bots start as soon as it passes.",
          checkedAt: null,
          retryAt: null,
        };
      case "unavailable": {
        const next = state.retryAt ? `trying again at ${clock(state.retryAt)} UTC` : "trying again now";
        return {
          mode: "unavailable",
          warning: `Bots cannot run on this host: ${state.reason} Checked at ${clock(state.failedAt)} UTC (${ordinal(state.failuresInRow)} failure in a row); ${next}.`,
          checkedAt: state.failedAt,
          retryAt: state.retryAt,
        };
      }
    }
  }

  /** The host's isolation layer when the last check passed; otherwise why not (fail closed). */
  isolatedHost(): IsolationHost {
    const state = this.current;
    if (state.mode === "isolated") return state.host;
    throw new SandboxUnavailableError(this.mode().warning!, state.mode === "checking");
  }

  /** Launches one bot process in its sandbox, or refuses when this host cannot isolate it. */
  async launch(request: SandboxRequest): Promise<LaunchedSandbox> {
    const host = this.isolatedHost();
    // Only in this runner's data folder, which the check readied (anything else is a bug, not the host).
    if (!resolve(request.dirs.root).startsWith(`${this.folder}/`)) {
      throw new Error(`A bot's folder must be inside the runner's data folder (${this.folder}).`);
    }
    // Read again just before the spawn: a check may have failed while the sandbox was being set up.
    return launchSandboxed(host, request, { beforeSpawn: () => void this.isolatedHost() });
  }

  private async runCheck(): Promise<SandboxState> {
    const previous = this.current;
    if (previous.mode === "unavailable") this.set({ ...previous, retryAt: null });
    const outcome = await this.checkOnce();
    if (this.stopped) return this.current;
    const now = new Date();
    if (outcome.ok) {
      if (previous.mode !== "isolated") {
        const streak = previous.mode === "unavailable" ? previous.failuresInRow + 1 : 1;
        const after = streak > 1 ? ` (attempt ${streak})` : "";
        console.log(`[runner] ${this.options.name}: the sandbox self-test passed${after}; bots can run here.`);
      }
      this.set({ mode: "isolated", host: outcome.host, checkedAt: now });
      this.schedule(this.policy.recheckMs);
    } else {
      const failuresInRow = previous.mode === "unavailable" ? previous.failuresInRow + 1 : 1;
      const delay = retryDelayMs(failuresInRow, this.policy);
      const retryAt = new Date(now.getTime() + delay);
      this.set({ mode: "unavailable", reason: sentence(outcome.reason), failedAt: now, failuresInRow, retryAt });
      console.error(
        `[runner] ${this.options.name}: no new bot will start on this host until a sandbox check passes. ${sentence(outcome.reason)} Trying again ${describeDelay(delay)} (at ${clock(retryAt)} UTC).`,
      );
      this.schedule(delay);
    }
    return this.current;
  }

  private async checkOnce(): Promise<{ ok: true; host: IsolationHost } | { ok: false; reason: string }> {
    const pythonBin = this.options.pythonBin ?? "/usr/bin/python3";
    let host: IsolationHost;
    try {
      const found = checkIsolationHost(pythonBin);
      if (!found.ok) return found;
      host = found.host;
      if (!this.folderReady) {
        const why = prepareDataDir(this.folder);
        if (why) return { ok: false, reason: why };
        this.folderReady = true;
      }
    } catch (error) {
      return {
        ok: false,
        reason: `Could not check this host's isolation layer: ${sentence((error as Error).message)}`,
      };
    }
    const selfTest = this.options.selfTest ?? runSelfTest;
    try {
      const report = await selfTest(host, this.folder, {
        pythonBin,
        hostPorts: this.options.hostPorts,
        pidsMax: botPidsMax,
        timeoutMs: this.policy.timeoutMs,
        signal: this.abort.signal,
      });
      const failures = selfTestFailures(report, botPidsMax);
      if (failures.length > 0) return { ok: false, reason: `The sandbox self-test failed: ${failures.join("; ")}.` };
      return { ok: true, host };
    } catch (error) {
      const message = sentence((error as Error).message);
      if (error instanceof SelfTestTimeoutError) return { ok: false, reason: message };
      return { ok: false, reason: `The sandbox self-test could not run: ${message}` };
    }
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.checkNow(), delay);
    this.timer.unref();
  }

  private set(state: SandboxState): void {
    this.current = state;
    for (const listener of this.listeners) listener(state);
  }
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}
