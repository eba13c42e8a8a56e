/**
 * lib/bdfd.js of a bot migrated from Bot Designer for Discord: what the converted BDScript
 * functions did, written with discord.js v14 (CommonJS, no other dependencies).
 */
export const bdfdRuntimeSource = `// What the Bot Designer for Discord functions of the migrated commands did, with discord.js v14.
const { EmbedBuilder, MessageFlags, PermissionFlagsBits } = require("discord.js");

// BDFD permission names ($onlyPerms[ban;...]) and the discord.js flags they stand for.
const permissionNames = {
  admin: "Administrator",
  administrator: "Administrator",
  ban: "BanMembers",
  banmembers: "BanMembers",
  kick: "KickMembers",
  kickmembers: "KickMembers",
  managemessages: "ManageMessages",
  manageroles: "ManageRoles",
  managechannels: "ManageChannels",
  manageserver: "ManageGuild",
  manageguild: "ManageGuild",
  managenicknames: "ManageNicknames",
  managewebhooks: "ManageWebhooks",
  manageemojis: "ManageGuildExpressions",
  moderatemembers: "ModerateMembers",
  mutemembers: "MuteMembers",
  deafenmembers: "DeafenMembers",
  movemembers: "MoveMembers",
  viewauditlog: "ViewAuditLog",
  mentioneveryone: "MentionEveryone",
  sendmessages: "SendMessages",
  addreactions: "AddReactions",
  attachfiles: "AttachFiles",
  embedlinks: "EmbedLinks",
  readmessagehistory: "ReadMessageHistory",
};

const nothing = "\\u200b";

// Builds the answer as BDFD did: text and one embed, sent when the command ends.
function reply(interaction) {
  let content = "";
  let embed = null;
  let ephemeral = false;
  let used = false;
  const current = () => (embed ??= new EmbedBuilder());
  const safely = (change) => {
    try {
      change(current());
    } catch (error) {
      console.warn("Embed value skipped:", error.message);
    }
  };
  const send = async (options) => {
    used = true;
    if (interaction.replied || interaction.deferred) return interaction.followUp(options);
    return interaction.reply(options);
  };
  const flags = () => (ephemeral ? MessageFlags.Ephemeral : undefined);
  return {
    text: (value) => void (content += String(value)),
    title: (text, url) => safely((e) => (e.setTitle(String(text).slice(0, 256) || null), url && e.setURL(String(url)))),
    description: (text) => safely((e) => e.setDescription(String(text).slice(0, 4096) || null)),
    color: (value) => safely((e) => e.setColor(parseColor(value))),
    footer: (text, icon) => safely((e) => e.setFooter({ text: String(text).slice(0, 2048) || nothing, iconURL: icon || undefined })),
    image: (url) => safely((e) => e.setImage(String(url) || null)),
    thumbnail: (url) => safely((e) => e.setThumbnail(String(url) || null)),
    author: (name, icon, url) =>
      safely((e) => e.setAuthor({ name: String(name).slice(0, 256) || nothing, iconURL: icon || undefined, url: url || undefined })),
    field: (name, value, inline) =>
      safely((e) => e.addFields({ name: String(name).slice(0, 256) || nothing, value: String(value).slice(0, 1024) || nothing, inline: /^(yes|true)$/i.test(inline ?? "") })),
    timestamp: () => safely((e) => e.setTimestamp()),
    ephemeral: () => void (ephemeral = true),
    send: (text) => send({ content: String(text).slice(0, 2000) || nothing, flags: flags() }),
    // An $onlyIf / $onlyPerms / cooldown refusal: its error text, seen only by the user.
    fail: (text) => send({ content: String(text).slice(0, 2000) || "You can't use this command here.", flags: MessageFlags.Ephemeral }),
    async finish() {
      const text = content.trim().slice(0, 2000);
      const embeds = embed && Object.keys(embed.data).length > 0 ? [embed] : [];
      if (!text && embeds.length === 0) {
        if (!used) await send({ content: "Done.", flags: MessageFlags.Ephemeral });
        return;
      }
      await send({ content: text || undefined, embeds, flags: flags() });
    },
  };
}

function parseColor(value) {
  const text = String(value).trim().replace(/^#/, "");
  return /^[0-9a-f]{6}$/i.test(text) ? parseInt(text, 16) : null;
}

// $if / $onlyIf conditions: "a==b", "a!=b", "a>=b", "a<=b", "a>b", "a<b", or "true".
function check(condition) {
  const text = String(condition);
  for (const operator of ["==", "!=", ">=", "<=", ">", "<"]) {
    const at = text.indexOf(operator);
    if (at === -1) continue;
    const left = text.slice(0, at).trim();
    const right = text.slice(at + operator.length).trim();
    const a = Number(left);
    const b = Number(right);
    const numeric = left !== "" && right !== "" && !Number.isNaN(a) && !Number.isNaN(b);
    if (operator === "==") return numeric ? a === b : left === right;
    if (operator === "!=") return numeric ? a !== b : left !== right;
    if (!numeric) return false;
    if (operator === ">=") return a >= b;
    if (operator === "<=") return a <= b;
    if (operator === ">") return a > b;
    return a < b;
  }
  return text.trim().toLowerCase() === "true";
}

function math(operator, values) {
  const numbers = values.map(Number);
  if (numbers.some(Number.isNaN)) return "0";
  const result = numbers.slice(1).reduce((total, value) => {
    if (operator === "+") return total + value;
    if (operator === "-") return total - value;
    if (operator === "*") return total * value;
    if (operator === "/") return total / value;
    return total % value;
  }, numbers[0] ?? 0);
  return Number.isFinite(result) ? String(Math.round(result * 1e6) / 1e6) : "0";
}

// $random[min;max]: a whole number from min up to, not including, max.
function random(min, max) {
  const low = Math.ceil(Number(min));
  const high = Math.floor(Number(max));
  if (!Number.isFinite(low) || !Number.isFinite(high) || high <= low) return String(low || 0);
  return String(low + Math.floor(Math.random() * (high - low)));
}

const pick = (values) => values[Math.floor(Math.random() * values.length)] ?? "";

// $message: the "message" option of the slash command stands in for the text after the command.
const message = (interaction) => interaction.options.getString("message") ?? "";
const word = (interaction, index) => message(interaction).split(/\\s+/).filter(Boolean)[index - 1] ?? "";
const noMentionMessage = (interaction) => message(interaction).replace(/<@[!&]?\\d+>/g, "").trim();

function mentioned(interaction, index, orAuthor) {
  const user = interaction.options.getUser(index === 1 ? "user" : \`user\${index}\`);
  return user?.id ?? (orAuthor ? interaction.user.id : "");
}

function mentionedChannel(interaction, orCurrent) {
  return interaction.options.getChannel("channel")?.id ?? (orCurrent ? interaction.channelId : "");
}

const unknownUser = { id: "", username: "", tag: "", discriminator: "", displayAvatarURL: () => "" };

async function user(interaction, id) {
  const clean = String(id).replace(/\\D/g, "");
  if (!clean) return unknownUser;
  return interaction.client.users.fetch(clean).catch(() => unknownUser);
}

async function displayName(interaction, id) {
  const clean = String(id).replace(/\\D/g, "");
  if (!clean || !interaction.guild) return "";
  const member = await interaction.guild.members.fetch(clean).catch(() => null);
  return member?.displayName ?? "";
}

function hasPerms(interaction, names) {
  return names.every((name) => {
    const flag = PermissionFlagsBits[permissionNames[String(name).toLowerCase().replace(/[^a-z]/g, "")]];
    return flag !== undefined && Boolean(interaction.memberPermissions?.has(flag));
  });
}

const cooldowns = new Map();

function durationMs(text) {
  let total = 0;
  for (const [, amount, unit] of String(text).matchAll(/(\\d+)\\s*(ms|s|m|h|d|w)?/gi)) {
    const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }[(unit ?? "s").toLowerCase()];
    total += Number(amount) * factor;
  }
  return total;
}

// $cooldown / $serverCooldown / $globalCooldown: milliseconds still to wait, or 0 (and the wait starts).
function cooldown(interaction, key, scope, duration) {
  const who = scope === "user" ? interaction.user.id : scope === "server" ? interaction.guildId ?? "dm" : "all";
  const id = \`\${key}:\${who}\`;
  const now = Date.now();
  const until = cooldowns.get(id) ?? 0;
  if (until > now) return until - now;
  cooldowns.set(id, now + durationMs(duration));
  return 0;
}

function timeLeft(text, ms) {
  const seconds = Math.ceil(ms / 1000);
  const readable = seconds >= 3600 ? \`\${Math.ceil(seconds / 3600)}h\` : seconds >= 60 ? \`\${Math.ceil(seconds / 60)}m\` : \`\${seconds}s\`;
  return String(text || "Please wait %time% before using this command again.").replaceAll("%time%", readable);
}

function replace(text, sample, replacement, amount) {
  const count = amount === undefined || amount === "" ? -1 : Number(amount);
  if (!sample) return text;
  if (count < 0 || Number.isNaN(count)) return text.split(sample).join(replacement);
  let result = text;
  for (let index = 0; index < count; index += 1) result = result.replace(sample, replacement);
  return result;
}

const isNumber = (value) => String(String(value).trim() !== "" && !Number.isNaN(Number(value)));
const all = (conditions) => String(conditions.every(check));
const any = (conditions) => String(conditions.some(check));

async function channelSend(interaction, id, text) {
  const channel = await interaction.client.channels.fetch(String(id).replace(/\\D/g, "")).catch(() => null);
  if (channel?.isTextBased()) await channel.send(String(text).slice(0, 2000) || nothing);
}

module.exports = {
  reply,
  check,
  math,
  random,
  pick,
  message,
  word,
  noMentionMessage,
  mentioned,
  mentionedChannel,
  user,
  displayName,
  hasPerms,
  cooldown,
  timeLeft,
  replace,
  isNumber,
  all,
  any,
  channelSend,
};
`;
