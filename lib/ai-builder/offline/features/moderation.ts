/**
 * Moderation commands — kick, ban, unban, timeout, purge, slowmode — each with the permission
 * Discord moderators use for it unless the description says who may use it. Durations Discord
 * needs fixed (a timeout's, slowmode's) are a fixed length when the description gives one, else
 * an option with choices, each choice its own action.
 */
import { claimsOf } from "@/lib/ai-builder/words/claims";
import type { Action, BlueprintOption } from "@/lib/blueprint/schema";
import type { PermissionName } from "@/lib/blueprint/vocabulary";
import { describeSeconds, unitSeconds } from "@/lib/blueprint/vocabulary";

import { command, equals, ifThen, reply, type CommandFeature, type CommandPart } from "../parts";
import type { Reader } from "../read";
import type { ClauseRecogniser } from "./members";
import { declaredOptions, defaultNear, memberOption, reasonOption } from "./options";

function part(
  draft: ReturnType<typeof command>,
  summary: string,
  feature: string,
  permission: PermissionName,
): CommandPart {
  draft.permissions = [permission];
  return { command: draft, summary, category: "moderation", strength: 3, clause: null, feature };
}

const reasonText = "{option.reason}";

const unitOfName: Record<string, string> = {
  seconds: "seconds",
  secs: "seconds",
  minutes: "minutes",
  mins: "minutes",
  min: "minutes",
  hours: "hours",
  hrs: "hours",
  days: "days",
};
const freeTimeNames = new Set(["duration", "time", "length", "for", "period", "howlong", "how_long"]);

/**
 * A length of time the moderator types, as the description writes the option: "/timeout <member>
 * <minutes>" (a whole number of minutes, read as "{option.minutes}m"), "takes a duration like 10m
 * or 2h" (a free value, read as it is). Up to `max` seconds; "the maximum is 60 minutes" is said
 * back to a moderator who asks for more, instead of Discord refusing the number.
 */
export function typedDuration(
  reader: Reader,
  commandName: string,
  maxSeconds: number,
): { option: BlueprintOption; duration: string; spoken: string; tooLong: Action | null } | null {
  const written = claimsOf(reader.doc.text).filter(
    (claim): claim is Extract<typeof claim, { kind: "option" }> =>
      claim.kind === "option" && claim.command === commandName.toLowerCase() && !claim.subcommand,
  );
  const saidFree = reader.tokens.find((t) => ["duration", "length"].includes(t.lower));
  const claim = written.find((c) => unitOfName[c.name] || freeTimeNames.has(c.name));
  const name = claim?.name ?? (saidFree ? saidFree.lower : null);
  if (!name) return null;
  const unit = unitOfName[name];
  // "the maximum is 60 minutes", "max 60": the most a moderator may give.
  const max = reader.tokens.find(
    (t, i) =>
      t.number !== undefined &&
      reader.tokens
        .slice(Math.max(0, i - 3), i)
        .some((b) => ["maximum", "max", "most", "longest", "up"].includes(b.lower)),
  );
  const maxSaid = max && unit ? Math.floor(max.number!) : null;
  if (max && unit) reader.claim(max, unitOfName[reader.next(max)?.lower ?? ""] ? reader.next(max) : undefined);
  reader.claimWords(
    "maximum max most longest too much if write writes more than must say is moderator moderators mod mods someone they",
  );
  if (saidFree) reader.claim(saidFree);
  if (unit) {
    const size = unitSeconds[unit] ?? 60;
    const option: BlueprintOption = {
      name,
      description: `How many ${unit}`,
      type: "integer",
      required: true,
      min: 1,
      max: Math.floor(maxSeconds / size),
    };
    const tooLong: Action | null = maxSaid
      ? ifThen({ test: "compare", left: `{option.${name}}`, op: ">", right: String(maxSaid) }, [
          reply(`That is too much: the most is ${maxSaid} ${unit}.`, true),
          { do: "stop" },
        ])
      : null;
    return { option, duration: `{option.${name}}${unit[0]}`, spoken: `{option.${name}} ${unit}`, tooLong };
  }
  // "a duration like 10m, 2h or 1d": examples of what the moderator types.
  const like = reader.tokens.find((t) => ["like", "e.g.", "eg", "example"].includes(t.lower));
  if (like) reader.claim(like, ...reader.durations(like).flatMap((d) => d.tokens), ...reader.findAll("or"));
  const option: BlueprintOption = {
    name,
    description: 'How long: "10m", "2h", "1d"',
    type: "string",
    required: true,
  };
  return { option, duration: `{option.${name}}`, spoken: `{option.${name}}`, tooLong: null };
}

