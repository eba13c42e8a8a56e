// The Cipher REST API (/api/v1) for the CLI: the stored key, requests, and errors in words.
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

export const defaultApiUrl = "http://localhost:3000";

/** Where `cipher login` keeps the key: the user's config dir, readable by the user alone (0600). */
export function configPath(env = process.env) {
  const base = env.XDG_CONFIG_HOME || join(homedir(), ".config");
  return join(base, "cipher", "config.json");
}

export async function readConfig(env = process.env) {
  let stored = {};
  try {
    stored = JSON.parse(await readFile(configPath(env), "utf8"));
  } catch {
    // Not logged in yet.
  }
  // CI passes the key in the environment instead of logging in.
  return {
    apiUrl: env.CIPHER_API_URL || stored.apiUrl || defaultApiUrl,
    key: env.CIPHER_API_KEY || stored.key || null,
  };
}

export async function writeConfig(config, env = process.env) {
  const path = configPath(env);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // writeFile keeps the mode of a file that already existed.
  await chmod(path, 0o600);
  return path;
}

/** A refusal of the API, said for a person: what went wrong and what to do. */
export class CipherError extends Error {
  constructor(message, { status = 0, code = "error", errors } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

function explain(status, problem, context) {
  const detail = problem?.detail ?? problem?.title ?? `HTTP ${status}`;
  switch (problem?.code) {
    case "unauthorized":
    case "key_revoked":
    case "key_expired":
      return `Your API key was refused: ${detail} Run \`cipher login\` with a new key.`;
    case "insufficient_scope":
      return `${detail}`;
    case "not_found":
      return context.bot ? `No bot with id ${context.bot} in your account.` : detail;
    case "rate_limited":
      return `${detail}`;
    default:
      return detail;
  }
}

export function createClient({ apiUrl, key }) {
  const base = apiUrl.replace(/\/+$/, "");
  async function request(method, path, { body, headers = {}, bot } = {}) {
    if (!key) throw new CipherError("You are not logged in. Run `cipher login`, or set CIPHER_API_KEY.");
    let response;
    try {
      response = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, "user-agent": "cipher-cli", ...headers },
        body,
      });
    } catch (error) {
      throw new CipherError(`Could not reach ${base}: ${error.cause?.code ?? error.message}. Is the address right?`);
    }
    const text = await response.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's error page): said below.
    }
    if (!response.ok) {
      throw new CipherError(explain(response.status, json, { bot }), {
        status: response.status,
        code: json?.code ?? "error",
        errors: json?.errors,
      });
    }
    return json;
  }
  /** Server-Sent Events from `path`, as { event, data } objects, until the server ends the stream. */
  async function* events(path, { bot } = {}) {
    if (!key) throw new CipherError("You are not logged in. Run `cipher login`, or set CIPHER_API_KEY.");
    let response;
    try {
      response = await fetch(`${base}/api/v1${path}`, {
        headers: { authorization: `Bearer ${key}`, accept: "text/event-stream", "user-agent": "cipher-cli" },
      });
    } catch (error) {
      throw new CipherError(`Could not reach ${base}: ${error.cause?.code ?? error.message}. Is the address right?`);
    }
    if (!response.ok || !response.body) {
      const json = await response.json().catch(() => null);
      throw new CipherError(explain(response.status, json, { bot }), {
        status: response.status,
        code: json?.code ?? "error",
      });
    }
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let split;
      while ((split = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, split);
        buffer = buffer.slice(split + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data !== undefined) yield { event, data: JSON.parse(data) };
      }
    }
  }
  return {
    base,
    events,
    get: (path, options) => request("GET", path, options),
    post: (path, options) => request("POST", path, options),
    put: (path, options) => request("PUT", path, options),
  };
}
