/**
 * "Invite to server": the OAuth2 URL that adds a bot to a Discord server, with the scopes a bot
 * needs (`bot`, `applications.commands`) and the permissions its code uses, read from the bot's
 * files (hand-written, imported or compiled from its blueprint: the same scan for all), as the
 * Developer Portal's URL generator would have them ticked. Also which privileged intents the code
 * asks for, since Discord refuses to connect a bot whose portal switches are off.
 */
import type { BotLanguage } from "./schemas";

/** Discord's permission bits (https://discord.com/developers/docs/topics/permissions). */
export const discordPermissions = {
  CreateInstantInvite: 1n << 0n,
  KickMembers: 1n << 1n,
  BanMembers: 1n << 2n,
  ManageChannels: 1n << 4n,
  AddReactions: 1n << 6n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  ManageMessages: 1n << 13n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  Connect: 1n << 20n,
  Speak: 1n << 21n,
  ManageNicknames: 1n << 27n,
  ManageRoles: 1n << 28n,
  ManageWebhooks: 1n << 29n,
  CreatePublicThreads: 1n << 35n,
  SendMessagesInThreads: 1n << 38n,
  ModerateMembers: 1n << 40n,
} as const;

export type DiscordPermission = keyof typeof discordPermissions;

/** As the Developer Portal names them. */
export const permissionLabels: Record<DiscordPermission, string> = {
  CreateInstantInvite: "Create Invite",
  KickMembers: "Kick Members",
  BanMembers: "Ban Members",
  ManageChannels: "Manage Channels",
  AddReactions: "Add Reactions",
  ViewChannel: "View Channels",
  SendMessages: "Send Messages",
  ManageMessages: "Manage Messages",
  EmbedLinks: "Embed Links",
  AttachFiles: "Attach Files",
  ReadMessageHistory: "Read Message History",
  Connect: "Connect",
  Speak: "Speak",
  ManageNicknames: "Manage Nicknames",
  ManageRoles: "Manage Roles",
  ManageWebhooks: "Manage Webhooks",
  CreatePublicThreads: "Create Public Threads",
  SendMessagesInThreads: "Send Messages in Threads",
  ModerateMembers: "Timeout Members",
};

interface Rule {
  /** What in the code shows the need, in words for the dialog. */
  why: string;
  permissions: DiscordPermission[];
  javascript: RegExp;
  python: RegExp;
}

