/**
 * Every environment variable Cipher reads, validated once. Import `env` instead of touching
 * process.env anywhere else. Documented in .env.example and the README.
 */
import { z } from "zod";

const optionalUrl = z.preprocess((value) => (value === "" ? undefined : value), z.url().optional());

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** PostgreSQL connection string. Unset: `npm start`/`npm run dev` run the embedded database. */
  DATABASE_URL: optionalUrl,
  /**
   * Each service's own least-privilege role (README, "Database roles"; `npm run db:roles` prints
   * them). DATABASE_URL is then the owner's, used only for migrations. All three or none; unset,
   * `npm start` creates `<database>_web/_runner/_simulator` itself when the owner may create roles.
   */
  WEB_DATABASE_URL: optionalUrl,
  RUNNER_DATABASE_URL: optionalUrl,
  SIMULATOR_DATABASE_URL: optionalUrl,
  /** "off": every service connects as DATABASE_URL's role (not recommended). */
  DATABASE_ROLES: z.enum(["auto", "off"]).default("auto"),
  /** Connections in the app's pool. The embedded database needs 1 (the start script sets it). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Folder of the embedded database's files, relative to the project or absolute. */
  EMBEDDED_DB_DIR: z.string().min(1).default(".data/pglite"),
  /** Port the embedded database listens on (127.0.0.1 only). */
  EMBEDDED_DB_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** Port of the web app. */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /**
   * Public address of the site, for absolute links (emails) and metadata. Unset: the app on this
   * machine, http://localhost:PORT, so links follow the port the app really runs on.
   */
  SITE_URL: optionalUrl,
  /** Resend API key. Set: mail is sent with Resend and also recorded in the outbox. Unset: outbox only. */
  RESEND_API_KEY: z.preprocess((value) => (value === "" ? undefined : value), z.string().min(1).optional()),
  /** Sender of every email, as "Name <address>"; with Resend, its domain must be verified there. */
  EMAIL_FROM: z.string().min(1).default("Cipher <no-reply@cipher.local>"),
  /** Where contact messages and partner inquiries are sent, and the support address shown to visitors. */
  SUPPORT_EMAIL: z.email().default("support@cipher.dev"),
  /** Signs session cookies and tokens (32+ random characters). `npm start` creates one in .data/ when unset. */
  AUTH_SECRET: z.preprocess((value) => (value === "" ? undefined : value), z.string().min(32).optional()),
  /**
   * Encrypts bot tokens at rest (AES-256-GCM): 32 random bytes, base64. `npm start` creates one in
   * .data/bot-token-key when unset. Rotate by moving the old value to BOT_TOKEN_OLD_KEYS.
   */
  BOT_TOKEN_KEY: z.preprocess((value) => (value === "" ? undefined : value), z.string().min(1).optional()),
  /** Earlier BOT_TOKEN_KEY values (comma-separated), still accepted for decrypting until re-encrypted. */
  BOT_TOKEN_OLD_KEYS: z.string().default(""),
  /** Google OAuth client (Google Cloud console). Both set: "Continue with Google" works. */
  AUTH_GOOGLE_ID: z.preprocess((value) => (value === "" ? undefined : value), z.string().min(1).optional()),
  AUTH_GOOGLE_SECRET: z.preprocess((value) => (value === "" ? undefined : value), z.string().min(1).optional()),
  /**
   * Reverse proxies in front of the app that append to X-Forwarded-For. 0: the app faces clients
   * (the socket address is the client; lib/request/client-address.ts). Rate limits and the sign-in
   * lockout key on this address.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Requests one API key may make per minute to /api/v1 (RateLimit-* headers, then 429). */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Support operators: comma-separated emails (any case) who see and answer every ticket at /dashboard/support/admin. */
  SUPPORT_ADMIN_EMAILS: z.string().default(""),
  /**
   * Discord's REST API, for checking bot tokens (GET /users/@me). Point it at the simulator to
   * work offline.
   */
  DISCORD_API_BASE: z.url().default("https://discord.com/api/v10"),
  /** Port of the Discord simulator (runtime/simulator), on 127.0.0.1 unless SIMULATOR_HOST says otherwise. */
  SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** Address the simulator listens on. */
  SIMULATOR_HOST: z.string().min(1).default("127.0.0.1"),
  /** Where the web app and the runner reach the simulator. Default: http://127.0.0.1:SIMULATOR_PORT. */
  SIMULATOR_URL: optionalUrl,
  /**
   * Bearer key of the simulator's control API, and the key the simulator signs its bot tokens
   * with. Unset: each derived from AUTH_SECRET (two different keys). `npm start` gives the
   * simulator and the runner only these, never AUTH_SECRET.
   */
  SIMULATOR_CONTROL_KEY: z.preprocess((value) => (value === "" ? undefined : value), z.string().min(32).optional()),
  SIMULATOR_TOKEN_KEY: z.preprocess((value) => (value === "" ? undefined : value), z.string().min(32).optional()),
  /** This runner's name and region label (shown on the Hosting page). */
  RUNNER_NAME: z.string().min(1).max(64).default("runner-1"),
  RUNNER_REGION: z.string().min(1).max(64).default("local"),
  /** Where the runner materialises each bot's files and scratch directory. */
  RUNNER_DATA_DIR: z.string().min(1).default(".data/runtime"),
  /**
   * How often the runner re-reads desired state besides LISTEN/NOTIFY, in ms. The embedded
   * database does not deliver notifications between connections, so `npm start` sets 500 there.
   */
  RUNNER_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** The Python 3 interpreter for discord.py bots: Debian's, which has the python3-discord package. */
  PYTHON_BIN: z.string().min(1).default("/usr/bin/python3"),
  /**
   * The AI builder's model (README, "AI builder providers"). "none": only the offline builder.
   * openai and anthropic need AI_MODEL and AI_API_KEY; openai-compatible (Ollama, LM Studio, vLLM)
   * needs AI_MODEL and AI_BASE_URL, AI_API_KEY only if the server asks for one.
   */
  AI_PROVIDER: z.enum(["none", "openai", "anthropic", "openai-compatible"]).default("none"),
  AI_MODEL: z.preprocess((value) => (value === "" ? undefined : value), z.string().min(1).max(200).optional()),
  AI_API_KEY: z.preprocess((value) => (value === "" ? undefined : value), z.string().min(1).optional()),
  /** The provider's API base: required for openai-compatible ("http://127.0.0.1:11434/v1"), optional otherwise. */
  AI_BASE_URL: optionalUrl,
  /** Prices in US dollars per million tokens (e.g. 2.5), so builds are metered. Unset: cost unknown. */
  AI_PRICE_INPUT_PER_MTOK: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().min(0).max(10_000).optional(),
  ),
  AI_PRICE_OUTPUT_PER_MTOK: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().min(0).max(10_000).optional(),
  ),
  /** Tests: a PostgreSQL server URL whose user may create databases; each run makes its own. */
  TEST_DATABASE_URL: optionalUrl,
  /** Tests: the Chromium binary Playwright drives. */
  CHROMIUM_PATH: z.string().default("/usr/bin/chromium"),
  /** Print the schema engine's log while migrating ("1" to enable). */
  DEBUG_MIGRATIONS: z.stringbool().default(false),
  /** Set by CI systems; makes test runners stricter. */
  CI: z.stringbool().default(false),
  /** Tests: run the e2e suite against this already running server instead of starting one. */
  E2E_BASE_URL: optionalUrl,
  /** Tests: port of the production server the end-to-end suite starts. */
  E2E_PORT: z.coerce.number().int().min(1).max(65535).default(3100),
});

const withDerived = schema
  .superRefine((value, context) => {
    // A configured provider that cannot work is said at start, not at the first build.
    if (value.AI_PROVIDER === "none") return;
    if (!value.AI_MODEL)
      context.addIssue({ code: "custom", path: ["AI_MODEL"], message: `needed with AI_PROVIDER=${value.AI_PROVIDER}` });
    if (value.AI_PROVIDER === "openai-compatible" && !value.AI_BASE_URL)
      context.addIssue({ code: "custom", path: ["AI_BASE_URL"], message: "needed with AI_PROVIDER=openai-compatible" });
    if (value.AI_PROVIDER !== "openai-compatible" && !value.AI_API_KEY)
      context.addIssue({
        code: "custom",
        path: ["AI_API_KEY"],
        message: `needed with AI_PROVIDER=${value.AI_PROVIDER}`,
      });
  })
  .transform((value) => ({
    ...value,
    SITE_URL: value.SITE_URL ?? `http://localhost:${value.PORT}`,
  }));

export type Env = z.infer<typeof withDerived>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = withDerived.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid environment variables:\n${problems}\nSee .env.example for what each one means.`);
  }
  return result.data;
}

export const env: Env = parseEnv(process.env);
