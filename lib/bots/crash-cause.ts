/**
 * Why a bot crashed, in words, read from its last log lines and the runner's reason: the error
 * line, where in the user's code it points (file and line, relative to the bot's folder), the log
 * line to open, and plain advice for the common causes. One reading for Overview and Hosting.
 */

export interface CrashLine {
  id: string;
  stream: string;
  line: string;
}

export type CrashKind =
  "invalid_token" | "disallowed_intents" | "module_not_found" | "syntax_error" | "out_of_memory" | "error";

export interface CrashCause {
  kind: CrashKind;
  /** The error as the bot printed it, e.g. "SyntaxError: Unexpected token ')'". */
  summary: string;
  /** Where in the bot's files, e.g. { file: "commands/ping.js", line: 12 }. */
  where: { file: string; line: number } | null;
  /** The log line to open (the error line, else the location line). */
  lineId: string | null;
  advice: string;
  /** The crash-loop guard stopped the bot after repeated crashes. */
  halted: boolean;
}

const advice: Record<CrashKind, string> = {
  invalid_token:
    "Discord refused the bot token. In the Discord Developer Portal open your application → Bot → Reset Token, then paste the new token on Overview.",
  disallowed_intents:
    "The code asks for a privileged intent (Message Content, Server Members or Presence) that is switched off. Turn it on under Bot → Privileged Gateway Intents in the Discord Developer Portal, or remove it from the code.",
  module_not_found:
    "The code loads a file or package the bot does not have. Check the name and the path (they are case-sensitive) in the Code tab; discord.js, its @discordjs packages and discord.py are provided.",
  syntax_error:
    "The code does not parse. Open the file at that line in the Code tab and fix it, then save and start again.",
  out_of_memory:
    "The bot used more memory than its plan allows. Look for data that only grows (caches, arrays, listeners added on every event), or move to a plan with more memory.",
  error:
    "The bot stopped on an error it did not catch. Open the line in the logs, fix the code, or catch the error so one failure does not stop the whole bot.",
};

/** A path in a stack trace or traceback, cut to what follows the bot's app folder. */
const locationPatterns = [
  // Node: "/…/app/commands/ping.js:12" (alone, or "at x (/…/app/index.js:3:9)")
  /\/app\/([^\s:()'"]+\.(?:[cm]?[jt]sx?)):(\d+)/,
  // Python: File "/…/app/main.py", line 12
  /File "(?:[^"]*\/)?app\/([^"]+\.py)", line (\d+)/,
];

function locate(text: string): { file: string; line: number } | null {
  for (const pattern of locationPatterns) {
    const match = pattern.exec(text);
    if (match && !match[1]!.includes("node_modules/")) return { file: match[1]!, line: Number(match[2]) };
  }
  return null;
}

const kinds: { kind: CrashKind; pattern: RegExp }[] = [
  {
    kind: "invalid_token",
    pattern: /TokenInvalid|An invalid token was provided|Improper token has been passed|LoginFailure/,
  },
  { kind: "disallowed_intents", pattern: /Used disallowed intents|DisallowedIntents|PrivilegedIntentsRequired/ },
  { kind: "module_not_found", pattern: /Cannot find module|ERR_MODULE_NOT_FOUND|ModuleNotFoundError|No module named/ },
  { kind: "syntax_error", pattern: /\b(SyntaxError|IndentationError|TabError)\b/ },
  { kind: "out_of_memory", pattern: /heap out of memory|Reached heap limit|\bMemoryError\b/ },
];

/**
 * The cause of a crash, or null when the bot is not crashed or restarting after one. `lines` are
 * the bot's newest log lines, oldest first.
 */
export function crashCause(
  bot: { status: string; statusReason: string | null },
  lines: CrashLine[],
): CrashCause | null {
  if (bot.status !== "crashed" && bot.status !== "restarting") return null;
  const reason = bot.statusReason ?? "";
  const halted = /stays stopped/.test(reason);
  // The last run's output: after the runner's last "Starting" line, if it is there.
  const startedAt = lines.findLastIndex((line) => line.stream === "system" && /^Starting\b/.test(line.line));
  const run = startedAt >= 0 ? lines.slice(startedAt + 1) : lines;
  const output = run.filter((line) => line.stream !== "system");

  let kind: CrashKind = "error";
  let errorLine: CrashLine | undefined;
  for (const candidate of kinds) {
    errorLine = output.findLast((line) => candidate.pattern.test(line.line));
    if (errorLine) {
      kind = candidate.kind;
      break;
    }
  }
  if (!errorLine && /more than \d+ MB of memory/.test(reason)) kind = "out_of_memory";
  errorLine ??= output.findLast((line) => /^\s*(\w*Error|\w*Exception)\b|^Uncaught|^\w+Error:/.test(line.line));

  // Where: a location at or before the error line (Node prints it above SyntaxError), else after it.
  let where: { file: string; line: number } | null = null;
  let whereLine: CrashLine | undefined;
  const errorIndex = errorLine ? output.indexOf(errorLine) : output.length - 1;
  const around = [...output.slice(0, errorIndex + 1).reverse(), ...output.slice(errorIndex + 1)];
  for (const line of around.slice(0, 40)) {
    where = locate(line.line);
    if (where) {
      whereLine = line;
      break;
    }
  }

  const summary = errorLine?.line.trim().slice(0, 300) || reason || "It exited unexpectedly.";
  return {
    kind,
    summary,
    where,
    lineId: errorLine?.id ?? whereLine?.id ?? null,
    advice: halted
      ? `${advice[kind]} Cipher stopped restarting it after repeated crashes; press Start once it is fixed.`
      : advice[kind],
    halted,
  };
}
