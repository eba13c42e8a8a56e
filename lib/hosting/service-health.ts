/**
 * The runtime services' health as people see it (Hosting, /status, /api/health), from the rows
 * the supervisor writes (RuntimeServiceHealth, see scripts/lib/service-health-writer.ts). Pure:
 * no database, no clock; the callers pass the rows and `now`.
 *
 * Everyone sees the level and a short sentence; the exit's code or signal shows on Hosting;
 * the last lines the service wrote to stderr (secrets and host paths removed) only to operators.
 */

export const runtimeServiceLabels = { simulator: "Discord simulator", runner: "Bot runner" } as const;
export type RuntimeService = keyof typeof runtimeServiceLabels;
export const runtimeServiceOrder: RuntimeService[] = ["runner", "simulator"];

export type HealthLevel = "operational" | "degraded" | "down";

/** A supervisor writes its rows at least this often while it runs. */
export const healthReportIntervalMs = 15_000;
/** Rows older than this: no supervisor is reporting them (it stopped, or this is another setup). */
export const healthStaleAfterMs = 45_000;
/** After an unexpected exit, a service up this long counts as operational again (the backoff's reset). */
export const healthStableAfterMs = 60_000;

export interface ServiceHealthRow {
  service: string;
  host: string;
  state: string;
  restarts: number;
  failuresInRow: number;
  upSince: Date | null;
  nextAttemptAt: Date | null;
  lastExitAt: Date | null;
  lastExitCode: number | null;
  lastExitSignal: string | null;
  lastStderr: string | null;
  reportedAt: Date;
}

export interface ServiceHealth {
  service: RuntimeService;
  label: string;
  level: HealthLevel;
  /** One short sentence for everyone, e.g. "Restarting after an unexpected exit, next attempt in 8 s." */
  summary: string;
  /** "stopped by signal SIGKILL" / "exited with code 1" (Hosting), when it exited unexpectedly. */
  lastExit: string | null;
  lastExitAt: string | null;
  restarts: number;
  /** Seconds until the next restart, while it is restarting. */
  nextAttemptInSeconds: number | null;
  /** Operators only: the last lines of its stderr before the exit. */
  lastStderr: string | null;
}

const levelRank: Record<HealthLevel, number> = { operational: 0, degraded: 1, down: 2 };

export function describeExit(code: number | null, signal: string | null): string {
  if (signal) return `stopped by signal ${signal}`;
  if (code !== null) return `exited with code ${code}`;
  return "could not be started";
}