/** Timeout lengths a moderator picks from when the description gives none. */
const timeoutChoices = ["60s", "5m", "10m", "1h", "1d", "7d"];

/** Several fixed lengths as an option with choices, each choice its own action. */
function chosenDuration(
  make: (duration: string) => Action,
  choices: readonly string[] = timeoutChoices,
): { option: ReturnType<typeof durationOption>; actions: Action[] } {
  return {
    option: durationOption(choices),
    actions: choices.map((choice) => ifThen(equals("{option.duration}", choice), [make(choice)])),
  };
}

function durationOption(choices: readonly string[]) {
  return {
    name: "duration",
    description: "How long",
    type: "string" as const,
    required: false,
    default: choices.includes("10m") ? "10m" : choices[0]!,
    choices: choices.map((value) => ({ name: describeSeconds(seconds(value)), value })),
  };
}

/** "picked from a list: 10m, 1h, 1d": the lengths said, when there are several. */
export function durationChoices(reader: Reader, max: number): string[] {
  const all = reader.durations().filter((d) => d.seconds <= max);
  if (all.length < 2) return [];
  reader.claim(...all.flatMap((d) => d.tokens));
  reader.claimWords("list choose chosen pick picked one of choices from");
  return [...new Set(all.map((d) => d.text))].slice(0, 25);
}

const seconds = (value: string) =>
  ({ s: 1, m: 60, h: 3_600, d: 86_400 })[value.slice(-1) as "s"] * Number.parseInt(value, 10);

export const kickFeature: CommandFeature = {
  id: "kick",
  category: "moderation",
  names: ["kick", "boot"],
  defaultName: "kick",
  cue: (reader) => reader.has("kick"),
  implicit: true,
  build({ reader, name, type }) {
    reader.claimWords("kick boot remove server");
    const draft = command(name, type, "Kick a member", []);
    draft.options.push(memberOption(reader, "Who to kick"), reasonOption(reader));
    draft.actions.push(
      { do: "kick", member: "{option.member}", reason: reasonText },
      reply("Kicked {option.member.name}.", true),
    );
    return [part(draft, "kicks a member", "kick", "KickMembers")];
  },
};

export const banFeature: CommandFeature = {
  id: "ban",
  category: "moderation",
  names: ["ban", "tempban", "hackban"],
  defaultName: "ban",
  cue: (reader) => reader.has("ban") && !reader.has("unban"),
  implicit: true,
  build({ reader, name, type }) {
    reader.claimWords("ban tempban permanently permanent server");
    const draft = command(name, type, "Ban a member", []);
    draft.options.push(memberOption(reader, "Who to ban"), reasonOption(reader));
    const temporary = reader.has("temp temporary temporarily tempban") || name === "tempban";
    const length = reader.duration();
    const purgeWord = reader.find("delete purge remove");
    const ban: Extract<Action, { do: "ban" }> = { do: "ban", member: "{option.member}", reason: reasonText };
    let summary = "bans a member";
    // "ban them for 7 days", "a 1 day ban": a length said with the ban, not one said for another command.
    const banWords = reader.tokens.filter((t) => ["ban", "bans", "banned", "tempban", "banning"].includes(t.lower));
    const near =
      length !== null &&
      banWords.some((word) => {
        const at = length.tokens[0]!.index;
        const [from, to] = at > word.index ? [word.index, at] : [length.tokens.at(-1)!.index, word.index];
        const between = reader.doc.tokens.slice(from + 1, to);
        return (
          to - from <= 5 && !between.some((t) => ["timeout", "mute", "time", "kick", ",", "and"].includes(t.lower))
        );
      });
    if (length && (temporary || (reader.has("for") && near))) {
      reader.claim(...length.tokens);
      reader.claimWords("temp temporary temporarily for unban lifted after");
      ban.duration = length.text;
      summary = `bans a member for ${describeSeconds(length.seconds)}`;
    }
    if (purgeWord && reader.has("message")) {
      reader.claim(purgeWord);
      reader.claimWords("message their recent");
      ban.deleteMessages = "1d";
      summary += " and deletes their messages from the last day";
    }
    draft.actions.push(ban, reply("Banned {option.member.name}.", true));
    return [part(draft, summary, "ban", "BanMembers")];
  },
};