// Method names as discord.js and discord.py spell them; a false positive asks for one permission
// too many (the server owner can untick it), a miss leaves a command failing with "Missing Permissions".
const rules: Rule[] = [
  {
    why: "kicks members",
    permissions: ["KickMembers"],
    javascript: /\.kick\s*\(/,
    python: /\.kick\s*\(/,
  },
  {
    why: "bans and unbans members",
    permissions: ["BanMembers"],
    javascript: /\.(ban|unban)\s*\(|\bbans\.(create|remove)\s*\(/,
    python: /\.(ban|unban)\s*\(/,
  },
  {
    why: "times members out",
    permissions: ["ModerateMembers"],
    javascript: /\.(timeout|disableCommunicationUntil)\s*\(|communication_disabled_until/,
    python: /\.timeout\s*\(|timed_out_until\s*=/,
  },
  {
    why: "gives, takes or creates roles",
    permissions: ["ManageRoles"],
    javascript: /\broles\.(add|remove|create|set)\s*\(/,
    python: /\.(add_roles|remove_roles|create_role)\s*\(/,
  },
  {
    why: "lets members into channels, or out of them",
    permissions: ["ManageRoles"],
    javascript: /\bpermissionOverwrites\.(edit|create|delete|set)\s*\(/,
    python: /\.set_permissions\s*\(/,
  },
  {
    why: "creates, changes or deletes channels",
    permissions: ["ManageChannels"],
    javascript: /\bchannels\.create\s*\(|\.setRateLimitPerUser\s*\(|\.setTopic\s*\(|\bchannel\.delete\s*\(/,
    python: /\.create_(text|voice)_channel\s*\(|slowmode_delay\s*=|\bchannel\.delete\s*\(/,
  },
  {
    why: "deletes messages",
    permissions: ["ManageMessages", "ReadMessageHistory"],
    javascript: /\.bulkDelete\s*\(|\bmessages?\.delete\s*\(|\bmsg\.delete\s*\(/,
    python: /\.purge\s*\(|\.delete_messages\s*\(|\bmessage\.delete\s*\(/,
  },
  {
    why: "reacts to messages",
    permissions: ["AddReactions", "ReadMessageHistory"],
    javascript: /\.react\s*\(/,
    python: /\.add_reaction\s*\(/,
  },
  {
    why: "reads earlier messages",
    permissions: ["ReadMessageHistory"],
    javascript: /\bmessages\.fetch\s*\(/,
    python: /\.history\s*\(|\.fetch_message\s*\(/,
  },
  {
    why: "sends embeds",
    permissions: ["EmbedLinks"],
    javascript: /\bEmbedBuilder\b|\bembeds\s*:/,
    python: /\bdiscord\.Embed\s*\(|\bEmbed\s*\(/,
  },
  {
    why: "sends files",
    permissions: ["AttachFiles"],
    javascript: /\bAttachmentBuilder\b|\bfiles\s*:/,
    python: /\bdiscord\.File\s*\(/,
  },
  {
    why: "starts threads",
    permissions: ["CreatePublicThreads", "SendMessagesInThreads"],
    javascript: /\.startThread\s*\(|\bthreads\.create\s*\(/,
    python: /\.create_thread\s*\(/,
  },
  {
    why: "changes nicknames",
    permissions: ["ManageNicknames"],
    javascript: /\.setNickname\s*\(/,
    python: /\.edit\s*\([^)]*\bnick\s*=/,
  },
  {
    why: "creates webhooks",
    permissions: ["ManageWebhooks"],
    javascript: /\.createWebhook\s*\(/,
    python: /\.create_webhook\s*\(/,
  },
  {
    why: "creates invites",
    permissions: ["CreateInstantInvite"],
    javascript: /\.createInvite\s*\(|\binvites\.create\s*\(/,
    python: /\.create_invite\s*\(/,
  },
  {
    why: "joins voice channels",
    permissions: ["Connect", "Speak"],
    javascript: /require\(\s*["']@discordjs\/voice["']\s*\)|from\s+["']@discordjs\/voice["']|\bjoinVoiceChannel\s*\(/,
    python: /\bVoiceClient\b|\bvoice_client\b|\bvoice\.channel\.connect\s*\(/,
  },
];

/** Privileged intents: off in the Developer Portal until switched on there. */
const privilegedIntents = [
  {
    name: "Message Content",
    javascript: /\bMessageContent\b/,
    python: /\bmessage_content\s*=\s*True|Intents\.all\s*\(/,
  },
  {
    name: "Server Members",
    javascript: /\bGuildMembers\b/,
    python: /\bmembers\s*=\s*True|Intents\.all\s*\(/,
  },
  {
    name: "Presence",
    javascript: /\bGuildPresences\b/,
    python: /\bpresences\s*=\s*True|Intents\.all\s*\(/,
  },
] as const;

export interface InvitePermission {
  name: DiscordPermission;
  label: string;
  /** Why the bot needs it, e.g. "the code kicks members"; null for the ones every bot gets. */
  why: string | null;
}

export interface BotInviteNeeds {
  permissions: InvitePermission[];
  /** The permission integer of the URL (a decimal string: the bits pass 2^53). */
  permissionBits: string;
  /** Privileged intents the code asks for ("Message Content"…), to switch on in the portal. */
  privilegedIntents: string[];
}

/**
 * The code without its comments, roughly: a comment that mentions @discordjs/voice ("add it to
 * play audio") asks for nothing. A comment marker inside a string may cut a line short, which at
 * worst misses a permission the server owner can still grant.
 */
function withoutComments(content: string, language: "javascript" | "python"): string {
  if (language === "python") return content.replace(/(^|\s)#.*$/gm, "$1");
  return content.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/.*$/gm, "$1");
}

// Every bot reads and writes in the channels it is used in (the replies to its commands).
const baseline: DiscordPermission[] = ["ViewChannel", "SendMessages"];

/** What the bot's code needs from a server, read from its files. */
export function inviteNeeds(files: { path: string; content: string }[], language: BotLanguage): BotInviteNeeds {
  const key = language === "python" ? "python" : "javascript";
  const code = files
    .filter((file) => (key === "python" ? /\.py$/ : /\.(c|m)?[jt]sx?$/).test(file.path))
    .map((file) => withoutComments(file.content, key))
    .join("\n");
  const found = new Map<DiscordPermission, string | null>(baseline.map((name) => [name, null]));
  for (const rule of rules) {
    if (!rule[key].test(code)) continue;
    for (const name of rule.permissions) if (!found.get(name)) found.set(name, `the code ${rule.why}`);
  }
  let bits = 0n;
  for (const name of found.keys()) bits |= discordPermissions[name];
  const order = Object.keys(discordPermissions) as DiscordPermission[];
  return {
    permissions: order
      .filter((name) => found.has(name))
      .map((name) => ({ name, label: permissionLabels[name], why: found.get(name) ?? null })),
    permissionBits: bits.toString(),
    privilegedIntents: privilegedIntents.filter((intent) => intent[key].test(code)).map((intent) => intent.name),
  };
}

/** Discord's OAuth2 URL that adds the bot of `applicationId` to a server the user chooses. */
export function inviteUrl(applicationId: string, permissionBits: string): string {
  const query = new URLSearchParams({
    client_id: applicationId,
    permissions: permissionBits,
    integration_type: "0",
    scope: "bot applications.commands",
  });
  return `https://discord.com/oauth2/authorize?${query.toString()}`;
}

/**
 * The application id a bot token belongs to: a token's first part is the bot user's id in
 * base64, and a bot's user id is its application's id. Null for anything that is not shaped so.
 */
export function applicationIdFromToken(token: string): string | null {
  const first = token.split(".")[0];
  if (!first) return null;
  try {
    const id = Buffer.from(first, "base64").toString("utf8");
    return /^\d{17,20}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}
