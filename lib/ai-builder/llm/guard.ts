/**
 * A static check of the code a model wrote, before it is ever run: the runtime contract
 * (lib/ai-builder/prompts/runtime-contract.md) says what a bot may read and touch, and this refuses
 * the plain breaches of it — environment variables beyond the documented ones, files outside the
 * bot, child processes, self-bots and token grabbers. The sandbox enforces the rest at run time;
 * this keeps such code from being shown, saved or proved at all.
 */
import type { BotFile } from "./types";

/** The variables runtime/README.md gives every bot. */
export const runtimeVariables = new Set([
  "DISCORD_TOKEN",
  "TOKEN",
  "BOT_TOKEN",
  "DISCORD_CLIENT_ID",
  "CLIENT_ID",
  "APPLICATION_ID",
  "GUILD_ID",
  "DB_FILE",
  "HOME",
  "TMPDIR",
  "NODE_ENV",
]);
const tokenVariables = ["DISCORD_TOKEN", "TOKEN", "BOT_TOKEN"];

export interface GuardFinding {
  path: string;
  line: number;
  message: string;
}

const codeFile = /\.(c|m)?(j|t)sx?$|\.py$/;

/** The code with string contents and comments blanked (same length), for patterns about code itself. */
function codeOnly(source: string, python: boolean): string {
  const pattern = python
    ? /("""[\s\S]*?"""|'''[\s\S]*?'''|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|#[^\n]*)/g
    : /(\/\*[\s\S]*?\*\/|\/\/[^\n]*|`(?:\\.|[^`\\])*`|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')/g;
  return source.replace(pattern, (match) => {
    const quote = match.startsWith("#") || match.startsWith("/") ? "" : match[0]!;
    const body = match.replace(/[^\n]/g, " ");
    return quote ? quote + body.slice(1, -1) + quote : body;
  });
}

function lineOf(source: string, index: number): number {
  return source.slice(0, index).split("\n").length;
}

interface Rule {
  /** Matched on the raw text (for names in strings) or on the code only. */
  on: "raw" | "code";
  pattern: RegExp;
  /** Why it is refused, or null when this match is fine after all. */
  message: (match: RegExpExecArray) => string | null;
}

const envName = (variable: string | undefined) => {
  if (variable && runtimeVariables.has(variable)) return null;
  return variable
    ? `reads the environment variable ${variable}; bots may read only ${[...runtimeVariables].join(", ")}.`
    : "reads the environment as a whole; bots may read only the documented variables, by name.";
};

const javascriptRules: Rule[] = [
  { on: "raw", pattern: /process\.env\.([A-Za-z_]\w*)/g, message: (match) => envName(match[1]) },
  { on: "raw", pattern: /process\.env\s*\[\s*["'`]([A-Za-z_]\w*)["'`]\s*\]/g, message: (match) => envName(match[1]) },
  {
    on: "raw",
    // process.env used any other way (passed along, spread, enumerated, indexed by a variable),
    // except as the right side of a destructuring, which the next rule reads.
    pattern: /process\.env\b(?!\s*\.\s*[A-Za-z_]|\s*\[\s*["'`][A-Za-z_]\w*["'`]\s*\])/g,
    message: (match) =>
      /\}\s*=\s*$/.test(match.input.slice(Math.max(0, match.index - 200), match.index)) ? null : envName(undefined),
  },
  {
    on: "raw",
    pattern: /\{([^{}]*)\}\s*=\s*process\.env\b/g,
    message: (match) => {
      const names = match[1]!
        .split(",")
        .map((part) => part.split(":")[0]!.trim())
        .filter(Boolean);
      const other = names.find((n) => !runtimeVariables.has(n));
      return other ? envName(other) : null;
    },
  },
  {
    on: "raw",
    pattern:
      /require\(\s*["'](?:node:)?(child_process|worker_threads|cluster|vm|v8|inspector)["']\s*\)|from\s+["'](?:node:)?(child_process|worker_threads|cluster|vm|v8|inspector)["']/g,
    message: (match) => `uses ${match[1] ?? match[2]}, which bots may not use.`,
  },
  { on: "code", pattern: /\b(eval|Function)\s*\(/g, message: (match) => `uses ${match[1]}(), which bots may not use.` },
  {
    on: "code",
    pattern: /\bprocess\s*\.\s*(binding|dlopen|chdir|setuid|kill)\b/g,
    message: (m) => `calls process.${m[1]}.`,
  },
];

const pythonRules: Rule[] = [
  { on: "raw", pattern: /\benviron\s*\[\s*["']([A-Za-z_]\w*)["']\s*\]/g, message: (match) => envName(match[1]) },
  {
    on: "raw",
    pattern: /(?:environ\.get|getenv)\s*\(\s*["']([A-Za-z_]\w*)["']/g,
    message: (match) => envName(match[1]),
  },
  {
    on: "code",
    // environ used any other way: copied, iterated, indexed by a variable. "from os import environ" is fine.
    pattern: /\benviron\b(?!\s*\[\s*["']|\s*\.get\s*\(\s*["'])/g,
    message: (match) =>
      /import\s+[\w, ]*$/.test(match.input.slice(0, match.index).split("\n").pop()!) ? null : envName(undefined),
  },
  {
    on: "raw",
    pattern: /\b(bot\s*=\s*False|self_bot\s*=\s*True)/g,
    message: (match) => `looks like a self-bot (${match[1]}); Cipher builds bot accounts only.`,
  },
  {
    on: "code",
    pattern: /\b(subprocess|os\.system|os\.popen|os\.exec\w*|os\.spawn\w*|pty|ctypes|multiprocessing)\b/g,
    message: (match) => `uses ${match[1]}, which bots may not use.`,
  },
  {
    on: "code",
    pattern: /\b(eval|exec|__import__|compile)\s*\(/g,
    message: (match) => `uses ${match[1]}(), which bots may not use.`,
  },
];

/** Both languages: paths outside the bot, self-bots and token grabbing. */
const sharedRules: Rule[] = [
  {
    on: "raw",
    pattern:
      /["'`](\/(?:etc|proc|sys|root|home|var|usr|dev|tmp|run|opt|srv|mnt|boot)\b[^"'`]*|~\/[^"'`]*|[A-Za-z]:\\\\[^"'`]*)["'`]/g,
    message: (match) => `touches ${match[1]}, outside the bot; a bot writes only its DB_FILE, HOME or TMPDIR.`,
  },
  {
    on: "raw",
    pattern: /["'`]((?:\.\.\/|\.\.\\\\)[^"'`]*)["'`]/g,
    message: (match) => `reaches ${match[1]}, outside the bot's folder.`,
  },
  {
    on: "code",
    pattern: /\b(homedir|expanduser|getcwd|os\.listdir|os\.walk|readdirSync|readdir)\b/g,
    message: (match) => `looks around the file system (${match[1]}); a bot reads only its own files.`,
  },
  {
    on: "raw",
    pattern:
      /(discord\.js-selfbot[\w-]*|discord-selfbot|selfbot|Local Storage[\\/]+leveldb|discord_desktop_core|AppData|Login Data|\bmfa\.[\w-]{20,}|[\w-]{24}\.[\w-]{6}\.[\w-]{27,})/gi,
    message: (match) =>
      `looks like a self-bot or a token grabber (${match[1]!.slice(0, 40)}); Cipher builds bot accounts only and never collects tokens.`,
  },
  {
    on: "raw",
    pattern: /Authorization["'`]?\s*[:=]\s*[^\n]*(?!Bot\s)\b(?:user_?token|usertoken)\b/gi,
    message: () => "sends a user token; Cipher builds bot accounts only.",
  },
];

/** A token read next to something that sends or prints it: leaking the bot's own token. */
function tokenLeaks(source: string, python: boolean): { index: number; message: string }[] {
  const leaks: { index: number; message: string }[] = [];
  const reads = python
    ? new RegExp(
        `(?:environ\\s*\\[\\s*|getenv\\s*\\(\\s*|environ\\.get\\s*\\(\\s*)["'](?:${tokenVariables.join("|")})["']|\\.http\\.token\\b`,
      )
    : new RegExp(
        `process\\.env(?:\\.|\\[\\s*["'\`])(?:${tokenVariables.join("|")})\\b|\\bclient\\.token\\b|\\.rest\\.token\\b`,
      );
  const sends =
    /\b(send|reply|followUp|follow_up|editReply|edit|fetch|post|put|request|urlopen|console\.(?:log|info|warn|error)|print|logging\.\w+|logger\.\w+|write|writeFile\w*|emit|webhook)\b/i;
  let offset = 0;
  for (const line of source.split("\n")) {
    if (reads.test(line) && sends.test(line) && !/\b(login|setToken|run|start)\s*\(/.test(line))
      leaks.push({
        index: offset,
        message: "sends, prints or writes the bot's token; it may only be passed to login.",
      });
    offset += line.length + 1;
  }
  return leaks;
}

/** Every breach of the runtime contract in the files, with where; empty when none. */
export function checkGeneratedCode(files: BotFile[]): GuardFinding[] {
  const findings: GuardFinding[] = [];
  for (const file of files) {
    if (!codeFile.test(file.path)) continue;
    const python = file.path.endsWith(".py");
    const code = codeOnly(file.content, python);
    for (const rule of [...(python ? pythonRules : javascriptRules), ...sharedRules]) {
      const text = rule.on === "raw" ? file.content : code;
      for (const match of text.matchAll(rule.pattern)) {
        const message = rule.message(match as RegExpExecArray);
        if (message) findings.push({ path: file.path, line: lineOf(file.content, match.index), message });
      }
    }
    for (const leak of tokenLeaks(file.content, python))
      findings.push({ path: file.path, line: lineOf(file.content, leak.index), message: leak.message });
  }
  // One finding per line and message is enough for a repair.
  return findings.filter(
    (f, i) => findings.findIndex((g) => g.path === f.path && g.line === f.line && g.message === f.message) === i,
  );
}
