/**
 * What a clause says about commands rather than what they do: who may use them ("only admins
 * can…", "mods only", "people with the DJ role"), cooldowns ("once every 24h", "10 second
 * cooldown"), private answers, logging to a channel — applied to the commands the clause names,
 * or to the ones named just before ("…, only admins can use it"). Also the bot's name and prefix.
 */
import type { Action } from "@/lib/blueprint/schema";
import { permissionLabels, permissionNames, type PermissionName } from "@/lib/blueprint/vocabulary";

import { reply, send, type CommandPart, type Draft } from "./parts";
import type { Reader } from "./read";

const byVerb: Record<string, string[]> = {
  ban: ["ban", "unban"],
  kick: ["kick"],
  mute: ["timeout", "untimeout"],
  timeout: ["timeout", "untimeout"],
  purge: ["purge"],
  clear: ["purge"],
  warn: ["warn", "warnings", "clearwarnings"],
  slowmode: ["slowmode"],
  announce: ["say"],
  ticket: ["ticket", "close"],
  close: ["close"],
};

/** The commands a modifier clause is about. */
export function targetsOf(reader: Reader, draft: Draft, previous: CommandPart[]): CommandPart[] {
  const clause = reader.clause;
  if (clause.mentions.length) {
    const names = new Set(clause.mentions.map((m) => m.name));
    return draft.commands.filter((part) => names.has(part.command.name) || part.clause === clause);
  }
  if (reader.has("moderation", "mod") && reader.has("command action tool"))
    return draft.commands.filter((p) => p.category === "moderation");
  if (
    reader.tokens.some(
      (t, i) => t.lower === "all" && ["command", "commands"].includes(reader.tokens[i + 1]?.lower ?? ""),
    )
  )
    return draft.commands;
  const verbs = reader.tokens.filter((t) => t.kind === "word" && byVerb[t.base]);
  if (verbs.length) {
    const features = new Set(verbs.flatMap((t) => byVerb[t.base]!));
    const found = draft.commands.filter((p) => p.feature && features.has(p.feature));
    if (found.length) return found;
  }
  return previous;
}

const roleHolders = ["admin", "administrator", "mod", "moderator", "staff", "owner", "manager"];

/** Discord's permission names as people write them: "manage messages", "ban members", "timeout members". */
const permissionWords: [string, PermissionName][] = [
  ...permissionNames.map((name) => [permissionLabels[name].toLowerCase(), name] as [string, PermissionName]),
  ["timeout members", "ModerateMembers"],
  ["mute members", "ModerateMembers"],
  ["manage guild", "ManageGuild"],
  ["admin", "Administrator"],
];

export function permissionsNamed(reader: Reader): { permission: PermissionName; tokens: Reader["tokens"] }[] {
  if (!reader.has("permission perm perms with need needs require requires only can")) return [];
  const found: { permission: PermissionName; tokens: Reader["tokens"] }[] = [];
  for (const [label, permission] of permissionWords) {
    const words = label.split(" ");
    if (words.length < 2) continue;
    reader.tokens.forEach((_, i) => {
      if (words.every((w, k) => reader.tokens[i + k]?.lower.replace(/s$/, "") === w.replace(/s$/, "")))
        found.push({ permission, tokens: reader.tokens.slice(i, i + words.length) });
    });
  }
  return found;
}

/** Who may use it, or null when the clause does not say. */
function readPermission(
  reader: Reader,
): { permission: PermissionName | null; role?: string; tokens: Reader["tokens"] } | null {
  const labels = permissionsNamed(reader);
  // "the matching permission (kick members / ban members / timeout members)": each keeps its own.
  if (labels.length > 1 || (labels.length && reader.has("matching respective corresponding appropriate own"))) {
    reader.claimWords("matching respective corresponding appropriate own");
    return { permission: null, tokens: labels.flatMap((l) => l.tokens) };
  }
  if (labels.length) return { permission: labels[0]!.permission, tokens: labels[0]!.tokens };
  // "a channel that only the user and Moderators can see" is who sees a channel, not who may use a command.
  if (reader.has("see visible view") && !reader.has("use run")) return null;
  const limited = reader.has("only restrict restricted require requires need needs allowed just exclusive locked");
  const holder = reader.tokens.find((t) => t.kind === "word" && roleHolders.includes(t.base));
  const explicitRole = reader.role();
  if (limited && explicitRole && !holder)
    return { permission: null, role: explicitRole.name, tokens: explicitRole.tokens };
  if (!holder) return null;
  const next = reader.next(holder);
  const onlyAfter = next?.lower === "only" || (next?.lower === "-" && reader.next(holder, 2)?.lower === "only");
  const canDo = next && ["can", "may"].includes(next.lower);
  const forHolder = reader.next(holder, -1)?.lower === "for";
  if (!limited && !onlyAfter && !canDo && !forHolder) return null;
  // "a private channel just for them and the staff": who the channel is for, not who may use the command.
  const at = reader.tokens.indexOf(holder);
  const forWhom = reader.tokens.slice(Math.max(0, at - 6), at).some((t) => t.lower === "for");
  if (reader.has("channel") && forWhom && !canDo && !onlyAfter) return null;
  if (explicitRole && explicitRole.tokens.includes(holder))
    return { permission: null, role: explicitRole.name, tokens: explicitRole.tokens };
  // "staff only (Moderator role)", "mods (the Moderator role)": the staff are those with the role named.
  const roleAt = explicitRole ? Math.min(...explicitRole.tokens.map((t) => reader.tokens.indexOf(t))) : -1;
  if (explicitRole && roleAt > at && roleAt - at <= 4 && reader.tokens.slice(at, roleAt).some((t) => t.text === "("))
    return { permission: null, role: explicitRole.name, tokens: [holder, ...explicitRole.tokens] };
  const permission: PermissionName = ["admin", "administrator", "owner"].includes(holder.base)
    ? "Administrator"
    : "ModerateMembers";
  return { permission, tokens: [holder] };
}

