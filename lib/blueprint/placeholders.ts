/**
 * Text templates: "Welcome {user.mention} to {server.name}!" — literal text and placeholders in
 * braces, `{{` and `}}` for a brace itself. A template is parsed into parts here once; the
 * compilers turn the literal parts into string literals of their language (never code) and each
 * placeholder into a lookup, so nothing a user types ever becomes code.
 *
 * What a placeholder may name depends on where it is used (lib/blueprint/references.ts):
 *   user.mention|name|id|avatar|roles|toprole  the member who triggered it (the new member on a
 *                                     join); roles: their role names, highest first, or "no roles";
 *                                     toprole: the highest one, or "no role"
 *   server.name|id|members            the server
 *   bot.name|ping|uptime              the bot: its name, its gateway latency in ms, how long it
 *                                     has been online ("2h 5m", "3d 4h", "42s")
 *   channel.mention|name|id           where it happened (not on member join/leave or schedules)
 *   option.NAME[.mention|name|id]     a command option (or a prefix command's argument); a member
 *                                     option also has .avatar, .roles and .toprole; a text option
 *                                     .upper, .lower, .reversed and .length (in characters), and
 *                                     .count, .numbered and .lettered: how many items it lists
 *                                     ("pizza, tacos") and those items one a line after 1️⃣ 2️⃣ … or
 *                                     🇦 🇧 … (lib/blueprint/vocabulary.ts listItems)
 *   result.NAME[.mention|name|id]     what an earlier action saved ("saveAs")
 *   data.NAME                         a stored value (lib/blueprint/schema.ts `data`) for this member/server
 *   message.content|link|id           the message (message triggers and prefix commands)
 *   reaction.emoji                    the reaction (reaction events)
 *   field.NAME                        a field of the submitted modal (modal events)
 *   select.value                      the chosen value (select-menu events)
 */
export type TemplatePart = { text: string } | { placeholder: Placeholder };

export interface Placeholder {
  /** The first word: user, server, option… */
  root: string;
  /** option.NAME, result.NAME, data.NAME, field.NAME: the NAME; otherwise absent. */
  name?: string;
  /** mention, name, id… or absent for the value itself. */
  property?: string;
  /** As written, without the braces. */
  source: string;
}

export type ParsedTemplate = { ok: true; parts: TemplatePart[] } | { ok: false; message: string; index: number };

/**
 * Properties of a text option or result: what it lists ("pizza, tacos, sushi": count, numbered,
 * lettered) and the text changed (upper, lower, reversed by character, length in characters).
 */
export const listProperties = ["count", "numbered", "lettered", "upper", "lower", "reversed", "length"] as const;

/** Roots that take a NAME after them. */
export const namedRoots = new Set(["option", "result", "data", "field"]);

/** Properties each root allows, "" standing for the value itself. */
export const rootProperties: Record<string, readonly string[]> = {
  user: ["mention", "name", "id", "avatar", "roles", "toprole"],
  server: ["name", "id", "members"],
  bot: ["name", "ping", "uptime"],
  channel: ["mention", "name", "id"],
  option: ["", "mention", "name", "id", "avatar", "roles", "toprole", ...listProperties],
  result: ["", "mention", "name", "id", "avatar", "roles", "toprole", ...listProperties],
  data: [""],
  message: ["content", "link", "id"],
  reaction: ["emoji"],
  field: [""],
  select: ["value"],
};

const placeholderPattern = /^([a-z]+)(?:\.([a-z][a-z0-9_-]{0,31}))?(?:\.([a-z]+))?$/;

/** The parts of a template, or where and why it does not parse. */
export function parseTemplate(text: string): ParsedTemplate {
  const parts: TemplatePart[] = [];
  let literal = "";
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === "{" && text[index + 1] === "{") {
      literal += "{";
      index++;
    } else if (char === "}" && text[index + 1] === "}") {
      literal += "}";
      index++;
    } else if (char === "}") {
      return { ok: false, index, message: 'A "}" without its "{". Write "}}" for a brace itself.' };
    } else if (char === "{") {
      const end = text.indexOf("}", index);
      if (end === -1) return { ok: false, index, message: 'A "{" without its "}". Write "{{" for a brace itself.' };
      const source = text.slice(index + 1, end).trim();
      const placeholder = readPlaceholder(source);
      if (typeof placeholder === "string") return { ok: false, index, message: placeholder };
      if (literal) parts.push({ text: literal });
      literal = "";
      parts.push({ placeholder });
      index = end;
    } else {
      literal += char;
    }
  }
  if (literal) parts.push({ text: literal });
  return { ok: true, parts };
}

/** A placeholder's meaning, or a message saying what is wrong with it. */
function readPlaceholder(source: string): Placeholder | string {
  const match = placeholderPattern.exec(source);
  if (!match) return `"{${source}}" is not a placeholder. Placeholders look like {user.mention} or {option.reason}.`;
  const [, root, second, third] = match as unknown as [string, string, string | undefined, string | undefined];
  const allowed = rootProperties[root];
  if (!allowed) {
    return `"{${source}}": there is no "${root}". Start with one of: ${Object.keys(rootProperties).join(", ")}.`;
  }
  if (namedRoots.has(root)) {
    if (!second) return `"{${source}}" needs a name: {${root}.NAME}.`;
    const property = third ?? "";
    if (!allowed.includes(property)) return `"{${source}}": ${root} values have no "${property}".`;
    return property ? { root, name: second, property, source } : { root, name: second, source };
  }
  if (third !== undefined || second === undefined || !allowed.includes(second)) {
    return `"{${source}}": write {${root}.${allowed.filter(Boolean).join("}, {" + root + ".")}}.`;
  }
  return { root, property: second, source };
}

/** Every placeholder in a template (none when it does not parse). */
export function placeholdersIn(text: string): Placeholder[] {
  const parsed = parseTemplate(text);
  return parsed.ok ? parsed.parts.flatMap((part) => ("placeholder" in part ? [part.placeholder] : [])) : [];
}

/** "{user}" / "{option.target}" style references (members, channels, roles): the placeholder, or null for plain text. */
export function referenceIn(text: string): Placeholder | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{") || !trimmed.endsWith("}") || trimmed.startsWith("{{")) return null;
  const inner = trimmed.slice(1, -1).trim();
  if (inner === "user") return { root: "user", source: "user" };
  if (inner === "channel") return { root: "channel", source: "channel" };
  const placeholder = readPlaceholder(inner);
  return typeof placeholder === "string" ? null : placeholder;
}
