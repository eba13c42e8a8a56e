/**
 * Automod events: banned words, invite links and other links, shouting in caps, @everyone —
 * each a rule whose punishment punish.ts reads. Later sentences about the punishment ("3
 * strikes and they get a 1 hour timeout") add to the rule just made.
 */
import type { Reader } from "../read";
import type { ClauseRecogniser } from "./members";
import { addRule, removeWords } from "./punish";

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
    // "gets banned right away" is the punishment, not the list's name.
    const punished = (t: { lower: string }, i: number) =>
      t.lower === "banned" && /^(get|gets|got|be|is|are|been|getting)$/.test(reader.tokens[i - 1]?.lower ?? "");
    reader.claim(
      ...reader.tokens.filter(
        (t, i) =>
          t.kind !== "quote" && (filterWords.includes(t.lower) || filterWords.includes(t.base)) && !punished(t, i),
      ),
    );
    reader.claimWords("language", "word");
    const quotes = reader.quotes().filter(
      (q) =>
        !["warn", "say", "reply", "message", "saying"].includes(reader.next(q, -1)?.base ?? "") &&
        reader.next(q, -1)?.lower !== "saying" &&
        // "replies with 'No spam'" is the reply; "a message with 'onlyfans' in it" is the word.
        !(
          reader.next(q, -1)?.lower === "with" &&
          /^(reply|replies|respond|responds|answer|answers|warn|warns|warning|dm|dms|message|them)$/.test(
            reader.next(q, -2)?.lower ?? "",
          ) &&
          reader.next(q, -2)?.lower !== "message"
        ) &&
        // "…and DM'd 'You were banned'": what the bot sends, not a word to block.
        ![reader.next(q, -1), reader.next(q, -2)].some((t) =>
          /^(dm|dms|dm'd|dmed|dm’d|messaged|told|tell|tells|send|sends|reply|replies|says)$/.test(t?.lower ?? ""),
        ),
    );
    let words = quotes.map((q) => q.text.trim().toLowerCase()).filter(Boolean);
    reader.claim(...quotes);
    // "a bad word (shit, fuck)", "swear words (like idiot or stupid)": the words in brackets.
    if (!words.length) {
      const open = reader.tokens.findIndex(
        (t, i) =>
          t.text === "(" &&
          reader.tokens
            .slice(Math.max(0, i - 3), i)
            .some((w) => w.base === "word" || filterWords.includes(w.lower) || filterWords.includes(w.base)),
      );
      const close = open < 0 ? -1 : reader.tokens.findIndex((t, i) => i > open && t.text === ")");
      if (open >= 0 && close > open + 1) {
        const inside = reader.tokens.slice(open + 1, close);
        const text = reader.doc.text.slice(inside[0]!.start, inside[inside.length - 1]!.end);
        const items = text
          .replace(/^(?:like|e\.g\.?|such as|eg)\s+/i, "")
          .split(/\s*(?:,|\/|;|\bor\b|\band\b)\s*/i)
          .map((item) =>
            item
              .trim()
              .replace(/^["'“‘]|["'”’]$/g, "")
              .toLowerCase(),
          )
          .filter((item) => item && item.length <= 40 && !/\s{2,}/.test(item) && item.split(/\s+/).length <= 3);
        if (items.length) {
          reader.claim(reader.tokens[open], ...inside, reader.tokens[close]);
          words = items;
        }
      }
    }
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
    // "(placeholders for now: 'badword1', 'badword2')": what the list is, not what to do.
    reader.claimWords("placeholders placeholder examples example");
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
    // "mostly CAPS (more than 70%)": a share of the letters, which a pattern cannot count — said, not guessed.
    const share = count && ["%", "percent", "per"].includes(reader.next(count)?.lower ?? "");
    if (share) {
      draft.notes.push({
        text: sourceWords(reader),
        reason:
          'I can\'t count what share of a message is in capitals. Say how many capital letters in a row count as shouting, e.g. "10 capital letters in a row".',
      });
      reader.claim(...reader.tokens);
      return;
    }
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
  read(start, draft) {
    let reader = start;
    const pings = reader.tokens.filter((t) => ["@everyone", "@here"].includes(t.lower) && !reader.isClaimed(t));
    if (!pings.length) return;
    // "Only mods may use @everyone. If anyone else tries, delete the message…": what happens is said next.
    if (!reader.has(...removeWords, "timeout", "mute", "warn", "deleted")) {
      const last = reader.tokens[reader.tokens.length - 1]!;
      const next = reader.doc.sentences.find((sentence) => sentence[0] && sentence[0].index > last.index + 0);
      const opening = (next ?? []).slice(0, 5).map((t) => t.lower);
      if (!next || !["if", "when", "otherwise", "anyone", "else"].includes(opening[0] ?? "")) return;
      if (!opening.some((w) => ["tries", "try", "does", "do", "else", "otherwise", "anyone"].includes(w))) return;
      reader = reader.part([...reader.tokens, ...next.filter((t) => !start.isClaimed(t))]);
      reader.claimWords("if when anyone else someone tries try does do it otherwise");
    }
    if (!reader.has(...removeWords, "timeout", "mute", "warn", "deleted")) return;
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