/** A command kept to members with a role: checked first, refused privately. */
function roleGuard(role: string, name: string, slash: boolean): Action {
  return {
    do: "if",
    when: { test: "not", condition: { test: "hasRole", member: "{user}", role } },
    then: [reply(`Only members with the ${role} role can use ${slash ? "/" : "!"}${name}.`, slash), { do: "stop" }],
    else: [],
  };
}

/** Moderation commands keep their own permission when "mods" are named; anything else gets the one said. */
function applyPermission(part: CommandPart, permission: PermissionName): void {
  if (part.ownPermissions) return;
  if (permission === "ModerateMembers" && part.category === "moderation" && part.command.permissions.length) return;
  part.command.permissions = [permission];
}

export function applyModifiers(reader: Reader, draft: Draft, previous: CommandPart[]): CommandPart[] {
  const targets = targetsOf(reader, draft, previous);
  if (!targets.length) return [];
  let used = false;

  const who = readPermission(reader);
  if (who) {
    reader.claim(...who.tokens);
    reader.claimWords(
      "only restrict restricted require requires need needs allowed just can use it them permission perm perms for with people member user those these command exclusive locked to be able should server the role",
    );
    for (const part of targets) {
      if (who.permission) {
        // "/ticket claim (Moderators only)": only that subcommand — and none at all when it was not made.
        const subs = part.command.subcommands;
        const mention = reader.clause.mentions.find((m) => m.name === part.command.name);
        const after = mention ? reader.doc.tokens[mention.tokens[mention.tokens.length - 1]!.index + 1] : undefined;
        const sub = after?.kind === "word" ? subs.find((item) => item.name === after.lower) : undefined;
        if (
          subs.length &&
          after?.kind === "word" &&
          /^[a-z]+$/.test(after.lower) &&
          !["only", "is", "are", "can"].includes(after.lower)
        ) {
          if (sub) sub.permissions = [who.permission];
          continue;
        }
        applyPermission(part, who.permission);
      } else if (!who.role) continue;
      else {
        const guard = roleGuard(who.role, part.command.name, part.command.type === "slash");
        const subs = part.command.subcommands;
        // A command with subcommands does its work in them: guard the ones the clause names, else all.
        const named = subs.filter((sub) => reader.tokens.some((t) => t.base === sub.name || t.lower === sub.name));
        if (subs.length)
          for (const sub of named.length ? named : subs) sub.actions = [guard, ...(sub.actions as Action[])];
        else part.command.actions.unshift(guard);
        part.roles = [...(part.roles ?? []), who.role];
        // The role said is who may use it: a permission the feature assumed (Manage Channels for
        // /slowmode) would refuse the very members named.
        if (!part.ownPermissions) part.command.permissions = [];
      }
    }
    used = true;
  } else if (reader.has("everyone anyone anybody") && reader.has("can", "use")) {
    reader.claimWords("everyone anyone anybody can use it them");
    for (const part of targets) part.command.permissions = [];
    used = true;
  }

  const cooldownWord = reader.find("cooldown once every per limit wait");
  const length = cooldownWord ? reader.duration() : null;
  if (cooldownWord && length && length.seconds <= 7 * 86_400) {
    const perServer =
      reader.has("global shared server-wide") ||
      reader.tokens.some(
        (t, i) => t.lower === "per" && ["server", "guild"].includes(reader.tokens[i + 1]?.lower ?? ""),
      );
    reader.claim(cooldownWord, ...length.tokens);
    reader.claimWords(
      "cooldown once every per limit wait can only use used it them user member global shared server a of with has have between uses time",
    );
    for (const part of targets)
      if (!part.storedLimit) part.command.cooldown = { seconds: length.seconds, per: perServer ? "server" : "user" };
    used = true;
  }

  if (
    reader.has("privately ephemeral hidden secretly") ||
    reader.tokens.some(
      (t, i) =>
        t.lower === "only" &&
        ["they", "you", "them", "the"].includes(reader.tokens[i + 1]?.lower ?? "") &&
        reader.has("see"),
    )
  ) {
    reader.claimWords("privately ephemeral hidden secretly only they you see can visible reply answer");
    for (const part of targets)
      if (part.command.type === "slash")
        part.command.actions = part.command.actions.map((a) => (a.do === "reply" ? { ...a, ephemeral: true } : a));
    used = true;
  }

  // "post in #mod-log who got banned and why": a moderation command's record, said without "log".
  const moderates = targets.some((part) => ["ban", "kick", "timeout", "warn", "mute"].includes(part.feature ?? ""));
  const log =
    reader.find("log logs record") ??
    (reader.has("action actions") || moderates ? reader.find("post posts send sends announce") : undefined);
  const channel = log ? reader.channel() : null;
  if (log && channel) {
    reader.claim(log, ...channel.tokens);
    reader.claimWords("log logs record every each action in to it them all");
    if (moderates)
      reader.claimWords("who got gets banned kicked warned muted why with the reason so everyone evryone sees see can");
    for (const part of targets) {
      // A command with subcommands logs from each of them, with the options each has.
      const units = part.command.subcommands.length
        ? part.command.subcommands.map((sub) => ({
            label: `${part.command.name} ${sub.name}`,
            options: sub.options ?? [],
            add: (a: Action) => (sub.actions = [...(sub.actions as Action[]), a]),
          }))
        : [
            {
              label: part.command.name,
              options: part.command.options,
              add: (a: Action) => part.command.actions.push(a),
            },
          ];
      for (const unit of units) {
        const options = new Set(unit.options.map((o) => o.name));
        const on = options.has("member") ? " on {option.member.mention}" : "";
        const why = options.has("reason") ? ": {option.reason}" : "";
        unit.add(send(channel.ref, `{user.mention} used /${unit.label}${on}${why}`));
      }
    }
    used = true;
  }
  return used ? targets : [];
}

