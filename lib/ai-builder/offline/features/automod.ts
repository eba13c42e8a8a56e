/**
 * Automod events: banned words and invite links, and what happens to a message that breaks
 * the rule — delete, warn, time out, or an escalation ladder kept per member ("3 strikes and
 * they get a 1 hour timeout"), logged to a channel if asked. Later sentences about the
 * punishment add to the rule just made.
 */
import type { Action, Condition } from "@/lib/blueprint/schema";
import { describeSeconds } from "@/lib/blueprint/vocabulary";

import { addData, dm, ifThen, send, template, type Draft, type EventPart } from "../parts";
import type { Reader } from "../read";
import type { Token } from "../text";
import { describeLadder, ladderActions, readLadder } from "./ladder";
import type { ClauseRecogniser } from "./members";

const filterWords = [
  "scam",
  "banned",
  "forbidden",
  "blocked",
  "blacklist",
  "blacklisted",
  "swear",
  "swearing",
  "curse",
  "cursing",
  "profanity",
  "slur",
  "bad",
  "censor",
  "offensive",
  "inappropriate",
  "toxic",
  "filter",
];
const removeWords = ["delete", "remove", "block", "filter", "censor", "forbid", "stop", "prevent", "ban"];
const listStops = [
  "delete",
  "warn",
  "timeout",
  "mute",
  "kick",
  "ban",
  "remove",
  "reply",
  "send",
  "when",
  "if",
  "dm",
  "log",
  "and",
  "then",
  "after",
];

function event(value: EventPart["event"], plan: string, category: EventPart["category"], reader: Reader): EventPart {
  return { event: value, plan, category, clause: reader.clause };
}

export interface Rule {
  what: string;
  strikes: string;
  warning: string;
}