export const unbanFeature: CommandFeature = {
  id: "unban",
  category: "moderation",
  names: ["unban", "pardon"],
  defaultName: "unban",
  cue: (reader) => reader.has("unban"),
  implicit: true,
  build({ reader, name, type }) {
    reader.claimWords("unban pardon id user member someone");
    const draft = command(name, type, "Unban a user by id", [
      { do: "unban", user: "{option.user}", reason: "Unbanned by {user.name}" },
      reply("Unbanned {option.user}.", true),
    ]);
    draft.options.push({ name: "user", description: "The user's id", type: "string", required: true });
    return [part(draft, "unbans a user by their id", "unban", "BanMembers")];
  },
};

export const timeoutFeature: CommandFeature = {
  id: "timeout",
  category: "moderation",
  names: ["timeout", "mute", "silence", "tempmute", "shush"],
  defaultName: "timeout",
  cue: (reader) => reader.has("timeout", "mute") && !reader.has("unmute"),
  implicit: true,
  build({ reader, name, type }) {
    reader.claimWords("timeout mute silence tempmute for time out duration");
    const draft = command(name, type, "Time a member out", []);
    draft.options.push(memberOption(reader, "Who to time out"));
    const typed = typedDuration(reader, name, 28 * 86_400);
    if (typed) {
      draft.options.push(typed.option, reasonOption(reader));
      if (typed.tooLong) draft.actions.push(typed.tooLong);
      draft.actions.push(
        { do: "timeout", member: "{option.member}", duration: typed.duration, reason: reasonText },
        reply(`Timed out {option.member.name} for ${typed.spoken}.`, true),
      );
      return [
        part(draft, `times a member out for the time given (${typed.option.name})`, "timeout", "ModerateMembers"),
      ];
    }
    draft.options.push(reasonOption(reader));
    const listed = durationChoices(reader, 28 * 86_400);
    const fixed = listed.length ? null : reader.duration();
    if (listed.length) {
      const chosen = chosenDuration(
        (duration) => ({ do: "timeout", member: "{option.member}", duration, reason: reasonText }),
        listed,
      );
      draft.options.push(chosen.option);
      draft.actions.push(...chosen.actions, reply("Timed out {option.member.name} ({option.duration}).", true));
      return [part(draft, `times a member out for one of ${listed.join(", ")}`, "timeout", "ModerateMembers")];
    }
    if (fixed && fixed.seconds <= 28 * 86_400) {
      reader.claim(...fixed.tokens);
      draft.actions.push({ do: "timeout", member: "{option.member}", duration: fixed.text, reason: reasonText });
      draft.actions.push(reply(`Timed out {option.member.name} for ${describeSeconds(fixed.seconds)}.`, true));
      return [part(draft, `times a member out for ${describeSeconds(fixed.seconds)}`, "timeout", "ModerateMembers")];
    }
    reader.claimWords("duration long length choose chosen given");
    const chosen = chosenDuration((duration) => ({
      do: "timeout",
      member: "{option.member}",
      duration,
      reason: reasonText,
    }));
    draft.options.push(chosen.option);
    draft.actions.push(...chosen.actions, reply("Timed out {option.member.name} ({option.duration}).", true));
    return [part(draft, "times a member out for the length chosen (60s to 7 days)", "timeout", "ModerateMembers")];
  },
};

export const untimeoutFeature: CommandFeature = {
  id: "untimeout",
  category: "moderation",
  names: ["untimeout", "unmute", "unsilence"],
  defaultName: "untimeout",
  cue: (reader) => reader.has("unmute", "untimeout"),
  implicit: true,
  build({ reader, name, type }) {
    reader.claimWords("unmute untimeout remove timeout lift");
    const draft = command(name, type, "End a member's timeout", []);
    draft.options.push(memberOption(reader, "Whose timeout to end"));
    draft.actions.push(
      { do: "removeTimeout", member: "{option.member}" },
      reply("{option.member.name} can talk again.", true),
    );
    return [part(draft, "ends a member's timeout", "untimeout", "ModerateMembers")];
  },
};

