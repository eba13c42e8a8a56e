/**
 * Which environment variable names a bot may set (Settings → Environment) — one rule for the
 * settings form's schema and for the runner, which checks again at spawn time (values stored
 * before this rule, or written to the database directly, never reach a bot).
 *
 * Two kinds are refused:
 * - names Cipher sets itself (the token, PATH, HOME…), so a bot's variable cannot replace them;
 * - names that change how the dynamic loader, libc or an interpreter starts (LD_PRELOAD,
 *   GLIBC_TUNABLES, NODE_OPTIONS, PYTHONSTARTUP…): they would run code chosen by the variable
 *   before the bot's own, which is what a sandbox must never let a setting do.
 *
 * And two kinds of value:
 * - a NUL character in any value: no environment can carry one (a C string ends there), so the
 *   bot would get a different value than the one saved;
 * - a line break in a secret's value: the runner hides secrets in the bot's log line by line, so
 *   the parts of a value split over lines could show.
 */

/** Letters, digits and '_', not starting with a digit: what every shell and runtime accepts. */
export const envNamePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const envNameMaxLength = 64;

/** Names the runner sets itself; a bot's own variables cannot replace them. */
export const reservedEnvKeys = ["DISCORD_TOKEN", "TOKEN", "BOT_TOKEN", "PATH", "HOME", "TMPDIR", "DB_FILE"] as const;

/** Loader, libc and interpreter start-up variables: exact names. */
const startupNames = new Set([
  "GCONV_PATH",
  "GETCONF_DIR",
  "GLIBC_TUNABLES",
  "HOSTALIASES",
  "LOCALDOMAIN",
  "LOCPATH",
  "NIS_PATH",
  "NLSPATH",
  "RESOLV_HOST_CONF",
  "RES_OPTIONS",
  "TZDIR",
  "OPENSSL_CONF",
  "OPENSSL_ENGINES",
  "OPENSSL_MODULES",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "UV_THREADPOOL_SIZE",
  "BASH_ENV",
  "ENV",
  "IFS",
  "SHELLOPTS",
  "PS4",
  "PERL5LIB",
  "PERL5OPT",
  "RUBYOPT",
  "RUBYLIB",
]);

/** …and prefixes (LD_PRELOAD, LD_AUDIT, MALLOC_*, NODE_OPTIONS, PYTHONPATH…). */
const startupPrefixes = ["LD_", "MALLOC_", "NODE_", "PYTHON", "CIPHER_"];
/** Harmless names under those prefixes that bots commonly set. */
const allowedNames = new Set(["NODE_ENV"]);

export type EnvKeyRefusal = "reserved" | "startup";

/** Why a bot may not set this variable, or null when it may. Case-insensitive, as users type. */
export function refusedEnvKey(key: string): EnvKeyRefusal | null {
  const upper = key.toUpperCase();
  if ((reservedEnvKeys as readonly string[]).includes(upper)) return "reserved";
  if (allowedNames.has(upper)) return null;
  if (startupNames.has(upper) || startupPrefixes.some((prefix) => upper.startsWith(prefix))) return "startup";
  return null;
}

export const envKeyRefusalMessages: Record<EnvKeyRefusal, string> = {
  reserved: "Cipher sets this one itself (the token goes in the Token card)",
  startup:
    "Not allowed: this variable changes how the system loader or the language runtime starts, which could run code outside your bot. Set your own names instead (for example MY_SETTING).",
};

/** A name a bot may set: well formed, not too long, not refused. */
export function isAllowedEnvName(key: string): boolean {
  return key.length <= envNameMaxLength && envNamePattern.test(key) && refusedEnvKey(key) === null;
}

export type EnvValueRefusal = "nul" | "line-break";

/** Why this value cannot be saved or passed to the bot, or null when it can. */
export function refusedEnvValue(value: string, secret: boolean): EnvValueRefusal | null {
  if (value.includes("\0")) return "nul";
  if (secret && /[\r\n]/.test(value)) return "line-break";
  return null;
}

export const envValueRefusalMessages: Record<EnvValueRefusal, string> = {
  nul: "The value contains a NUL character (\\0), which an environment variable cannot hold. Remove it and save again.",
  "line-break":
    "Secret values must be on one line: remove the line breaks and save again (a secret split over lines could not be hidden in the bot's logs).",
};

/**
 * The runner's check at spawn time: the bot's variables without any refused name (dropped, as
 * before), and the names whose values no bot may get (`invalid`: the runner refuses to start the
 * bot, without quoting the value). `secretKeys`: the variables marked secret.
 */
export function allowedBotVariables(
  variables: Record<string, string>,
  secretKeys: ReadonlySet<string> = new Set(),
): {
  allowed: Record<string, string>;
  refused: string[];
  invalid: { key: string; refusal: EnvValueRefusal }[];
} {
  const allowed: Record<string, string> = {};
  const refused: string[] = [];
  const invalid: { key: string; refusal: EnvValueRefusal }[] = [];
  for (const [key, value] of Object.entries(variables)) {
    if (!isAllowedEnvName(key)) {
      refused.push(key);
      continue;
    }
    const refusal = refusedEnvValue(value, secretKeys.has(key));
    if (refusal) invalid.push({ key, refusal });
    else allowed[key] = value;
  }
  return { allowed, refused, invalid };
}