function ago(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 90) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`;
}

/** One supervisor's row, judged at `now`. */
function judge(row: ServiceHealthRow, now: number): Omit<ServiceHealth, "service" | "label" | "lastStderr"> {
  const crashed = row.lastExitAt !== null && (row.lastExitCode !== 0 || row.lastExitSignal !== null);
  const lastExit = crashed ? describeExit(row.lastExitCode, row.lastExitSignal) : null;
  const base = {
    lastExit,
    lastExitAt: row.lastExitAt?.toISOString() ?? null,
    restarts: row.restarts,
    nextAttemptInSeconds: null,
  };
  if (now - row.reportedAt.getTime() > healthStaleAfterMs) {
    return { ...base, level: "down", summary: "Not running: nothing has reported it for a while." };
  }
  if (row.state === "restarting") {
    const seconds = Math.max(0, Math.ceil(((row.nextAttemptAt?.getTime() ?? now) - now) / 1000));
    return {
      ...base,
      level: "degraded",
      nextAttemptInSeconds: seconds,
      summary:
        seconds > 0
          ? `Restarting after an unexpected exit, next attempt in ${seconds} s.`
          : "Restarting after an unexpected exit.",
    };
  }
  if (row.state === "up") {
    const upFor = row.upSince ? now - row.upSince.getTime() : 0;
    if (row.failuresInRow > 0 && upFor < healthStableAfterMs && row.lastExitAt) {
      return {
        ...base,
        level: "degraded",
        summary: `Back after an unexpected exit ${ago(now - row.lastExitAt.getTime())}; watching it.`,
      };
    }
    return { ...base, level: "operational", summary: "Operational." };
  }
  return { ...base, level: "down", summary: "Not running." };
}

/**
 * Each runtime service's health, worst first across the supervisors that report it (several
 * hosts may each run one). A service nobody reports is down.
 */
export function describeServiceHealth(
  rows: ServiceHealthRow[],
  { now = Date.now(), operator = false }: { now?: number; operator?: boolean } = {},
): ServiceHealth[] {
  return runtimeServiceOrder.map((service) => {
    const label = runtimeServiceLabels[service];
    const judged = rows
      .filter((row) => row.service === service)
      .map((row) => ({ row, health: judge(row, now) }))
      .sort((a, b) => levelRank[b.health.level] - levelRank[a.health.level]);
    const worst = judged[0];
    if (!worst) {
      return {
        service,
        label,
        level: "down",
        summary: "Not running: nothing has reported it yet.",
        lastExit: null,
        lastExitAt: null,
        restarts: 0,
        nextAttemptInSeconds: null,
        lastStderr: null,
      };
    }
    return {
      service,
      label,
      ...worst.health,
      lastStderr: operator && worst.health.lastExit ? worst.row.lastStderr : null,
    };
  });
}

/** The platform's overall level: the worst of its services. */
export function overallLevel(services: { level: HealthLevel }[]): HealthLevel {
  return services.reduce<HealthLevel>(
    (worst, service) => (levelRank[service.level] > levelRank[worst] ? service.level : worst),
    "operational",
  );
}

// --- What a service wrote before it died, made safe to store and show to operators ---

const maxLines = 5;
const stackFrame = /^\s+at\s/;
const maxLineLength = 300;
const redacted = "[redacted]";

/** Patterns that look like credentials whatever their source. */
const secretPatterns: RegExp[] = [
  // user:password@ in URLs (database URLs above all).
  /(?<=[a-z][a-z0-9+.-]*:\/\/)[^\s/@:]*:[^\s/@]*(?=@)/gi,
  /\b(Bearer|Bot|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g,
  // Discord-style tokens: three base64url parts, the first an id.
  /\b[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{20,}\b/g,
  // key=value / key: value where the key names a secret.
  // (a value of 8+ characters with a digit or symbol: "KEY: Too small" is a message, not a key).
  /\b([A-Z0-9_]*(?:SECRET|TOKEN|KEY|PASSWORD|PASS)[A-Z0-9_]*)(\s*[=:]\s*)("[^"]*"|'[^']*'|(?=\S*[\d+/_=.-])\S{8,})/gi,
  // Long opaque strings (keys, hashes, sealed values).
  /\b[A-Za-z0-9+/_-]{40,}={0,2}/g,
];

/**
 * The last few stderr lines, safe to keep: every given secret value and anything that looks
 * like a credential replaced, the given host folders made relative, other absolute paths cut to
 * their last part, control characters and colours removed, each line bounded.
 */
export function safeStderrTail(
  lines: string[],
  { secrets = [], roots = [] }: { secrets?: (string | undefined)[]; roots?: string[] } = {},
): string | null {
  const values = secrets
    .filter((value): value is string => typeof value === "string" && value.length >= 6)
    .sort((a, b) => b.length - a.length);
  const folders = roots.filter((root) => root.length > 1).sort((a, b) => b.length - a.length);
  const kept = lines
    .map((line) =>
      line
        .replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, "")
        .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
        .trimEnd(),
    )
    // The message says what went wrong, a crash's trailer does not: of each stack only its first
    // frame is kept, and Node's version line is dropped.
    .filter(
      (line, index, all) =>
        line.trim() !== "" &&
        !/^Node\.js v\d/.test(line) &&
        !(stackFrame.test(line) && index > 0 && stackFrame.test(all[index - 1]!)),
    )
    .slice(-maxLines)
    .map((line) => {
      let text = line;
      for (const value of values) text = text.split(value).join(redacted);
      for (const pattern of secretPatterns) {
        text = text.replace(pattern, (match, ...groups: unknown[]) =>
          typeof groups[0] === "string" && typeof groups[1] === "string" && /[=:]/.test(groups[1])
            ? `${groups[0]}${groups[1]}${redacted}`
            : redacted,
        );
      }
      for (const folder of folders) text = text.split(`${folder}/`).join("").split(folder).join(".");
      // Any other absolute path: its last part only (no host layout).
      text = text.replace(/(?<![\w.~-])\/(?:[^\s/:()'"`]+\/)+([^\s/:()'"`]*)/g, "…/$1");
      return text.length > maxLineLength ? `${text.slice(0, maxLineLength - 1)}…` : text;
    });
  return kept.length ? kept.join("\n") : null;
}
