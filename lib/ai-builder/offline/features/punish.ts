/**
 * What an automod rule does to a message that breaks it — delete it, warn the member (in the
 * words the description gives), time them out or count strikes up a ladder, log it — and who
 * it leaves alone ("unless they have the Trusted role", "anyone who isn't a mod"). A rule said
 * again in a later sentence adds to the event already made for it.
 */
import type { Action, Condition } from "@/lib/blueprint/schema";
import { describeSeconds } from "@/lib/blueprint/vocabulary";

import { addData, dm, ifThen, send, template, type Draft, type EventPart } from "../parts";
import type { Reader } from "../read";
import type { Token } from "../text";
import { describeLadder, ladderActions, readLadder } from "./ladder";

export const removeWords = ["delete", "remove", "block", "filter", "censor", "forbid", "stop", "prevent", "ban"];

function event(value: EventPart["event"], plan: string, category: EventPart["category"], reader: Reader): EventPart {
  return { event: value, plan, category, clause: reader.clause };
}

/** Actions, with those inside if-blocks. */
const flat = (actions: readonly Action[]): Action[] =>
  actions.flatMap((a) => (a.do === "if" ? [a, ...flat(a.then), ...flat(a.else)] : [a]));

export interface Rule {
  what: string;
  strikes: string;
  warning: string;
}

/** "unless the person has the 'Trusted' role", "someone who isn't a mod": who the rule leaves alone. */
function exemption(reader: Reader): Condition | null {
  const cue = reader.tokens.find((t) => ["unless", "except", "isn't", "n't", "not", "without"].includes(t.lower));
  // "Only admins and mods are allowed to use @everyone. If anyone else tries…": who may.
  const only = cue ? undefined : reader.tokens.find((t) => t.lower === "only");
  if (only) {
    const near = reader.after(only).slice(0, 5);
    const holders = near.filter((t) => ["mod", "moderator", "staff", "admin", "administrator"].includes(t.base));
    if (holders.length && reader.has("allowed allow may can permitted")) {
      reader.claim(only, ...holders, ...near.filter((t) => ["and", "or", "&", "are", "is"].includes(t.lower)));
      reader.claimWords("allowed allow may can permitted");
      const modsToo = holders.some((t) => ["mod", "moderator", "staff"].includes(t.base));
      return { test: "hasPermission", member: "{user}", permission: modsToo ? "ModerateMembers" : "Administrator" };
    }
  }
  if (!cue) return null;
  const near = reader.after(cue).slice(0, 6);
  const role = reader.role(cue);
  if (role && role.tokens.every((t) => near.includes(t))) {
    reader.claim(
      cue,
      ...role.tokens,
      ...near.filter((t) => ["the", "person", "has", "have", "they", "a", "role"].includes(t.lower)),
    );
    return { test: "hasRole", member: "{user}", role: role.name };
  }
  const holder = near.find((t) => ["mod", "moderator", "staff", "admin", "administrator"].includes(t.base));
  if (!holder) return null;
  reader.claim(
    cue,
    holder,
    ...reader.tokens.filter(
      (t) => ["who", "is", "a", "an", "are"].includes(t.lower) && Math.abs(t.index - cue.index) <= 2,
    ),
  );
  return {
    test: "hasPermission",
    member: "{user}",
    permission: ["admin", "administrator"].includes(holder.base) ? "Administrator" : "ModerateMembers",
  };
}

/** "tell the person to watch their language" → "{user.mention}, watch your language." */
function spokenWarning(reader: Reader, verb: Token): { text: string; tokens: Token[] } | null {
  const quoted = reader.textAfter(verb);
  if (quoted?.tokens.some((t) => t.kind === "quote")) return { text: template(quoted.text), tokens: quoted.tokens };
  const rest = reader.after(verb);
  const end = rest.findIndex((t) => [".", ";", ",", "!"].includes(t.lower) || t.lineStart || reader.isClaimed(t));
  const taken = end < 0 ? rest : rest.slice(0, end);
  if (!taken.length) return null;
  const found = { text: reader.doc.text.slice(taken[0]!.start, taken[taken.length - 1]!.end), tokens: taken };
  const words = found.text
    .replace(/^(the\s+)?(person|user|member|them|him|her)\s+(to\s+)?/i, "")
    .replace(/\btheir\b/gi, "your")
    .replace(/\bthey\b/gi, "you");
  if (!words || words === found.text) return null;
  return { text: `{user.mention}, ${words.replace(/[.!]*$/, "")}.`, tokens: found.tokens };
}