/** "a bot called Dicey", "name it 'Helper'", "the prefix is ?". */
export function readSettings(reader: Reader, draft: Draft): void {
  reader.tokens.forEach((token, i) => {
    const next = reader.tokens[i + 1];
    const before = reader.tokens.slice(Math.max(0, i - 2), i);
    const aboutBot = before.some((t) => t.base === "bot" || t.lower === "it");
    if (["called", "named", "call", "name"].includes(token.lower) && aboutBot && next && !draft.name) {
      const words =
        next.kind === "quote"
          ? [next]
          : reader.tokens
              .slice(i + 1, i + 4)
              .filter((t, k, all) => /^[A-Z]/.test(t.text) && all.slice(0, k).every((x) => /^[A-Z]/.test(x.text)));
      const name = words
        .map((t) => t.text)
        .join(" ")
        .trim()
        .slice(0, 100);
      if (name && !reader.tokens.slice(i + 1, i + 3).some((t) => t.base === "command")) {
        draft.name = name;
        reader.claim(token, ...words);
      }
    }
    if (token.lower === "prefix" && !token.lower.endsWith("es")) {
      const candidates = [reader.tokens[i + 1], reader.tokens[i + 2], reader.tokens[i - 2]];
      const value = candidates.find(
        (t) =>
          t &&
          (t.kind === "quote" || t.kind === "punct" || t.kind === "symbol") &&
          /^\S{1,5}$/.test(t.text.trim()) &&
          t.text !== "," &&
          t.text !== ".",
      );
      if (value) {
        draft.prefix = value.text.trim();
        reader.claim(
          token,
          value,
          ...reader.tokens.slice(i + 1, i + 3).filter((t) => ["is", "of", "as", "be", "the", "use"].includes(t.lower)),
        );
      }
    }
  });
}

/** "remember across restarts", "save it permanently": data is always kept, so these words are understood. */
export function readPersistence(reader: Reader, draft: Draft): void {
  const words = [
    "wipe",
    "wipes",
    "lose",
    "forget",
    "remember",
    "persist",
    "restart",
    "restarts",
    "reboot",
    "survive",
    "permanent",
    "permanently",
    "forever",
    "database",
    "saved",
    "stored",
    "across",
  ];
  if (!reader.has(...words)) return;
  reader.claimWords(
    ...words,
    "save",
    "store",
    "keep",
    "data",
    "it",
    "them",
    "even",
    "after",
    "when",
    "the",
    "bot",
    "should",
    "must",
    "between",
    "goes",
    "down",
    "offline",
    "their",
    "everyone's",
    "every",
    "user",
    "member",
    "per",
    "each",
    "vanish",
    "disappear",
    "gone",
    "reset",
    "doesn't",
    "don't",
    "won't",
  );
  // "the money saved so it doesn't vanish": what is kept is the bot's own stored value.
  if (draft.data.length) reader.claimWords("money coins coin points xp balance balances progress stats");
  const names = new Set(draft.data.flatMap((d) => [d.name, d.name.replace(/s$/, "")]));
  reader.claim(...reader.tokens.filter((t) => names.has(t.lower) || names.has(t.base)));
  if (!draft.remarks.some((line) => line.includes("restart"))) draft.remarks.push("persist");
}
