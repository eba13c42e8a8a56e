/**
 * Automod events: banned words and invite links, and what happens to a message that breaks
 * the rule — delete, warn, time out, or an escalation ladder kept per member ("3 strikes and
 * they get a 1 hour timeout"), logged to a channel if asked. Later sentences about the
 * punishment add to the rule just made.
 */
import type { Action } from "@/lib/blueprint/schema";
import { describeSeconds } from "@/lib/blueprint/vocabulary";

import { addData, dm, send, template, type Draft, type EventPart } from "../parts";
import type { Reader } from "../read";
import { describeLadder, ladderActions, readLadder } from "./ladder";
import type { ClauseRecogniser } from "./members";

const filterWords = [
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

/** What happens to a message that breaks a rule: delete, warn, time out or a ladder, log. */
function punish(
  reader: Reader,
  draft: Draft,
  what: string,
  strikes: string,
  warning: string,
  deleted = false,
  warned = false,
): { actions: Action[]; said: string[] } {
  const actions: Action[] = [];
  const said: string[] = [];
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
  const rungs = readLadder(reader);
  const warn = reader.find("warn warning tell notify remind");
  if ((warn || rungs.length) && !warned) {
    const custom = warn ? reader.textAfter(warn) : null;
    const quoted = custom?.tokens.some((t) => t.kind === "quote") ? custom : null;
    if (warn) reader.claim(warn, ...(quoted?.tokens ?? []));
    const text = quoted ? template(quoted.text) : `{user.mention}, ${warning}`;
    if (reader.has("dm dms privately")) {
      reader.claimWords("dm dms privately");
      actions.push(dm("{user}", text));
      said.push("warns them by DM");
    } else {
      actions.push(send("here", text));
      said.push("warns them in the channel");
    }
  }
  if (rungs.length) {
    addData(draft, { name: strikes, kind: "number", scope: "member", initial: "0" });
    actions.push(
      { do: "store", data: strikes, op: "increment", saveAs: "strikes" },
      ...ladderActions(rungs, "{user}", "{result.strikes}", `${what} (strike {result.strikes})`),
    );
    said.push(`counts their strikes (${describeLadder(rungs)})`);
  } else if (reader.has("timeout", "mute")) {
    const length = reader.duration();
    if (length) reader.claim(...length.tokens);
    reader.claimWords("timeout mute for them also and");
    const duration = length && length.seconds <= 28 * 86_400 ? length.text : "10m";
    actions.push({ do: "timeout", member: "{user}", duration, reason: what });
    said.push(`times them out for ${describeSeconds(length && length.seconds <= 28 * 86_400 ? length.seconds : 600)}`);
  }
  const log = reader.find("log logs report");
  const channel = log ? reader.channel() : null;
  if (log && channel) {
    reader.claim(log, ...channel.tokens);
    actions.push(send(channel.ref, `${what}: a message by {user.mention} in {channel.mention}.`));
    said.push(`logs it in ${channel.ref}`);
  }
  reader.claimWords(
    ...removeWords,
    "message",
    "it",
    "them",
    "their",
    "the",
    "user",
    "member",
    "person",
    "who",
    "and",
    "also",
  );
  return { actions, said };
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
    const rule = { what: "Blocked word", strikes: "word_strikes", warning: "that word is not allowed here." };
    const { actions, said } = punish(reader, draft, rule.what, rule.strikes, rule.warning);
    draft.events.push({
      ...event(
        { on: "messageContains", words, match: "any", actions },
        `When a message contains ${words.map((w) => `"${w}"`).join(", ")}: ${said.join(", ")}`,
        "automod",
        reader,
      ),
      rule,
    });
  },
};

export const inviteLinksRecogniser: ClauseRecogniser = {
  id: "inviteLinks",
  read(reader, draft) {
    const invites =
      reader.has("invite invites advertise advertising") ||
      reader.tokens.some((t, i) => t.lower === "discord" && reader.tokens[i + 2]?.lower === "gg");
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
      "invite invites link links url urls advertise advertising discord server other post posting no allowed any all",
    );
    const pattern = invites ? "discord(\\.gg|(app)?\\.com/invite)/\\w+" : "https?://\\S+";
    const rule = invites
      ? { what: "Invite link", strikes: "invite_strikes", warning: "invite links are not allowed here." }
      : { what: "Link", strikes: "link_strikes", warning: "links are not allowed here." };
    const { actions, said } = punish(reader, draft, rule.what, rule.strikes, rule.warning);
    draft.events.push({
      ...event(
        { on: "messageMatches", pattern, ignoreCase: true, actions },
        `When a message has ${invites ? "a Discord invite link" : "a link"}: ${said.join(", ")}`,
        "automod",
        reader,
      ),
      rule,
    });
  },
};

const punishWords = ["delete", "remove", "warn", "warning", "timeout", "mute", "kick", "ban", "strike", "log", "dm"];

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
    if (!open.has(...punishWords)) return;
    const actions = last.event.actions as Action[];
    const deleted = actions.some((a) => a.do === "deleteMessage");
    const warned = actions.some((a) => (a.do === "send" && a.channel === "here") || a.do === "dm");
    const more = punish(open, draft, last.rule.what, last.rule.strikes, last.rule.warning, deleted, warned);
    actions.push(...more.actions.filter((a) => a.do !== "deleteMessage" || !deleted));
    if (more.said.length)
      last.plan += `, ${more.said.filter((s) => s !== "deletes the message" || !deleted).join(", ")}`;
  },
};

function sourceWords(reader: Reader): string {
  const tokens = reader.tokens;
  return reader.doc.text
    .slice(tokens[0]!.start, tokens[tokens.length - 1]!.end)
    .trim()
    .slice(0, 200);
}