/** "unless the person has the 'Trusted' role", "someone who isn't a mod": who the rule leaves alone. */
function exemption(reader: Reader): Condition | null {
  const cue = reader.tokens.find((t) => ["unless", "except", "isn't", "n't", "not", "without"].includes(t.lower));
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
        (t.base === "say" && reader.next(t)?.kind === "quote")),
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
  } else if (!warned && reader.has("dm")) {
    const verb = reader.find("dm")!;
    const text = reader.textAfter(verb);
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
function addRule(
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

const wordCues = [
  "word",
  "like",
  ":",
  "such",
  "contain",
  "containing",
  "including",
  "say",
  "saying",
  "said",
  "use",
  "using",
  "list",
];

export const bannedWordsRecogniser: ClauseRecogniser = {
  id: "bannedWords",
  read(reader, draft) {
    const open = reader.unclaimed();
    const flagged = open.tokens.some((t) => filterWords.includes(t.lower) || filterWords.includes(t.base));
    const removal = open.has(...removeWords) && open.has("word contain containing say says saying");
    if (!(flagged && open.has("word language message")) && !removal) return;
    reader.claimWords(...filterWords, "language", "word");
    const quotes = reader
      .quotes()
      .filter(
        (q) =>
          !["warn", "say", "reply", "message", "saying"].includes(reader.next(q, -1)?.base ?? "") &&
          !["saying", "with"].includes(reader.next(q, -1)?.lower ?? ""),
      );
    let words = quotes.map((q) => q.text.trim().toLowerCase()).filter(Boolean);
    reader.claim(...quotes);
    if (!words.length) {
      const cue = [...reader.tokens].reverse().find((t) => wordCues.includes(t.base) || wordCues.includes(t.lower));
      if (cue) {
        const listed = reader.list(cue, listStops);
        reader.claim(cue, ...listed.tokens);
        words = listed.items.map((item) => item.toLowerCase());
      }
    }
    words = [...new Set(words)].filter((w) => w.length <= 100).slice(0, 100);
    if (!words.length) {
      draft.notes.push({
        text: sourceWords(reader),
        reason: "Name the words to block, e.g. block the words 'heck' and 'darn'.",
      });
      reader.claim(...reader.tokens);
      return;
    }
    reader.claimWords(...wordCues.filter((w) => w !== ":" && w !== "like"));
    const rule = {
      what: `Blocked word (${words[0]})`,
      strikes: "word_strikes",
      warning: "that word is not allowed here.",
    };
    addRule(
      reader,
      draft,
      rule,
      (actions) => ({ on: "messageContains", words, match: "any", actions }),
      `When a message contains ${words.map((w) => `"${w}"`).join(", ")}`,
    );
  },
};

export const inviteLinksRecogniser: ClauseRecogniser = {
  id: "inviteLinks",
  read(reader, draft) {
    const invites =
      reader.has("invite invites advertise advertising") ||
      reader.tokens.some(
        (t, i) =>
          (t.lower === "discord" && reader.tokens[i + 2]?.lower === "gg") || /discord\.(gg|com\/invite)/.test(t.lower),
      );
    const links = reader.has("link links url urls");
    if (!invites && !(links && reader.has(...removeWords, "no", "allowed"))) return;
    reader.claim(
      ...reader.tokens.filter(
        (t, i) =>
          ["discord", ".", "gg", "/"].includes(t.lower) &&
          Math.abs(i - reader.tokens.findIndex((x) => x.lower === "gg")) <= 2,
      ),
    );
    reader.claimWords(
      "invite invites link links url urls advertise advertising discord server other post posting no allowed any all every",
    );
    reader.claim(...reader.tokens.filter((t) => /^(https?|:\/\/|\/\/|:|discord\.gg.*|https?:\/\/)$/.test(t.lower)));
    const pattern = invites ? "discord(\\.gg|(app)?\\.com/invite)/\\w+" : "https?://\\S+";
    const rule = invites
      ? { what: "Invite link", strikes: "invite_strikes", warning: "invite links are not allowed here." }
      : { what: "Link", strikes: "link_strikes", warning: "links are not allowed here." };
    addRule(
      reader,
      draft,
      rule,
      (actions) => ({ on: "messageMatches", pattern, ignoreCase: true, actions }),
      `When a message has ${invites ? "a Discord invite link" : "a link"}`,
    );
  },
};

/** Actions, with those inside if-blocks. */
const flat = (actions: readonly Action[]): Action[] =>
  actions.flatMap((a) => (a.do === "if" ? [a, ...flat(a.then), ...flat(a.else)] : [a]));

const punishWords = [
  "tell",
  "say",
  "notify",
  "delete",
  "remove",
  "warn",
  "warning",
  "timeout",
  "mute",
  "kick",
  "ban",
  "strike",
  "log",
  "dm",
];

/** "Banned words: apple, banana. Delete the message and warn them. 3 strikes and they get a timeout." */
export const automodFollowUpRecogniser: ClauseRecogniser = {
  id: "automodFollowUp",
  read(reader, draft) {
    const last = draft.events[draft.events.length - 1];
    if (!last?.rule || !last.clause || reader.clause.mentions.length) return;
    const lastToken = last.clause.tokens[last.clause.tokens.length - 1]!;
    const first = reader.tokens[0];
    if (!first || first.index <= lastToken.index || reader.clause.sentence - last.clause.sentence > 2) return;
    const open = reader.unclaimed();
    if (!open.has(...punishWords) && !open.tokens.some((t) => t.base === "time")) return;
    addRule(open, draft, last.rule, () => last.event, "");
  },
};

/** "if someone types in all caps (10 or more capital letters in a row)". */
export const capsRecogniser: ClauseRecogniser = {
  id: "caps",
  read(reader, draft) {
    const caps = reader.tokens.find((t) =>
      ["caps", "capital", "capitals", "uppercase", "shouting", "shout"].includes(t.lower),
    );
    if (!caps || reader.isClaimed(caps) || !reader.has(...removeWords, "warn", "say", "delete")) return;
    const count = reader.tokens.find(
      (t) => t.number !== undefined && t.number >= 3 && t.number <= 100 && !reader.isClaimed(t),
    );
    const size = Math.floor(count?.number ?? 10);
    reader.claim(caps, count);
    reader.claimWords(
      "all caps capital capitals letter letters uppercase in a row or more like types writes type write shouting",
    );
    const rule = { what: "Shouting", strikes: "caps_strikes", warning: "please don't shout." };
    addRule(
      reader,
      draft,
      rule,
      (actions) => ({ on: "messageMatches", pattern: `[A-Z]{${size},}`, ignoreCase: false, actions }),
      `When a message has ${size} capital letters in a row`,
    );
  },
};

/** "anyone who writes @everyone or @here gets the message deleted". */
export const massMentionRecogniser: ClauseRecogniser = {
  id: "massMention",
  read(reader, draft) {
    const pings = reader.tokens.filter((t) => ["@everyone", "@here"].includes(t.lower) && !reader.isClaimed(t));
    if (!pings.length || !reader.has(...removeWords, "timeout", "mute", "warn", "deleted")) return;
    reader.claim(...pings);
    reader.claimWords("writing writes write type types post posts use uses mention mentions ping pings or");
    const words = pings.map((t) => t.lower);
    const rule = { what: "Mass mention", strikes: "mention_strikes", warning: "please don't ping everyone." };
    addRule(
      reader,
      draft,
      rule,
      (actions) => ({ on: "messageContains", words, match: "any", actions }),
      `When a message mentions ${words.join(" or ")}`,
    );
  },
};

function sourceWords(reader: Reader): string {
  const tokens = reader.tokens;
  return reader.doc.text
    .slice(tokens[0]!.start, tokens[tokens.length - 1]!.end)
    .trim()
    .slice(0, 200);
}