/** What happens to a message that breaks a rule: delete, warn, time out or a ladder, log. */
function punish(
  reader: Reader,
  draft: Draft,
  rule: Rule,
  already: readonly Action[] = [],
): { actions: Action[]; said: string[]; exempt: Condition | null } {
  const actions: Action[] = [];
  const said: string[] = [];
  const deleted = flat(already).some((a) => a.do === "deleteMessage");
  const keep =
    deleted ||
    reader.tokens.some(
      (t, i) =>
        ["don't", "not", "without"].includes(t.lower) &&
        ["delete", "remove"].includes(reader.tokens[i + 1]?.base ?? ""),
    );
  if (!keep) {
    actions.push({ do: "deleteMessage" });
    said.push("deletes the message");
  }
  const exempt = exemption(reader);
  const rungs = readLadder(reader);
  const warn = reader.tokens.find(
    (t) =>
      t.kind === "word" &&
      (["warn", "warning", "tell", "notify", "remind"].includes(t.base) ||
        // "…and reply 'Message removed: that word isn't allowed here.'": said in the channel.
        (["say", "reply", "respond", "answer", "post", "send"].includes(t.base) && reader.next(t)?.kind === "quote")),
  );
  const warned = flat(already).some((a) => (a.do === "send" && a.channel === "here") || a.do === "dm");
  if ((warn || rungs.length) && !warned) {
    const custom = warn ? spokenWarning(reader, warn) : null;
    if (warn) reader.claim(warn, ...(custom?.tokens ?? []));
    const text = custom?.text ?? `{user.mention}, ${rule.warning}`;
    if (reader.has("dm dms privately")) {
      reader.claimWords("dm dms privately");
      actions.push(dm("{user}", text));
      said.push(`DMs them "${text}"`);
    } else {
      actions.push(send("here", text));
      said.push(`says "${text}" in the channel`);
    }
  } else if (!warned && (reader.has("dm") || reader.tokens.some((t) => /^dm(?:'d|’d|ed|s)?$/.test(t.lower)))) {
    const verb = reader.find("dm") ?? reader.tokens.find((t) => /^dm(?:'d|’d|ed|s)?$/.test(t.lower))!;
    // "DM'd 'You were banned'": the quote right after is the text.
    const quote = [reader.next(verb), reader.next(verb, 2)].find((t) => t?.kind === "quote");
    const text = quote ? { text: quote.text, tokens: [quote, reader.next(verb)!] } : reader.textAfter(verb);
    if (text) {
      reader.claim(verb, ...text.tokens);
      actions.push(dm("{user}", template(text.text)));
      said.push(`DMs them "${template(text.text)}"`);
    }
  }
  const timeOut = reader.tokens.find(
    (t, i) => t.base === "time" && reader.tokens.slice(i + 1, i + 3).some((x) => x.lower === "out"),
  );
  if (rungs.length) {
    addData(draft, { name: rule.strikes, kind: "number", scope: "member", initial: "0" });
    actions.push(
      { do: "store", data: rule.strikes, op: "increment", saveAs: "strikes" },
      ...ladderActions(rungs, "{user}", "{result.strikes}", `${rule.what} (strike {result.strikes})`),
    );
    said.push(`counts their strikes (${describeLadder(rungs)})`);
  } else if (reader.has("timeout", "mute") || timeOut) {
    const length = reader.duration();
    if (length) reader.claim(...length.tokens);
    if (timeOut)
      reader.claim(
        timeOut,
        ...reader
          .after(timeOut)
          .slice(0, 2)
          .filter((t) => ["out", "them"].includes(t.lower)),
      );
    reader.claimWords("timeout mute for them also and");
    const seconds = length && length.seconds <= 28 * 86_400 ? length.seconds : 600;
    actions.push({
      do: "timeout",
      member: "{user}",
      duration: length && seconds === length.seconds ? length.text : "10m",
      reason: rule.what,
    });
    said.push(`times them out for ${describeSeconds(seconds)}`);
  }
  // "…gets banned right away", "kick them": after the DM (a member who is gone can no longer be told).
  const outcast = rungs.length
    ? undefined
    : reader.tokens.find((t) => !reader.isClaimed(t) && /^(kick|kicks|kicked|ban|bans|banned)$/.test(t.lower));
  if (outcast) {
    const kick = outcast.lower.startsWith("kick");
    reader.claim(outcast);
    reader.claimWords("right away immediately instantly them get gets got be");
    actions.push({ do: kick ? "kick" : "ban", member: "{user}", reason: rule.what });
    said.push(kick ? "kicks them" : "bans them");
  }
  const log = reader.find("log logs report");
  const channel = log ? reader.channel() : null;
  if (log && channel) {
    reader.claim(log, ...channel.tokens);
    actions.push(send(channel.ref, `${rule.what}: a message by {user.mention} in {channel.mention}.`));
    said.push(`logs it in ${channel.ref}`);
  }
  reader.claimWords(
    ...removeWords,
    "message it them their the user member person who and also someone anyone get gets deleted",
  );
  return { actions, said, exempt };
}

/** A rule's event, or more for the one already made for the same rule ("No invite links! … delete it and time them out"). */
export function addRule(
  reader: Reader,
  draft: Draft,
  rule: Rule,
  make: (actions: Action[]) => EventPart["event"],
  describe: string,
): void {
  const existing = draft.events.find((e) => e.rule?.what === rule.what);
  const { actions, said, exempt } = punish(
    reader,
    draft,
    rule,
    (existing?.event.actions as Action[] | undefined) ?? [],
  );
  const guard = (list: Action[]) => (exempt ? [ifThen({ test: "not", condition: exempt }, list)] : list);
  const unless = exempt
    ? ` (unless ${exempt.test === "hasRole" ? `they have the ${exempt.role} role` : "they are a moderator"})`
    : "";
  if (existing) {
    existing.event.actions = guard([...(existing.event.actions as Action[]), ...actions]);
    if (said.length) existing.plan += `, ${said.join(", ")}`;
    existing.plan += unless;
    return;
  }
  draft.events.push({
    ...event(make(guard(actions)), `${describe}: ${said.join(", ")}${unless}`, "automod", reader),
    rule,
  });
}
