/**
 * The blueprint's `data` as the compiled bots keep it (lib/blueprint/README.md, "store"), on the
 * oracle's world: one value per member / user / server / bot, under keys if keyed, reading as
 * the entry's initial value until something is stored. Values the proof cannot know (a random
 * pick stored, a branch it cannot decide) read as unknown texts.
 */
import { noSuchItem, notANumber } from "../failure-notice";
import type { BlueprintData } from "../schema";
import {
  canonical,
  concat,
  isKnown,
  lit,
  numText,
  plain,
  readNumber,
  unknownAny,
  unknownDigits,
  unknownNumber,
  type Text,
} from "./oracle-text";
import { findChannel, findMember, isUncertainData, type World } from "./oracle-world";

export type Stored = Text | Text[];

/** What the value of a data entry reads as before anything is stored. */
export function initialValue(entry: BlueprintData): Stored {
  if (entry.kind === "number") return numText(readNumber(entry.initial ?? "") ?? 0);
  if (entry.kind === "list") return [];
  return lit(entry.initial ?? "");
}

/** Whose value: "m:Sam" (member), "u:Sam" (user), "g" (the server), "global". */
export function ownerOf(entry: BlueprintData, member: string | null): string | null {
  if (entry.scope === "server") return "g";
  if (entry.scope === "global") return "global";
  if (!member) return null;
  return `${entry.scope === "member" ? "m" : "u"}:${member}`;
}

function keyOf(entry: BlueprintData, owner: string, key?: Text): string {
  return key ? `${entry.name}|${owner}|${canonical(key)}` : `${entry.name}|${owner}`;
}

/** A list's items as templates show it: joined with ", ". */
export function listText(items: Text[]): Text {
  return concat(...items.flatMap((item, index) => (index ? [lit(", "), item] : [item])));
}

export function storedText(value: Stored): Text {
  return Array.isArray(value) ? listText(value) : value;
}

/** The value (initial if none), or null when the proof cannot know it. */
export function readData(world: World, entry: BlueprintData, owner: string, key?: Text): Stored | null {
  if (key && !isKnown(key)) return null;
  const name = keyOf(entry, owner, key);
  if (isUncertainData(world, name)) return null;
  const stored = world.data[name];
  return stored ? structuredClone(stored.value) : initialValue(entry);
}

function write(world: World, entry: BlueprintData, owner: string, key: Text | undefined, value: Stored | null): void {
  if (key && !isKnown(key)) {
    // Which key it went under is not known: every key of this owner is.
    world.uncertainData.push(`${entry.name}|${owner}|`);
    return;
  }
  const name = keyOf(entry, owner, key);
  if (value === null) {
    if (!world.uncertainData.includes(name)) world.uncertainData.push(name);
    return;
  }
  world.uncertainData = world.uncertainData.filter((item) => item !== name);
  world.data[name] = key ? { key, value } : { value };
}

/** What a store action gives back, or why it fails; `mayFail`: a value not known may not read as a number. */
export type StoreResult = { saved?: Text; mayFail?: true } | { failed: string };

/**
 * One store action (not list): what it saves (`saveAs`), or why it fails (logged by the bot,
 * nothing stored, nothing saved).
 */
