/**
 * The last line before a world is written to PostgreSQL: a JSON copy of it (what
 * JSON.parse(JSON.stringify(world)) gives) in which anything jsonb cannot take is replaced and
 * listed, so one bad value can never make the whole world unsavable. Entry checks (input.ts)
 * refuse such values first; this only catches what slipped past them.
 */
import { unstorableCharacter } from "./input";

/** Deeper than any world: requests are refused past simulatorLimits.jsonDepth. */
const maxStoredDepth = 128;

export interface StorableCopy {
  value: unknown;
  /** Where something was replaced (`messages.123.0.content`), for the log. */
  repaired: string[];
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

export function storableCopy(root: unknown): StorableCopy {
  const repaired: string[] = [];
  const copy = (input: unknown, path: string, depth: number): unknown => {
    let value = input;
    if (value && typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function") {
      value = (value as { toJSON: () => unknown }).toJSON();
    }
    switch (typeof value) {
      case "string": {
        if (!unstorableCharacter(value)) return value;
        repaired.push(path);
        return value.replaceAll("\u0000", "\uFFFD").toWellFormed();
      }
      case "number":
        return Number.isFinite(value) ? value : null;
      case "boolean":
        return value;
      case "bigint":
        return value.toString();
      case "object":
        break;
      default:
        return undefined;
    }
    if (value === null) return null;
    if (depth >= maxStoredDepth) {
      repaired.push(path);
      return null;
    }
    if (Array.isArray(value)) {
      return value.map((item, index) => copy(item, join(path, index), depth + 1) ?? null);
    }
    const out: Record<string, unknown> = {};
    for (const [rawKey, item] of Object.entries(value)) {
      let key = rawKey;
      if (unstorableCharacter(key)) {
        repaired.push(join(path, key));
        key = key.replaceAll("\u0000", "\uFFFD").toWellFormed();
      }
      const stored = copy(item, join(path, key), depth + 1);
      if (stored !== undefined) out[key] = stored;
    }
    return out;
  };
  return { value: copy(root, "", 0), repaired };
}
