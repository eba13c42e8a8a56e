/**
 * How each BDScript function becomes discord.js v14 code inside a slash command's `execute`.
 * Values become expressions (spliced into template literals), actions become statements on the
 * reply being built (`r`, see bdfd-runtime.ts). A function missing here is not converted.
 */
import type { BdNode } from "./bdscript";
import { codeString } from "./code-text";

export type ConvertContext = {
  slashName: string;
  notes: string[];
  unsupported: Set<string>;
  options: { message: boolean; users: number; channel: boolean };
};

/** Converts an argument to a JS expression that yields a string. */
export type ArgConverter = (nodes: BdNode[]) => string;

type ValueFn = (args: BdNode[][], arg: ArgConverter, context: ConvertContext) => string | null;
type ActionFn = (args: BdNode[][], arg: ArgConverter, context: ConvertContext) => string | null;

/** A literal positive integer argument ("1"), or null when it is computed. */
export function literalIndex(nodes: BdNode[] | undefined): number | null {
  if (!nodes || nodes.length !== 1 || nodes[0]!.type !== "text") return null;
  const text = nodes[0]!.value.trim();
  return /^\d{1,3}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

function literalText(nodes: BdNode[] | undefined): string | null {
  if (!nodes) return null;
  if (nodes.length === 0) return "";
  return nodes.every((node) => node.type === "text")
    ? nodes.map((node) => (node as { value: string }).value).join("")
    : null;
}

const isYes = (nodes: BdNode[] | undefined) =>
  ["yes", "true"].includes((literalText(nodes) ?? "").trim().toLowerCase());

function userExpression(args: BdNode[][], arg: ArgConverter, property: string): string {
  return args[0] && args[0].length > 0
    ? `(await h.user(interaction, ${arg(args[0])})).${property}`
    : `interaction.user.${property}`;
}

const math =
  (operator: string): ValueFn =>
  (args, arg) =>
    `h.math("${operator}", [${args.map(arg).join(", ")}])`;

export const valueFunctions: Record<string, ValueFn> = {
  username: (args, arg) => userExpression(args, arg, "username"),
  usertag: (args, arg) => userExpression(args, arg, "tag"),
  discriminator: (args, arg) => userExpression(args, arg, "discriminator"),
  useravatar: (args, arg) => userExpression(args, arg, "displayAvatarURL()"),
  authoravatar: () => "interaction.user.displayAvatarURL()",
  authorid: () => "interaction.user.id",
  userid: (args, arg) =>
    args.length === 0 ? "interaction.user.id" : `(await h.user(interaction, ${arg(args[0]!)})).id`,
  nickname: (args, arg) => `(await h.displayName(interaction, ${args[0] ? arg(args[0]) : "interaction.user.id"}))`,
  mentioned: (args, _arg, context) => {
    const index = literalIndex(args[0]);
    if (index === null || index > 5) return null;
    context.options.users = Math.max(context.options.users, index);
    return `h.mentioned(interaction, ${index}, ${isYes(args[1])})`;
  },
  mentionedchannels: (args, _arg, context) => {
    const index = literalIndex(args[0]);
    if (index !== 1) return null;
    context.options.channel = true;
    return `h.mentionedChannel(interaction, ${isYes(args[1])})`;
  },
  message: (args, _arg, context) => {
    context.options.message = true;
    if (!args[0] || args[0].length === 0) return "h.message(interaction)";
    const index = literalIndex(args[0]);
    return index === null ? null : `h.word(interaction, ${index})`;
  },
  nomentionmessage: (_args, _arg, context) => {
    context.options.message = true;
    return "h.noMentionMessage(interaction)";
  },
  random: (args, arg) => (args.length >= 2 ? `h.random(${arg(args[0]!)}, ${arg(args[1]!)})` : null),
  randomtext: (args, arg) => (args.length > 0 ? `h.pick([${args.map(arg).join(", ")}])` : null),
  servername: () => `(interaction.guild?.name ?? "")`,
  guildname: () => `(interaction.guild?.name ?? "")`,
  guildid: () => `(interaction.guildId ?? "")`,
  serverid: () => `(interaction.guildId ?? "")`,
  channelid: () => "interaction.channelId",
  channelname: () => `(interaction.channel?.name ?? "")`,
  memberscount: () => "(interaction.guild?.memberCount ?? 0)",
  servericon: () => `(interaction.guild?.iconURL() ?? "")`,
  ping: () => "interaction.client.ws.ping",
  botid: () => "interaction.client.user.id",
  servercount: () => "interaction.client.guilds.cache.size",
  guildcount: () => "interaction.client.guilds.cache.size",
  commandname: (_args, _arg, context) => codeString(context.slashName),
  sum: math("+"),
  sub: math("-"),
  multi: math("*"),
  divide: math("/"),
  modulo: math("%"),
  tolowercase: (args, arg) => (args[0] ? `${arg(args[0])}.toLowerCase()` : null),
  touppercase: (args, arg) => (args[0] ? `${arg(args[0])}.toUpperCase()` : null),
  charcount: (args, arg) => (args[0] ? `${arg(args[0])}.length` : null),
  replacetext: (args, arg) => (args.length >= 3 ? `h.replace(${args.slice(0, 4).map(arg).join(", ")})` : null),
  isnumber: (args, arg) => (args[0] ? `h.isNumber(${arg(args[0])})` : null),
  and: (args, arg) => `h.all([${args.map(arg).join(", ")}])`,
  or: (args, arg) => `h.any([${args.map(arg).join(", ")}])`,
  checkcondition: (args, arg) => (args[0] ? `String(h.check(${arg(args[0])}))` : null),
  var: (args, arg) => (args.length === 1 ? `(vars[${arg(args[0]!)}] ?? "")` : null),
  gettimestamp: () => "Math.floor(Date.now() / 1000)",
  hour: () => "new Date().getUTCHours()",
  minute: () => "new Date().getUTCMinutes()",
  second: () => "new Date().getUTCSeconds()",
  day: () => "new Date().getUTCDate()",
  month: () => "new Date().getUTCMonth() + 1",
  year: () => "new Date().getUTCFullYear()",
};

/** Functions that mean nothing for a slash command; a note says so when that matters. */
export const ignoredFunctions: Record<string, string | null> = {
  nomention: null,
  reply: null,
  c: null,
  optoff: null,
  enabledecimals: null,
  allowmention: null,
  allowusermentions: null,
  allowrolementions: null,
  suppresserrors: "$suppressErrors dropped: errors are logged by the bot instead.",
  deletecommand: "$deletecommand dropped: a slash command leaves no message to delete.",
};

/** Embed functions may start with an embed index in BDScript 2 ($title[1;Hello]); one embed is kept. */
function withoutEmbedIndex(args: BdNode[][], minimum: number, context: ConvertContext): BdNode[][] {
  if (args.length > minimum && literalIndex(args[0]) !== null) {
    if (literalIndex(args[0]) !== 1) noteOnce(context, "Several embeds were merged into one.");
    return args.slice(1);
  }
  return args;
}

export function noteOnce(context: ConvertContext, note: string) {
  if (!context.notes.includes(note)) context.notes.push(note);
}

const embed =
  (method: string, minimum: number, maximum: number): ActionFn =>
  (args, arg, context) => {
    const rest = withoutEmbedIndex(args, minimum, context);
    if (rest.length < minimum) return null;
    return `r.${method}(${rest.slice(0, maximum).map(arg).join(", ")});`;
  };

/** The error text of $onlyX[...;error]; "" when there is none. */
const errorArg = (nodes: BdNode[] | undefined, arg: ArgConverter) => (nodes ? arg(nodes) : `""`);

function restriction(args: BdNode[][], arg: ArgConverter, check: (values: string) => string): string | null {
  if (args.length < 2) return null;
  const values = args.slice(0, -1).map(arg).join(", ");
  return `if (!(${check(`[${values}]`)})) return r.fail(${errorArg(args.at(-1), arg)});`;
}

const cooldown =
  (scope: "user" | "server" | "global"): ActionFn =>
  (args, arg, context) => {
    if (!args[0]) return null;
    const key = codeString(`${context.slashName}:${scope}`);
    return `{ const wait = h.cooldown(interaction, ${key}, "${scope}", ${arg(args[0])}); if (wait) return r.fail(h.timeLeft(${errorArg(args[1], arg)}, wait)); }`;
  };

export const actionFunctions: Record<string, ActionFn> = {
  title: embed("title", 1, 2),
  description: embed("description", 1, 1),
  color: embed("color", 1, 1),
  footer: embed("footer", 1, 2),
  image: embed("image", 1, 1),
  thumbnail: embed("thumbnail", 1, 1),
  author: embed("author", 1, 3),
  addfield: embed("field", 2, 3),
  addtimestamp: () => "r.timestamp();",
  ephemeral: () => "r.ephemeral();",
  sendmessage: (args, arg, context) => {
    if (!args[0]) return null;
    if (isYes(args[1])) noteOnce(context, "$sendMessage no longer returns the message ID.");
    return `await r.send(${arg(args[0])});`;
  },
  channelsendmessage: (args, arg) =>
    args.length >= 2 ? `await h.channelSend(interaction, ${arg(args[0]!)}, ${arg(args[1]!)});` : null,
  onlyif: (args, arg) => (args[0] ? `if (!h.check(${arg(args[0])})) return r.fail(${errorArg(args[1], arg)});` : null),
  onlyperms: (args, arg) => restriction(args, arg, (perms) => `h.hasPerms(interaction, ${perms})`),
  onlyadmin: (args, arg) => `if (!h.hasPerms(interaction, ["admin"])) return r.fail(${errorArg(args[0], arg)});`,
  onlyforids: (args, arg) => restriction(args, arg, (ids) => `${ids}.includes(interaction.user.id)`),
  onlyforusers: (args, arg) => restriction(args, arg, (ids) => `${ids}.includes(interaction.user.id)`),
  onlyforchannels: (args, arg) => restriction(args, arg, (ids) => `${ids}.includes(interaction.channelId)`),
  onlyforservers: (args, arg) => restriction(args, arg, (ids) => `${ids}.includes(interaction.guildId)`),
  cooldown: cooldown("user"),
  servercooldown: cooldown("server"),
  globalcooldown: cooldown("global"),
  stop: () => "return r.finish();",
  var: (args, arg) => (args.length >= 2 ? `vars[${arg(args[0]!)}] = ${arg(args[1]!)};` : null),
};