export const purgeFeature: CommandFeature = {
  id: "purge",
  category: "moderation",
  names: ["purge", "clear", "clean", "prune", "bulkdelete", "clearchat"],
  defaultName: "purge",
  cue: (reader) =>
    reader.has("purge", "prune") ||
    (reader.has("delete clear remove") &&
      reader.has("message") &&
      reader.has("last bulk many recent number amount") &&
      // "shows the last deleted message" (a snipe) shows what was deleted; it deletes nothing.
      !reader.tokens.some(
        (t, i) =>
          ["deleted", "removed", "edited"].includes(t.lower) &&
          ["message", "messages", "msg", "one"].includes(reader.tokens[i + 1]?.lower ?? ""),
      )),
  implicit: true,
  build({ reader, name, type }) {
    reader.claimWords(
      "purge prune clear clean delete remove message last recent bulk many how up to number amount of channel chat",
    );
    const draft = command(name, type, "Delete recent messages", []);
    const fixed = reader.tokens.find(
      (t) => t.number !== undefined && t.number >= 1 && t.number <= 100 && !reader.isClaimed(t),
    );
    // "/clear [count] — default 10", "/purge <amount>": the count as written, its default the number said.
    const written = reader.tokens.find(
      (t) => t.kind === "arg" && /^(count|amount|number|n|messages|num|how_many|x|limit)$/.test(t.arg?.name ?? ""),
    );
    if (written?.arg) {
      const fallback = defaultNear(reader, written) ?? (fixed && reader.has("default") ? fixed : undefined);
      reader.claim(written, ...(fallback ? [fallback] : []));
      reader.claimWords("default defaults");
      const option = written.arg.name;
      const byDefault =
        fallback?.number !== undefined ? Math.min(100, Math.max(1, Math.floor(fallback.number))) : undefined;
      draft.options.push({
        name: option,
        description: "How many (1–100)",
        type: "integer",
        required: !written.arg.optional && byDefault === undefined,
        ...(byDefault !== undefined || written.arg.optional ? { default: String(byDefault ?? 10) } : {}),
        min: 1,
        max: 100,
      });
      draft.actions.push(
        { do: "purge", count: `{option.${option}}` },
        reply(`Deleted the last {option.${option}} messages.`, true),
      );
      // Only for those who may delete messages (Manage Messages): "mods" says as much.
      reader.claimWords("mods mod moderators staff");
      return [part(draft, "deletes the last messages of the channel (1–100)", "purge", "ManageMessages")];
    }
    if (fixed && !reader.has("given choose chosen specified amount number")) {
      reader.claim(fixed);
      draft.actions.push(
        { do: "purge", count: fixed.number! },
        reply(`Deleted the last ${fixed.number} messages.`, true),
      );
      return [part(draft, `deletes the last ${fixed.number} messages`, "purge", "ManageMessages")];
    }
    if (fixed) reader.claim(fixed);
    draft.options.push({
      name: "count",
      description: "How many (1–100)",
      type: "integer",
      required: true,
      min: 1,
      max: 100,
    });
    draft.actions.push(
      { do: "purge", count: "{option.count}" },
      reply("Deleted the last {option.count} messages.", true),
    );
    return [part(draft, "deletes the last messages of the channel (1–100)", "purge", "ManageMessages")];
  },
};

const slowChoices = [0, 5, 10, 30, 60, 300, 900, 3600];

/** "/lock locks the channel so members can't talk", "/unlock opens it again", "/lock <channel>". */
function lockFeatureOf(unlock: boolean): CommandFeature {
  return {
    id: unlock ? "unlock" : "lock",
    category: "moderation",
    names: unlock ? ["unlock", "unlockchannel", "unlockdown"] : ["lock", "lockchannel", "lockdown"],
    defaultName: unlock ? "unlock" : "lock",
    cue: (reader) =>
      unlock
        ? reader.has("unlock unlocks unlocking")
        : reader.has("lock locks locking") && reader.has("channel chat talk type send message messages"),
    implicit: false,
    build({ reader, name, type }) {
      const mention = reader.clause.mentions.find((m) => m.name === name);
      const usage = mention ? declaredOptions(reader, mention.tokens[mention.tokens.length - 1]!) : [];
      const given = usage.find((o) => o.type === "channel" || /^(channel|chan|where)$/.test(o.name));
      reader.claimWords(
        "lock locks locking unlock unlocks unlocking channel current this the so members people nobody everyone can't cannot can talk type typing send sending chat chatting message messages anymore again opens open it back up reopen reopens stops stop from",
      );
      if (given) reader.claim(...reader.tokens.filter((t) => t.kind === "arg"));
      const channel = given ? `{option.${given.name}}` : "here";
      const shown = given ? `{option.${given.name}.mention}` : "{channel.mention}";
      const draft = command(name, type, unlock ? "Let members send messages again" : "Stop members sending messages", [
        { do: unlock ? "unlockChannel" : "lockChannel", channel },
        reply(unlock ? `🔓 ${shown} is unlocked.` : `🔒 ${shown} is locked.`),
      ]);
      if (given)
        draft.options.push({
          name: given.name,
          description: "Which channel (this one if empty)",
          type: "channel",
          required: true,
        });
      const where = given ? "the channel given" : "this channel";
      return [
        part(
          draft,
          unlock ? `lets members send messages in ${where} again` : `stops members sending messages in ${where}`,
          unlock ? "unlock" : "lock",
          "ManageChannels",
        ),
      ];
    },
  };
}