export function storeData(
  world: World,
  entry: BlueprintData,
  op: "get" | "set" | "increment" | "decrement" | "append" | "remove" | "removeAt" | "delete",
  owner: string,
  key: Text | undefined,
  value: Text | undefined,
): StoreResult {
  const current = readData(world, entry, owner, key);
  switch (op) {
    case "get":
      return { saved: current === null ? unknownAny(`the stored ${entry.name}`) : storedText(current) };
    case "delete":
      if (key && !isKnown(key)) write(world, entry, owner, key, null);
      else {
        delete world.data[keyOf(entry, owner, key)];
        world.uncertainData = world.uncertainData.filter((item) => item !== keyOf(entry, owner, key));
      }
      return {};
    case "set": {
      const given = value ?? lit("");
      if (entry.kind === "number") {
        const text = plain(given);
        if (text === null) {
          write(world, entry, owner, key, unknownNumber(`the number stored in ${entry.name}`));
          return { saved: unknownNumber(`the number stored in ${entry.name}`), mayFail: true };
        }
        const number = readNumber(text);
        if (number === null) return { failed: notANumber(text) };
        write(world, entry, owner, key, numText(number));
        return { saved: numText(number) };
      }
      const stored = entry.kind === "list" ? [given] : given;
      write(world, entry, owner, key, stored);
      return { saved: given };
    }
    case "increment":
    case "decrement": {
      const amount = value === undefined ? "1" : plain(value);
      const by = amount === null ? null : readNumber(amount);
      if (amount !== null && by === null) return { failed: notANumber(amount) };
      const total = current !== null && !Array.isArray(current) ? current.num : undefined;
      if (by === null || total === undefined) {
        const unknown = unknownNumber(`the new ${entry.name}`);
        write(world, entry, owner, key, unknown);
        return amount === null ? { saved: unknown, mayFail: true } : { saved: unknown };
      }
      const next = numText(total + (op === "increment" ? by : -by));
      write(world, entry, owner, key, next);
      return { saved: next };
    }
    case "append":
    case "remove": {
      if (current === null || (value && !isKnown(value))) {
        write(world, entry, owner, key, null);
        return { saved: unknownDigits(`how many ${entry.name} there are now`) };
      }
      const items = Array.isArray(current) ? current : [current];
      const given = value ?? lit("");
      if (op === "append") items.push(given);
      else {
        const index = items.findIndex((item) => canonical(item) === canonical(given));
        if (index !== -1) items.splice(index, 1);
      }
      write(world, entry, owner, key, items);
      return { saved: numText(items.length) };
    }
    case "removeAt": {
      const position = value === undefined ? "" : plain(value);
      if (current === null || position === null) {
        write(world, entry, owner, key, null);
        return { saved: unknownAny(`an item of ${entry.name}`), mayFail: true };
      }
      const items = Array.isArray(current) ? current : [current];
      const at = readNumber(position);
      if (at === null || !Number.isInteger(at) || at < 1 || at > items.length)
        return { failed: noSuchItem(position.trim(), items.length) };
      const [item] = items.splice(at - 1, 1);
      write(world, entry, owner, key, items);
      return { saved: item! };
    }
  }
}

/** A sortable stand-in for a text: ids are snowflakes made in creation order, all of one length. */
function sortable(world: World, text: Text): string {
  return text.pieces
    .map((piece) => {
      if ("lit" in piece) return piece.lit;
      if (!("token" in piece)) return "\uffff";
      const [kind, name] = piece.token.split(/:(.*)/s) as [string, string | undefined];
      const order =
        kind === "member"
          ? (findMember(world, name)?.order ?? 0)
          : kind === "channel"
            ? (findChannel(world, name)?.order ?? 0)
            : kind === "role"
              ? 10 + world.roles.findIndex((role) => role.name === name)
              : 0;
      return `1${String(order).padStart(18, "0")}`;
    })
    .join("");
}

function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * store list: keyed data as "key: value" lines (by key, or by value highest / lowest first), a
 * list's items one a line, at most `limit`; "(none)" when empty.
 */
export function listData(
  world: World,
  entry: BlueprintData,
  owner: string,
  order: "highest" | "lowest" | "key",
  limit: number,
): Text {
  const unknown = () => unknownAny(`the stored ${entry.name}, one a line`);
  let rows: { key: Text | null; value: Text }[];
  if (entry.keyed) {
    const prefix = `${entry.name}|${owner}|`;
    if (world.uncertainData.some((item) => item.startsWith(prefix) || item === prefix)) return unknown();
    rows = Object.entries(world.data)
      .filter(([name]) => name.startsWith(prefix))
      .map(([, stored]) => ({ key: stored.key ?? lit(""), value: storedText(stored.value) }));
    if (rows.some((row) => !isKnown(row.key!) || !isKnown(row.value))) return unknown();
    rows.sort((a, b) => byText(sortable(world, a.key!), sortable(world, b.key!)));
  } else {
    const value = readData(world, entry, owner);
    if (value === null) return unknown();
    rows = (Array.isArray(value) ? value : [value]).map((item) => ({ key: null, value: item }));
    if (rows.some((row) => !isKnown(row.value))) return unknown();
  }
  if (order !== "key") {
    const numbers = rows.map((row) => (plain(row.value) === null ? null : readNumber(plain(row.value)!)));
    // Numbers and text mixed, or ids in values: the two languages may order them differently.
    if (numbers.some((number) => number === null)) {
      if (rows.some((row) => plain(row.value) === null) || numbers.some((number) => number !== null)) return unknown();
      rows.sort((a, b) => {
        const x = plain(a.value)!.toLowerCase();
        const y = plain(b.value)!.toLowerCase();
        return (order === "highest" ? -1 : 1) * byText(x, y);
      });
    } else {
      const value = (row: { value: Text }) => readNumber(plain(row.value)!)!;
      rows.sort((a, b) => (order === "highest" ? value(b) - value(a) : value(a) - value(b)));
    }
  }
  const lines = rows.slice(0, limit).map((row) => (row.key ? concat(row.key, lit(": "), row.value) : row.value));
  if (!lines.length) return lit("(none)");
  return concat(...lines.flatMap((line, index) => (index ? [lit("\n"), line] : [line])));
}
