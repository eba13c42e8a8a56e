/**
 * Events about members: welcome messages and an automatic role on join, goodbyes on leave,
 * and reaction roles ("react with ✅ in #rules to get Verified").
 */
import type { Action } from "@/lib/blueprint/schema";

import { capitalise, dm, greetingTo, send, template, type Draft, type EventPart, type Facts } from "../parts";
import type { Reader } from "../read";
import { spokenText } from "../spoken";
import type { Token } from "../text";
import { valuesSaid } from "./compose";

export interface ClauseRecogniser {
  id: string;
  read: (reader: Reader, draft: Draft, facts: Facts) => void;
}

const joinWords = ["join", "joins", "joined", "arrive", "welcome", "greet", "newcomer"];
const leaveWords = ["leave", "leaves", "left", "goodbye", "bye", "farewell", "quit", "exit"];
const sayWords = ["say", "send", "post", "message", "reply", "write", "announce", "greet", "with", "saying"];

/** The clause cut in two at the connective before `token`: [before, from there on]. */
function splitBefore(reader: Reader, token: Token): [Reader, Reader] {
  const tokens = reader.tokens;
  let at = tokens.indexOf(token);
  while (at > 0 && ![",", "and", ";", "when", "whenever", "if", "on"].includes(tokens[at - 1]!.lower)) at--;
  while (at > 0 && [",", "and", ";", "when", "whenever", "if", "on"].includes(tokens[at - 1]!.lower)) at--;
  if (at <= 0) at = tokens.indexOf(token);
  return [reader.part(tokens.slice(0, at)), reader.part(tokens.slice(at))];
}

/** The message to send: quoted, or the words after "say"; null when none is given. */
function messageText(reader: Reader): string | null {
  const quote = reader.quotes()[0];
  if (quote) {
    reader.claim(quote);
    return template(quote.text);
  }
  for (const verb of reader.findAll(...sayWords)) {
    const found = reader.textAfter(verb);
    if (found && !found.tokens.every((t) => t.stop || t.kind === "punct")) {
      // "send him private message with welcome and the rules: no spam, be kind": what kind of
      // message, then what it says — a welcome, and the rules as written.
      const kind =
        /^(?:an?\s+|the\s+)?(?:private|direct|dm|welcome)?\s*(?:message|dm|pm|msg)\s+(?:with|saying|that says)\s+/i.exec(
          found.text,
        );
      if (kind) {
        const last = found.tokens[found.tokens.length - 1]!;
        const sentence = reader.doc.sentences.find((tokens) => tokens.includes(last)) ?? [];
        // The rest of the sentence is what the message says: "welcome and the rules: a, b, c".
        const after = sentence.filter((t) => t.index > last.index && t.kind !== "command");
        const colonAt = after.findIndex((t) => t.text === ":");
        const more = colonAt < 0 ? after : after.slice(0, colonAt);
        const listedTokens = colonAt < 0 ? [] : after.slice(colonAt + 1);
        const rest = [
          found.text.slice(kind[0].length),
          ...(more.length ? [reader.doc.text.slice(more[0]!.start, more[more.length - 1]!.end)] : []),
        ]
          .join(" ")
          .trim();
        const listed = listedTokens.length
          ? reader.doc.text.slice(listedTokens[0]!.start, listedTokens[listedTokens.length - 1]!.end).trim()
          : "";
        reader.claim(verb, ...found.tokens, ...after);
        const parts = rest.replace(/^and\s+/i, "").split(/\s+and\s+/i);
        const lines = parts.map((part, i) => {
          const words = part.trim();
          if (/^(?:a\s+)?welcome$/i.test(words)) return "Welcome to {server.name}, {user.mention}!";
          const asked = askedTo(words);
          if (asked) return asked;
          const spoken = words[0]!.toUpperCase() + words.slice(1);
          return i === parts.length - 1 && listed ? `${spoken}: ${listed.replace(/[.!]$/, "")}.` : `${spoken}.`;
        });
        return template(lines.join("\n"));
      }
      // "greet new people in #general with their name and the member count": the values, in a welcome.
      if (
        /^(?:the\s+)?(?:new\s+)?(?:people|members|users|newcomers|member|user|person|them|everyone|him|her|ppl)\b/i.test(
          found.text,
        )
      ) {
        const withWord = reader.after(verb).find((t) => t.lower === "with" && !reader.isClaimed(t));
        const values = withWord ? valuesSaid(reader, withWord) : null;
        if (values && !values.actions.length) {
          reader.claim(verb, ...found.tokens);
          const said = values.text;
          // The member count in a welcome: which member they are.
          const counted = said.includes("{server.members} members");
          const who = said.replace(/,?\s*\{server\.members\} members/, "").trim() || "{user.mention}";
          return `Welcome to {server.name}, ${who}!${counted ? " You are member #{server.members}." : ""}`;
        }
      }
      reader.claim(verb, ...found.tokens);
      // "say hi to them": said to the member, so it names them.
      const to = reader.next(found.tokens[found.tokens.length - 1]!);
      const whom = to && reader.next(to);
      // "say goodbye", "say hi to them": a greeting, said to the member by name.
      // The word they said, to the member: "Bye, Sam!", "Goodbye, Sam!", "Hi, @Sam!".
      const greeting = greetingTo(found.text, "{user.mention}");
      if (greeting) {
        if (to?.lower === "to" && whom && ["them", "him", "her", "the", "new"].includes(whom.lower))
          reader.claim(to, whom, ...(whom.lower === "the" || whom.lower === "new" ? [reader.next(whom)] : []));
        return greeting.startsWith("Welcome,") ? "Welcome to {server.name}, {user.mention}!" : greeting;
      }
      const text = template(found.text);
      if (to?.lower === "to" && whom && ["them", "him", "her", "the", "new", "everyone"].includes(whom.lower)) {
        reader.claim(to, whom);
        if (!text.includes("{user.")) return `${text} {user.mention}`;
      }
      return text;
    }
  }
  return null;
}