export const lockFeature = lockFeatureOf(false);
export const unlockFeature = lockFeatureOf(true);

export const slowmodeFeature: CommandFeature = {
  id: "slowmode",
  category: "moderation",
  names: ["slowmode", "slow", "ratelimit"],
  defaultName: "slowmode",
  cue: (reader) => reader.has("slowmode") || (reader.has("slow") && reader.has("mode")),
  implicit: true,
  build({ reader, name, type }) {
    reader.claimWords("slowmode slow mode set channel this seconds rate limit message");
    const draft = command(name, type, "Set this channel's slowmode", []);
    const fixed = reader.duration();
    // "/slowmode on → 30 second slowmode, /slowmode off → back to normal": two subcommands.
    const doc = reader.doc.tokens;
    const switches = doc.filter(
      (t, i) => i > 0 && doc[i - 1]!.command?.name === name && !t.joined && ["on", "off"].includes(t.lower),
    );
    if (fixed && fixed.seconds <= 21_600 && switches.some((t) => t.lower === "off")) {
      reader.claim(...fixed.tokens, ...switches.filter((t) => reader.tokens.includes(t)));
      reader.claimWords("back to normal off on");
      draft.subcommands = [
        {
          name: "on",
          description: `Turn on a ${describeSeconds(fixed.seconds)} slowmode here`,
          options: [],
          actions: [
            { do: "slowmode", channel: "here", seconds: fixed.seconds },
            reply(`Slowmode set to ${describeSeconds(fixed.seconds)}.`, true),
          ],
        },
        {
          name: "off",
          description: "Turn slowmode off here",
          options: [],
          actions: [{ do: "slowmode", channel: "here", seconds: 0 }, reply("Slowmode is off.", true)],
        },
      ];
      return [
        part(
          draft,
          `on: sets this channel's slowmode to ${describeSeconds(fixed.seconds)}; off: turns it off`,
          "slowmode",
          "ManageChannels",
        ),
      ];
    }
    if (fixed && fixed.seconds <= 21_600) {
      reader.claim(...fixed.tokens);
      draft.actions.push(
        { do: "slowmode", channel: "here", seconds: fixed.seconds },
        reply(`Slowmode set to ${describeSeconds(fixed.seconds)}.`, true),
      );
      return [
        part(draft, `sets this channel's slowmode to ${describeSeconds(fixed.seconds)}`, "slowmode", "ManageChannels"),
      ];
    }
    draft.options.push({
      name: "seconds",
      description: "Seconds between messages (0 turns it off)",
      type: "integer",
      required: true,
      choices: slowChoices.map((value) => ({ name: value ? describeSeconds(value) : "Off", value })),
    });
    draft.actions.push(
      ...slowChoices.map((value) =>
        ifThen(equals("{option.seconds}", String(value)), [{ do: "slowmode", channel: "here", seconds: value }]),
      ),
      reply("Slowmode set to {option.seconds} seconds.", true),
    );
    return [part(draft, "sets this channel's slowmode (off to 1 hour)", "slowmode", "ManageChannels")];
  },
};

