/**
 * Reads a Bot Designer for Discord export. BDFD has no single official file format: the app's
 * API, the VS Code extension and community exporters all describe a command as a name, a trigger,
 * BDScript code and a language ({ id: "3", name: "BDScript 2" }), sometimes with a type. This
 * accepts those variants: a bare array of commands, or an object holding `commands` (an array or
 * a map by id), with an optional bot name and variables.
 */
export type BdfdLanguage = "bdscript" | "bdscript2" | "javascript";

export type BdfdCommand = {
  name: string;
  trigger: string;
  kind: "command" | "slash" | "callback";
  code: string;
  language: BdfdLanguage;
  description?: string;
};

export type BdfdExport = { name: string | null; commands: BdfdCommand[]; variables: string[] };

const maxCommands = 1000;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
// PostgreSQL text cannot hold NUL characters; nothing in a command needs them.
const text = (value: unknown): string | null => (typeof value === "string" ? value.replace(/\u0000/g, "") : null);

function pick(object: Json, keys: string[]): string | null {
  for (const key of keys) {
    const value = text(object[key]);
    if (value !== null) return value;
  }
  return null;
}

function languageOf(value: unknown): BdfdLanguage {
  const raw = isObject(value) ? `${text(value.name) ?? ""} ${text(value.id) ?? ""}` : String(value ?? "");
  const lower = raw.toLowerCase();
  // Language ids of the BDFD API: 0 BDScript, 1 JavaScript (BD.js), 2 BDScript Unstable, 3 BDScript 2.
  if (/javascript|bd\.js|^\s*1\s*$|^js$/.test(lower) || (isObject(value) && text(value.id) === "1"))
    return "javascript";
  if (
    /bdscript\s*2|bds2|unstable|^\s*[23]\s*$/.test(lower) ||
    (isObject(value) && /^[23]$/.test(text(value.id) ?? ""))
  ) {
    return "bdscript2";
  }
  return "bdscript";
}

function kindOf(type: string, trigger: string, object: Json): BdfdCommand["kind"] {
  const lowerType = type.toLowerCase();
  if (/slash/.test(lowerType) || trigger.trim().startsWith("/") || text(object.slashName)) return "slash";
  if (
    /callback|event/.test(lowerType) ||
    /^\$(on[a-z]|alwaysreply|awaitedcommand|nonprefixed|ready)/i.test(trigger.trim())
  ) {
    return "callback";
  }
  return "command";
}

function commandFrom(value: unknown): BdfdCommand | null {
  if (!isObject(value)) return null;
  const code = pick(value, ["code", "commandCode", "script", "content"]);
  const trigger = pick(value, ["trigger", "commandTrigger", "command"]) ?? "";
  const slashName = text(value.slashName);
  if (code === null || (!trigger && !slashName && !text(value.name))) return null;
  const name = pick(value, ["name", "commandName", "slashName"]) ?? trigger;
  const type = pick(value, ["type", "commandType", "triggerType"]) ?? "";
  const description = pick(value, ["description", "slashDescription", "commandDescription"]) ?? undefined;
  return {
    name: name.slice(0, 200),
    trigger: (slashName && !trigger ? `/${slashName}` : trigger).slice(0, 200),
    kind: kindOf(type, trigger || (slashName ? `/${slashName}` : ""), value),
    code,
    language: languageOf(value.language ?? value.commandLanguage ?? value.languageName),
    ...(description ? { description } : {}),
  };
}

function commandList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (isObject(value)) return Object.values(value);
  return null;
}

/** The export, or null when the JSON holds no BDFD-style commands at all. */
export function parseBdfdExport(json: unknown): BdfdExport | null {
  let candidates: unknown[] | null = null;
  let name: string | null = null;
  let variables: string[] = [];
  if (Array.isArray(json)) {
    candidates = json;
  } else if (isObject(json)) {
    const bot = isObject(json.bot) ? json.bot : json;
    candidates = commandList(json.commands ?? bot.commands);
    name = pick(bot, ["name", "botName"]) ?? pick(json, ["name", "botName"]);
    const rawVariables = json.variables ?? bot.variables;
    if (Array.isArray(rawVariables)) {
      variables = rawVariables.flatMap((variable) =>
        isObject(variable) && text(variable.name) ? [text(variable.name)!] : [],
      );
    } else if (isObject(rawVariables)) {
      variables = Object.keys(rawVariables);
    }
  }
  if (!candidates) return null;
  const commands = candidates
    .slice(0, maxCommands)
    .map(commandFrom)
    .filter((command): command is BdfdCommand => command !== null);
  if (commands.length === 0) return null;
  return { name: name?.trim().slice(0, 100) || null, commands, variables: variables.slice(0, 500) };
}