/** "telling them to read #rules", "ask them to introduce themselves": what the bot asks, said to them. */
function askedTo(words: string): string | null {
  const match =
    /^(?:and\s+)?(?:tell|tells|telling|ask|asks|asking|remind|reminds|reminding)\s+(?:them|him|her|the (?:user|member|person|newcomer))\s+to\s+(.+?)[.!]*$/i.exec(
      words.trim(),
    );
  if (!match) return null;
  const what = match[1]!
    .replace(/\bthemselves\b|\bhimself\b|\bherself\b/gi, "yourself")
    .replace(/\btheir\b/gi, "your")
    .replace(/\bthey\b/gi, "you");
  return `Please ${what}.`;
}

/** The sentence part "…and tell them to read #rules" in a welcome clause: the words and what it asks. */
function instructionIn(reader: Reader): { text: string; tokens: Token[] } | null {
  const start = reader.tokens.findIndex(
    (t, i) =>
      !reader.isClaimed(t) &&
      ["tell", "tells", "telling", "ask", "asks", "asking", "remind", "reminds", "reminding"].includes(t.lower) &&
      ["them", "him", "her", "the"].includes(reader.tokens[i + 1]?.lower ?? ""),
  );
  if (start < 0) return null;
  const rest = reader.tokens.slice(start);
  const end = rest.findIndex((t, k) => k > 0 && ([".", ";", "!", "?"].includes(t.text) || t.lineStart));
  const tokens = end < 0 ? rest : rest.slice(0, end);
  const words = reader.doc.text.slice(tokens[0]!.start, tokens[tokens.length - 1]!.end);
  const text = askedTo(words);
  return text ? { text, tokens } : null;
}

