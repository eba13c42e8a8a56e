/**
 * The built-in database's limits and its rules for keys and values, shared by the service
 * (lib/bots/kv.ts), the dashboard's forms and their server actions. No server code here: client
 * components import it to validate before sending.
 */
import { z } from "zod";

import { findUnstorable } from "@/lib/validation/text";

/** Per bot. Values are measured as the UTF-8 bytes of their JSON text. */
export const kvLimits = {
  maxKeys: 10_000,
  maxValueBytes: 100 * 1024,
  maxTotalBytes: 20 * 1024 * 1024,
  maxKeyLength: 256,
} as const;

export type KvLimits = { [Name in keyof typeof kvLimits]: number };

// C0 and C1 control characters, DEL included: invisible in the dashboard and easy to store by mistake.
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;

/** "512 B", "1.5 KB", "20 MB": for limits and sizes shown to people. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 100 || Number.isInteger(value) ? Math.round(value).toString() : value.toFixed(1);
  return `${rounded.replace(/\.0$/, "")} ${units[unit]}`;
}

/** Why `key` cannot be a database key, or null when it can. */
export function keyProblem(key: unknown, limits: Pick<KvLimits, "maxKeyLength"> = kvLimits): string | null {
  if (typeof key !== "string" || key.length === 0) return "Database keys must be non-empty strings.";
  if (key.length > limits.maxKeyLength) {
    return `Keys are at most ${limits.maxKeyLength} characters; this one has ${key.length}.`;
  }
  if (controlCharacter.test(key)) return "Keys cannot contain control characters such as line breaks or tabs.";
  if (!key.isWellFormed()) return "Keys must be valid Unicode text.";
  return null;
}

export type SerializedValue =
  | { ok: true; json: string; bytes: number }
  | { ok: false; problem: string; /** Over the value quota, rather than not JSON. */ tooLarge?: true };

function describePlace(key: string, inArray: boolean): string {
  if (key === "") return "";
  return inArray ? ` (at index ${key})` : ` (in "${key}")`;
}

function stringProblem(text: string): string | null {
  // PostgreSQL's jsonb cannot hold U+0000, and half a surrogate pair is not valid Unicode.
  const found = findUnstorable(text);
  if (!found) return null;
  return found.kind === "nul"
    ? "Text in the database cannot contain the NUL character (\\u0000)."
    : "Text in the database must be valid Unicode.";
}

/**
 * The JSON text a value is stored as, and its size, or why it cannot be stored. Like
 * JSON.stringify (toJSON is used, object properties that are undefined are left out) but strict
 * where JSON.stringify would silently change the data: undefined, functions, symbols, BigInt,
 * NaN, Infinity, Map, Set and circular references are refused instead.
 */
export function serializeKvValue(value: unknown, limits: Pick<KvLimits, "maxValueBytes"> = kvLimits): SerializedValue {
  if (value === undefined) return { ok: false, problem: "Cannot store undefined; use delete(key) instead." };
  let problem: string | null = null;
  const fail = (message: string) => {
    problem ??= message;
    return undefined;
  };
  let json: string | undefined;
  try {
    json = JSON.stringify(value, function check(this: unknown, key: string, item: unknown) {
      const inArray = Array.isArray(this);
      const place = describePlace(key, inArray);
      switch (typeof item) {
        case "undefined":
          // A missing property reads back as undefined anyway; a hole in an array would become null.
          return inArray ? fail(`Arrays cannot hold undefined${place}; use null.`) : undefined;
        case "function":
          return fail(`Functions cannot be stored${place}.`);
        case "symbol":
          return fail(`Symbols cannot be stored${place}.`);
        case "bigint":
          return fail(`BigInt values cannot be stored${place}; convert them to a number or a string.`);
        case "number":
          return Number.isFinite(item) ? item : fail(`NaN and Infinity cannot be stored${place}.`);
        case "string": {
          const textProblem = stringProblem(item);
          return textProblem ? fail(textProblem) : item;
        }
        case "object": {
          if (item instanceof Map || item instanceof Set) {
            return fail(`Maps and Sets cannot be stored${place}; convert them to an object or an array first.`);
          }
          if (item !== null && !Array.isArray(item)) {
            for (const name of Object.keys(item)) {
              const nameProblem = stringProblem(name);
              if (nameProblem) return fail(nameProblem);
            }
          }
          return item;
        }
        default:
          return item;
      }
    });
  } catch (error) {
    if (problem) return { ok: false, problem };
    const circular = error instanceof TypeError && /circular/i.test(error.message);
    return {
      ok: false,
      problem: circular ? "Values with circular references cannot be stored." : "This value cannot be stored as JSON.",
    };
  }
  if (problem) return { ok: false, problem };
  if (json === undefined) return { ok: false, problem: "This value cannot be stored as JSON." };
  const bytes = new TextEncoder().encode(json).length;
  if (bytes > limits.maxValueBytes) {
    const limit = formatBytes(limits.maxValueBytes);
    // "limited to 100 KB; this one is 100 KB" would read as a contradiction: show bytes then.
    const size = formatBytes(bytes) === limit ? `${bytes.toLocaleString("en-US")} bytes` : formatBytes(bytes);
    return { ok: false, problem: `Values are limited to ${limit} of JSON; this one is ${size}.`, tooLarge: true };
  }
  return { ok: true, json, bytes };
}

/** The key field of the dashboard's forms, with the same rules as the service. */
export const kvKeySchema = z.string().superRefine((key, context) => {
  const problem = keyProblem(key);
  if (problem) context.addIssue({ code: "custom", message: key === "" ? "Enter a key" : problem });
});

/** JSON text typed in the dashboard: it must parse, and the value must be storable. */
export const kvJsonSchema = z.string().superRefine((text, context) => {
  if (text.trim() === "") {
    context.addIssue({ code: "custom", message: 'Enter a JSON value, e.g. "text", 42, true or {"coins": 10}' });
    return;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof SyntaxError ? `: ${error.message}` : "";
    context.addIssue({ code: "custom", message: `Not valid JSON${detail}. Text needs double quotes: "hello".` });
    return;
  }
  const serialized = serializeKvValue(value);
  if (!serialized.ok) context.addIssue({ code: "custom", message: serialized.problem });
});

/** Add key / edit value. */
export const kvEntryFormSchema = z.object({ key: kvKeySchema, json: kvJsonSchema });
export type KvEntryFormInput = z.input<typeof kvEntryFormSchema>;

export const kvBotIdSchema = z.string().min(1).max(64);