/** "/giverole user role and /takerole user role for staff with Manage Roles". */
export const giveRoleFeature: CommandFeature = {
  id: "giverole",
  category: "moderation",
  names: ["giverole", "addrole", "takerole", "removerole", "role-add", "role-remove"],
  defaultName: "giverole",
  // "/role add <user> <role>, /role remove <user> <role>": sub-commands that give or take the role typed.
  cue: (reader) => {
    const args = reader.tokens.filter((t) => t.kind === "arg").map((t) => t.arg?.name ?? "");
    return (
      args.some((name) => /^roles?$/.test(name)) &&
      args.some((name) => /^(user|member|target|who|person|someone)$/.test(name)) &&
      reader.clause.mentions.some((m) => ["add", "give", "remove", "take"].includes(m.name ?? ""))
    );
  },
  implicit: false,
  build({ reader, name, type }) {
    const take = /take|remove/.test(name);
    reader.claimWords("user role member give take add remove");
    const draft = command(name, type, take ? "Take a role from a member" : "Give a member a role", [
      {
        do: take ? "removeRole" : "addRole",
        member: "{option.member}",
        role: "{option.role}",
        reason: "By {user.name}",
      },
      reply(`${take ? "Took" : "Gave"} {option.role.name} ${take ? "from" : "to"} {option.member.name}.`, true),
    ]);
    draft.options.push(
      { name: "member", description: "Who", type: "user", required: true },
      { name: "role", description: "Which role", type: "role", required: true },
    );
    return [part(draft, take ? "takes a role from a member" : "gives a member a role", "giverole", "ManageRoles")];
  },
};

const timeUnits: Record<string, string> = {
  minute: "m",
  minutes: "m",
  min: "m",
  mins: "m",
  hour: "h",
  hours: "h",
  hr: "h",
  hrs: "h",
  day: "d",
  days: "d",
};

/**
 * "give someone the VIP role for a few hours with /vip — it takes the user and the number of
 * hours; the bot removes VIP by itself when the time is up": the role now, and a stored timer that
 * takes it away again, even after a restart.
 */
export const tempRoleFeature: CommandFeature = {
  id: "temprole",
  category: "roles",
  names: ["temprole", "temp-role", "timedrole"],
  defaultName: "temprole",
  cue: (reader) =>
    reader.has("role") &&
    reader.has("give gives giving add adds") &&
    (reader.has("remove removes removed take takes taken expire expires expired away over up") || reader.has("for")) &&
    Object.keys(timeUnits).some((word) => reader.has(word)),
  implicit: false,
  build({ reader, name, type }) {
    const named = reader.role();
    if (!named) return [];
    reader.claim(...named.tokens);
    const unitWord = reader.tokens.find((t) => timeUnits[t.lower]);
    const unit = unitWord ? timeUnits[unitWord.lower]! : "h";
    const long = { m: "minutes", h: "hours", d: "days" }[unit as "m" | "h" | "d"];
    if (unitWord) reader.claim(unitWord);
    const member = memberOption(reader, "Who gets the role");
    reader.claimWords(
      `give gives giving add adds remove removes removed take takes taken it away expire expires expired when the time is up over by itself themselves role someone somebody for a few some number of how many ${long} it takes and has to remember even if restarts restart bot with option options user member`,
    );
    const draft = command(name, type, `Give ${named.name} for some ${long}`, [
      { do: "addRole", member: `{option.${member.name}}`, role: named.name, reason: "By {user.name}" },
      reply(`Gave ${named.name} to {option.${member.name}.name} for {option.${long}} ${long}.`, true),
      {
        do: "wait",
        duration: `{option.${long}}${unit}`,
        then: [{ do: "removeRole", member: `{option.${member.name}}`, role: named.name, reason: "Time is up" }],
      },
    ]);
    draft.options.push(member, {
      name: long,
      description: `For how many ${long}`,
      type: "integer",
      required: true,
      min: 1,
      max: unit === "m" ? 525_600 : unit === "h" ? 8_760 : 365,
    });
    return [
      part(
        draft,
        `gives ${named.name} to a member and takes it away after the ${long} given, even across a restart`,
        "temprole",
        "ManageRoles",
      ),
    ];
  },
};

/** "The bot removes VIP by itself when the time is up, and it has to remember that even if it restarts": what /vip does already. */
export const tempRoleFollowUpRecogniser: ClauseRecogniser = {
  id: "tempRoleFollowUp",
  read(reader, draft) {
    if (reader.clause.mentions.length) return;
    const made = draft.commands.filter((part) => part.feature === "temprole");
    const roles = made.flatMap((part) =>
      part.command.actions.flatMap((action) => (action.do === "addRole" ? [action.role.toLowerCase()] : [])),
    );
    const open = reader.unclaimed();
    if (!roles.length || !open.has("remove removes removed take takes expire expires")) return;
    if (!open.tokens.some((t) => roles.includes(t.lower) || t.base === "role")) return;
    open.claim(...open.tokens.filter((t) => roles.includes(t.lower)));
    open.claimWords(
      "the bot remove removes removed take takes it away expire expires by itself when time is up and has to remember that even if restarts restart role",
    );
  },
};