/** "a link button 'Read the rules' that goes to https://…": the button's label and address. */
function linkButton(reader: Reader): { label: string; url: string } | null {
  const button = reader.find("button");
  const url = reader.tokens.find((t) => t.kind === "url" && !reader.isClaimed(t) && /^https?:\/\//.test(t.text));
  if (!button || !url) return null;
  const at = reader.tokens.indexOf(button);
  const label =
    reader.tokens.slice(at + 1, at + 4).find((t) => t.kind === "quote") ??
    reader.tokens.slice(Math.max(0, at - 3), at).find((t) => t.kind === "quote");
  if (!label) return null;
  reader.claim(button, url, label);
  reader.claimWords("link that goes to go opens open points");
  return { label: label.text.slice(0, 80), url: url.text };
}

function welcome(reader: Reader, draft: Draft, facts: Facts): void {
  const greets = reader.has("welcome greet message say send post hello hi dm");
  const role = reader.role();
  const roleWord = reader.find("role", "autorole");
  if (role) reader.claim(...role.tokens);
  const channel = reader.channel();
  if (channel) reader.claim(...channel.tokens);
  const link = linkButton(reader);
  const embed = reader.claimWords("embed");
  // "post a welcome embed": "welcome" says what kind of message, not its words.
  const said_ = messageText(reader);
  const written = said_ && /^welcome( message)?$/i.test(said_.trim()) ? null : said_;
  reader.claimWords(
    ...joinWords,
    "come",
    "comes",
    "enter",
    "enters",
    "new",
    "member",
    "user",
    "people",
    "someone",
    "somebody",
    "server",
    "they",
    "them",
    "the",
    "when",
    "whenever",
  );
  const actions: Action[] = [];
  const said: string[] = [];
  if (role) {
    reader.claim(...role.tokens);
    reader.claimWords("give gives assign add auto autorole automatically role");
    actions.push({ do: "addRole", member: "{user}", role: role.name, reason: "Joined the server" });
    said.push(`gives them the ${role.name} role`);
  } else if (roleWord) {
    draft.notes.push({
      text: roleWord.text,
      reason: "Say which role new members get, e.g. give them the 'Member' role.",
    });
    reader.claim(roleWord);
  }
  if (greets || !role || written) {
    // "…and tell them to read #rules": a line of its own after the welcome.
    const instruction = written ? null : instructionIn(reader);
    if (instruction) reader.claim(...instruction.tokens);
    const text =
      written ?? `Welcome to {server.name}, {user.mention}!${instruction ? `\n${template(instruction.text)}` : ""}`;
    const byDm =
      reader.has("dm dms privately direct pm") ||
      reader.tokens.some(
        (t, i) => t.lower === "private" && ["message", "messages", "msg"].includes(reader.tokens[i + 1]?.lower ?? ""),
      );
    reader.claimWords(
      "welcome greet message say send post hello hi dm dms privately private pm direct in to with embed channel mention ping pings",
    );
    if (channel) reader.claim(...channel.tokens);
    // "dm new members 'welcome…' and also post in #welcome '<mention> just joined!'": each quote to
    // the message it follows.
    let dmText = text;
    let postText = text;
    const quotes = reader.tokens.filter((t) => t.kind === "quote");
    const dmWord = reader.tokens.find((t) => ["dm", "dms", "privately", "direct"].includes(t.lower));
    if (byDm && channel && dmWord && quotes.length >= 2) {
      const dmQuote = quotes.find((q) => q.index > dmWord.index);
      const channelAt = channel.tokens[0]!.index;
      const postQuote = quotes.find((q) => q.index > channelAt && q !== dmQuote);
      if (dmQuote && postQuote) {
        reader.claim(dmQuote, postQuote);
        dmText = template(dmQuote.text);
        postText = template(postQuote.text);
      }
    } else if (byDm && channel && dmWord && quotes.length === 1 && quotes[0]!.index < dmWord.index) {
      // "post 'Welcome {name}!' in #welcome, and DM them the name of the server plus a link…":
      // the quote is the post; the DM says its own words.
      const sentence = reader.doc.sentences.find((tokens) => tokens.includes(dmWord)) ?? [];
      const rest = sentence.filter((t) => t.index > dmWord.index && t.kind !== "command");
      const end = rest.findIndex((t) => [".", "!", "?", ";"].includes(t.text));
      const words = end < 0 ? rest : rest.slice(0, end);
      if (words.length) {
        const raw = reader.doc.text.slice(words[0]!.start, words.at(-1)!.end);
        const own = spokenText(raw.replace(/^(?:them|him|her|the member|the user)\s+/i, ""));
        if (own.trim()) {
          reader.part(words).claim(dmWord, ...words);
          dmText = template(own);
        }
      }
    }
    if (byDm) {
      actions.unshift(dm("{user}", dmText));
      said.unshift(`sends them "${dmText}" by DM`);
    }
    if (channel || !byDm) {
      const where = channel?.ref ?? facts.welcomeChannel ?? "#welcome";
      actions.unshift({
        do: "send",
        channel: where,
        message: {
          ...(embed ? { embed: { title: "Welcome!", description: postText, fields: [] } } : { text: postText }),
          buttons: link ? [link] : [],
        },
      });
      said.unshift(
        `posts ${embed ? "an embed " : ""}"${postText}" in ${where}${channel || facts.welcomeChannel ? "" : " (no channel was named)"}${link ? ` with a link button "${link.label}" to ${link.url}` : ""}`,
      );
    }
  }
  if (actions.length)
    draft.events.push(
      event({ on: "memberJoin", actions }, `When a member joins: ${said.join(" and ")}`, "welcome", reader),
    );
}

function goodbye(reader: Reader, draft: Draft, facts: Facts): void {
  const text = messageText(reader) ?? "{user.name} left the server.";
  const channel = reader.channel();
  if (channel) reader.claim(...channel.tokens);
  reader.claimWords(
    ...leaveWords,
    "member",
    "user",
    "people",
    "someone",
    "somebody",
    "server",
    "they",
    "the",
    "when",
    "whenever",
    "say",
    "send",
    "post",
    "message",
    "in",
    "channel",
  );
  const where = channel?.ref ?? facts.welcomeChannel ?? "#welcome";
  draft.events.push(
    event(
      { on: "memberLeave", actions: [send(where, text.replace(/\{user\.mention\}/g, "{user.name}"))] },
      `When a member leaves: posts "${text}" in ${where}`,
      "welcome",
      reader,
    ),
  );
}

function event(value: EventPart["event"], plan: string, category: EventPart["category"], reader: Reader): EventPart {
  return { event: value, plan, category, clause: reader.clause };
}

export const membersRecogniser: ClauseRecogniser = {
  id: "members",
  read(reader, draft, facts) {
    const join = reader.tokens.find(
      (t) => t.kind === "word" && !reader.isClaimed(t) && (joinWords.includes(t.base) || joinWords.includes(t.lower)),
    );
    const leave = reader.tokens.find(
      (t) => t.kind === "word" && !reader.isClaimed(t) && (leaveWords.includes(t.base) || leaveWords.includes(t.lower)),
    );
    const newMember = reader.tokens.some(
      (t, i) =>
        t.lower === "new" &&
        ["member", "user", "people", "members", "users"].includes(reader.tokens[i + 1]?.lower ?? ""),
    );
    if (join && leave) {
      const second = join.index < leave.index ? leave : join;
      const [first, rest] = splitBefore(reader, second);
      if (join.index < leave.index) {
        welcome(first, draft, facts);
        goodbye(rest, draft, facts);
      } else {
        goodbye(first, draft, facts);
        welcome(rest, draft, facts);
      }
    } else if (join || newMember) welcome(reader, draft, facts);
    else if (leave && reader.has("member user someone somebody people they goodbye bye farewell"))
      goodbye(reader, draft, facts);
  },
};

/** Words between an emoji and the role it gives. */
const emojiRoleJoiners = new Set(
  "for = -> → : - – is gives give get gets grant grants them the you role a an to means".split(" "),
);

export const reactionRolesRecogniser: ClauseRecogniser = {
  id: "reactionRoles",
  read(reader, draft) {
    if (!reader.has("react", "reaction") || !reader.has("role give gives get gets grant grants")) return;
    const emojis = reader.emojis();
    const roles: { name: string; tokens: Token[] }[] = [];
    let from: Token | undefined;
    for (let guard = 0; guard < 20; guard++) {
      const role = reader.role(from);
      if (!role) break;
      roles.push(role);
      from = role.tokens.reduce((a, b) => (a.index > b.index ? a : b));
    }
    if (!roles.length) {
      // "Reacting with 🎮 on that message gives Gamer, 🎨 gives Artist": the name given after each emoji.
      for (const [i, emoji] of emojis.entries()) {
        const end = emojis[i + 1] ? reader.tokens.indexOf(emojis[i + 1]!) : reader.tokens.length;
        const span = reader.tokens.slice(reader.tokens.indexOf(emoji) + 1, end);
        // "🎮 gives Gamer", "🎮 for Gamer", "🎮 = Gamer", "🎮 -> Gamer", "with 🎮 give them Gamer".
        const verb = span.findIndex((t) => ["give", "gives", "get", "gets", "grant", "grants"].includes(t.lower));
        let k = verb >= 0 ? verb + 1 : 0;
        while (k < Math.min(span.length, 4) && emojiRoleJoiners.has(span[k]!.lower)) k++;
        const name = span[k];
        if (!name || name.kind !== "word" || !/^[A-Z]/.test(name.text)) break;
        roles.push({ name: name.text, tokens: [name, ...span.slice(0, k)] });
      }
    }
    if (!emojis.length || !roles.length) return;
    // "on that message": the one the command before posts.
    const posted =
      reader.has("that this the") && reader.has("message post menu")
        ? [...draft.commands]
            .reverse()
            .flatMap((part) => part.command.actions)
            .find((a) => a.do === "send" && a.channel.startsWith("#"))
        : undefined;
    const channel = reader.channel() ?? (posted?.do === "send" ? { ref: posted.channel, tokens: [] } : null);
    const undo = reader.has("remove unreact removes back lose");
    reader.claim(...emojis, ...roles.flatMap((r) => r.tokens), ...(channel?.tokens ?? []));
    reader.claimWords(
      "react reaction with get give role to in remove unreact back lose take away their them when someone member people on message",
    );
    const count = Math.min(emojis.length, roles.length);
    for (let i = 0; i < count; i++) {
      const emoji = emojis[i]!.text;
      const role = capitalise(roles[i]!.name);
      const where = channel ? { channel: channel.ref } : {};
      draft.events.push(
        event(
          { on: "reactionAdd", emoji, ...where, actions: [{ do: "addRole", member: "{user}", role }] },
          `When someone reacts with ${emoji}${channel ? ` in ${channel.ref}` : ""}: gives them the ${role} role`,
          "roles",
          reader,
        ),
      );
      if (undo)
        draft.events.push(
          event(
            { on: "reactionRemove", emoji, ...where, actions: [{ do: "removeRole", member: "{user}", role }] },
            `When someone removes their ${emoji} reaction: takes the ${role} role back`,
            "roles",
            reader,
          ),
        );
    }
  },
};
