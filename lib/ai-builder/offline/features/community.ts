/**
 * Community commands: polls with reactions, suggestions posted to a channel, and
 * roles members give themselves (by command, buttons or reactions).
 */
import type { Action } from "@/lib/blueprint/schema";
import { listMarkers } from "@/lib/blueprint/vocabulary";

import {
  addData,
  command,
  equals,
  ifThen,
  reply,
  template,
  type CommandFeature,
  type CommandPart,
  type Draft,
  type EventPart,
} from "../parts";
import type { Reader } from "../read";
import type { Token } from "../text";
import { replyFeature } from "./basic";
import { roleAfter } from "./compose";
import { declaredOptions } from "./options";

function part(
  draft: ReturnType<typeof command>,
  summary: string,
  feature: string,
  category: CommandPart["category"],
): CommandPart {
  return { command: draft, summary, category, strength: 3, clause: null, feature };
}

const thumbs = ["👍", "👎"];

export const pollFeature: CommandFeature = {
  id: "poll",
  category: "polls",
  names: ["poll", "survey", "yesno"],
  defaultName: "poll",
  cue: (reader) => reader.has("poll", "survey") || (reader.has("vote") && reader.has("reaction", "react")),
  implicit: true,
  build({ reader, name, type, draft }) {
    const typed = typedChoicesPoll(reader, name, type);
    if (typed) return typed;
    const buttons = buttonPoll(reader, name, type, draft);
    if (buttons) return buttons;
    reader.claimWords(
      "poll survey vote voting reaction react with add thumb up down yes no question member people can make create start message adds so",
    );
    const emojis = reader
      .emojis()
      .map((t) => t.text)
      .slice(0, 10);
    reader.claim(...reader.emojis());
    const chosen = emojis.length >= 2 ? emojis : thumbs;
    const mention = reader.clause.mentions.find((m) => m.name === name);
    const reactions = emojis.length >= 2 || reader.has("react reacts reaction reactions emoji emojis");
    // "/poll <question> <a> <b>": each answer typed on its own, shown with the reaction that votes for it.
    const written = mention ? declaredOptions(reader, mention.tokens[mention.tokens.length - 1]!) : [];
    const answers = written.filter(
      (o) => !["user", "channel", "role"].includes(o.type) && !/^(question|q|title|text|topic|prompt)$/.test(o.name),
    );
    const question = written.find((o) => !answers.includes(o))?.name ?? "question";
    const listed = answers.length >= 2 && answers.length <= 10;
    if (listed) reader.claim(...reader.tokens.filter((t) => t.kind === "arg"));
    if (
      type === "slash" &&
      mention?.type === "slash" &&
      mention.tokens[0]?.kind === "command" &&
      !reactions &&
      !listed
    ) {
      // "/poll with a question and options": a poll with Yes and No buttons; answers typed each
      // time cannot be buttons, which is said.
      const answers = reader.find("options option choices choice answers answer");
      const poll = buttonPoll(reader, name, type, draft, ["Yes", "No"]);
      if (poll) {
        if (answers) {
          reader.claim(answers);
          draft.notes.push({
            text: answers.text,
            reason: `A poll's answers are its buttons, fixed when the bot is built: /${name} has Yes and No. Name them to change them, e.g. "/${name} with the buttons 'Pizza' and 'Tacos'".`,
          });
        }
        return poll;
      }
    }
    // "!poll <question>": the member's own message is the poll; the bot reacts on it.
    if (type === "prefix" && !reader.has("repost reposts")) {
      reader.claimWords("posts post sends send it the message");
      const draft_ = command(
        name,
        "prefix",
        "Start a poll",
        chosen.map((emoji) => ({ do: "react" as const, emoji })),
      );
      draft_.options.push({ name: "question", description: "The question", type: "string", required: true });
      return [part(draft_, `reacts to the poll message with ${chosen.join(" ")} so members can vote`, "poll", "polls")];
    }
    // The question posted where the command is used, the bot's reactions on it for members to vote with.
    const channel = reader.channel();
    if (channel) reader.claim(...channel.tokens);
    reader.claimWords("posts post reposts repost sends send it in the channel");
    const where = channel?.ref ?? "here";
    const marks = listed
      ? emojis.length === answers.length
        ? emojis
        : listMarkers.numbered.slice(0, answers.length)
      : chosen;
    const text = listed
      ? [`📊 {option.${question}}`, ...answers.map((o, i) => `${marks[i]} {option.${o.name}}`)].join("\n")
      : `📊 {option.${question}}`;
    const actions: Action[] = [
      { do: "send", channel: where, message: { text, buttons: [] }, saveAs: "poll" },
      ...marks.map((emoji) => ({ do: "react" as const, emoji, message: "{result.poll}" })),
    ];
    if (type === "slash") actions.push(reply(where === "here" ? "Poll posted." : `Poll posted in ${where}.`, true));
    const draft_ = command(name, type, "Start a poll", actions);
    draft_.options.push({ name: question, description: "The question", type: "string", required: true });
    if (listed)
      draft_.options.push(
        ...answers.map((o, i) => ({
          name: o.name,
          description: `Answer ${i + 1}`,
          type: "string" as const,
          required: true,
        })),
      );
    const place = where === "here" ? "" : ` in ${where}`;
    return [
      part(
        draft_,
        `posts the question${listed ? " and the answers typed" : ""}${place} and reacts with ${marks.join(" ")} so members can vote`,
        "poll",
        "polls",
      ),
    ];
  },
};

/**
 * "/poll where i put the question and then the choices separated by commas, and it shows them as a
 * numbered list so we can react with 1️⃣ 2️⃣ 3️⃣": the choices typed each time, shown one a line
 * after a number (or a letter, 🇦 🇧), and one reaction a choice, up to 10.
 */
function typedChoicesPoll(reader: Reader, name: string, type: "slash" | "prefix"): CommandPart[] | null {
  if (type !== "slash") return null;
  const word = reader.find("choices options answers");
  if (!word || !reader.has("separated seperated split comma commas list")) return null;
  if (reader.has("button buttons")) return null;
  const letters = reader.emojis().some((t) => /\p{Regional_Indicator}/u.test(t.text)) || reader.has("letter letters");
  const kind = letters ? "lettered" : "numbered";
  const choices =
    word.lower === "choice" || word.lower === "option" || word.lower === "answer" ? `${word.lower}s` : word.lower;
  const markers = letters ? [..."🇦🇧🇨🇩🇪🇫🇬🇭🇮🇯"] : ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"];
  reader.claim(word, ...reader.emojis());
  reader.claimWords(
    "poll survey vote voting react reacts reaction reactions with question i put then the and it shows show them as a numbered lettered letter letters list so we can separated seperated split by commas comma etc where up to",
  );
  const actions: Action[] = [
    {
      do: "send",
      channel: "here",
      message: { text: `📊 **{option.question}**\n{option.${choices}.${kind}}`, buttons: [] },
      saveAs: "poll",
    },
    // One reaction a choice typed.
    ...markers.map((emoji, index) =>
      ifThen({ test: "compare", left: `{option.${choices}.count}`, op: ">", right: String(index) }, [
        { do: "react", emoji, message: "{result.poll}" },
      ]),
    ),
    reply("Poll posted.", true),
  ];
  const poll = command(name, type, "Start a poll of your own choices", actions);
  poll.options.push(
    { name: "question", description: "The question", type: "string", required: true },
    { name: choices, description: "The choices, separated by commas (up to 10)", type: "string", required: true },
  );
  return [
    part(
      poll,
      `posts the question with the ${choices} typed (separated by commas) as a ${kind} list, and reacts with ${markers.slice(0, 3).join(" ")} … one a choice (up to 10) so members can vote`,
      "poll",
      "polls",
    ),
  ];
}

/**
 * "/poll <question> posts the question with two buttons, Yes and No, and keeps count of the
 * votes": a button per answer; each click counts for that answer (one stored tally per server: a
 * button knows no message it sits on) and tells the voter the counts so far.
 */
function buttonPoll(
  reader: Reader,
  name: string,
  type: "slash" | "prefix",
  draft: Draft,
  fallback?: string[],
): CommandPart[] | null {
  const word = reader.find("button buttons");
  if (!word && !fallback) return null;
  const listed = word ? reader.list(word, ["and", "that", "which", "to", "so"]) : { items: [], tokens: [] };
  const before = word
    ? reader.tokens.slice(Math.max(0, reader.tokens.indexOf(word) - 6), reader.tokens.indexOf(word))
    : [];
  let labels = (listed.items.length >= 2 ? listed.items : before.filter((t) => t.kind === "quote").map((t) => t.text))
    .map((label) => label.trim().slice(0, 80))
    .filter(Boolean)
    .slice(0, 5);
  if (labels.length < 2 && fallback) labels = fallback;
  if (labels.length < 2) return null;
  if (word) reader.claim(word, ...listed.tokens);
  reader.claimWords(
    "poll survey vote votes voting with two three four five question post posts the it keep keeps count counts of and",
  );
  const ids: string[] = [];
  for (const label of labels) {
    const base = ("vote_" + label.toLowerCase().replace(/[^a-z0-9]+/g, "_")).slice(0, 28).replace(/_+$/, "");
    let id = base;
    for (let n = 2; ids.includes(id); n++) id = `${base}_${n}`;
    ids.push(id);
    addData(draft, { name: id, kind: "number", scope: "server", initial: "0" });
  }
  const counted = (i: number) => ids[i]!;
  const draft_ = command(name, type, "Start a poll", [
    {
      do: "reply",
      message: {
        text: "📊 {option.question}",
        buttons: labels.map((label, i) => ({ id: ids[i]!, label, style: i === 0 ? "primary" : "secondary" })),
      },
      ephemeral: false,
    },
  ]);
  draft_.options.push({ name: "question", description: "The question", type: "string", required: true });
  const tally = labels.map((label, i) => `${label}: {result.${counted(i)}}`).join(" · ");
  labels.forEach((label, i) => {
    draft.events.push({
      event: {
        on: "button",
        button: ids[i]!,
        actions: [
          { do: "store", data: ids[i]!, op: "increment" },
          ...labels.map((_, k) => ({
            do: "store" as const,
            data: ids[k]!,
            op: "get" as const,
            saveAs: counted(k),
          })),
          reply(`You voted ${label}. ${tally}`, true),
        ],
      },
      plan: `When someone clicks ${label}: counts a vote for ${label} (one tally for the server) and shows the counts`,
      category: "polls",
      clause: reader.clause,
    });
  });
  return [
    part(draft_, `posts the question with the buttons ${labels.join(", ")} and counts the votes`, "poll", "polls"),
  ];
}

export const suggestFeature: CommandFeature = {
  id: "suggest",
  category: "polls",
  names: ["suggest", "suggestion", "idea", "feedback"],
  defaultName: "suggest",
  cue: (reader) => reader.has("suggestion", "suggest"),
  implicit: true,
  build({ reader, name, type, named }) {
    // "/accept number or /deny number", "/suggestions-count says how many": not making a suggestion.
    if (
      named &&
      (!/suggest|idea|feedback/.test(name) || /count|total|stats|list|accept|deny|approve|reject/.test(name))
    )
      return [];
    const channel = reader.channel();
    if (channel) reader.claim(...channel.tokens);
    // "replies only to them 'Thanks for your suggestion!'"
    const replyVerb = reader.find("reply replies respond tell thank answer answers say says");
    const said = replyVerb ? reader.after(replyVerb).find((t) => t.kind === "quote") : undefined;
    const thanks = said ? template(said.text) : undefined;
    if (said)
      reader.claim(
        replyVerb,
        said,
        ...reader
          .after(replyVerb)
          .slice(0, 4)
          .filter((t) => ["only", "to", "them", "privately"].includes(t.lower)),
      );
    reader.claimWords(
      "suggestion suggest idea feedback post send submit make to channel member people can their embed who suggested it with",
    );
    const where = channel?.ref ?? "#suggestions";
    // "with a 👍 and 👎 so everyone can vote": the bot's reactions on what it posted.
    const vote = reader.find("react reacts reaction reactions vote upvote downvote");
    const emojis = reader
      .emojis()
      .map((t) => t.text)
      .slice(0, 10);
    const reactions = emojis.length ? emojis : vote ? thumbs : [];
    if (vote || emojis.length) {
      reader.claim(vote, ...reader.emojis());
      reader.claimWords(
        "react reacts reaction reactions vote upvote downvote thumb up down so every1 everyone can on it and a",
      );
    }
    const draft_ = command(name, type, "Make a suggestion", [
      {
        do: "send",
        channel: where,
        message: {
          embed: { title: "Suggestion from {user.name}", description: "{option.idea}", fields: [] },
          buttons: [],
        },
        ...(reactions.length ? { saveAs: "suggestion" } : {}),
      },
      ...reactions.map((emoji) => ({ do: "react" as const, emoji, message: "{result.suggestion}" })),
      reply(thanks ?? `Thanks! Your suggestion was posted in ${where}.`, type === "slash"),
    ]);
    draft_.options.push({ name: "idea", description: "Your suggestion", type: "string", required: true });
    return [
      part(draft_, `posts the suggestion in ${where}${channel ? "" : " (no channel was named)"}`, "suggest", "polls"),
    ];
  },
};

/** Role names listed in the clause ("roles: Red, Green and Blue", "'News' and 'Events' roles"). */
export function roleList(reader: Reader): string[] {
  const quotes = reader.quotes();
  if (quotes.length) {
    reader.claim(...quotes);
    return quotes.map((q) => q.text.trim()).filter(Boolean);
  }
  const cues = reader.tokens
    .filter(
      (t, i) =>
        (t.base === "role" && t.lower.endsWith("s")) ||
        t.lower === ":" ||
        t.lower === "like" ||
        t.lower === "such" ||
        // "with buttons Red, Green, Blue", "buttons for Red, Green and Blue roles".
        ["buttons", "button"].includes(t.lower) ||
        (t.lower === "for" && ["buttons", "button", "reactions"].includes(reader.tokens[i - 1]?.lower ?? "")),
    )
    .sort((a, b) => Number(b.lower === ":") - Number(a.lower === ":"));
  // The list that reads most like role names: several, each a name of a few words (not "a message").
  let best: { items: string[]; tokens: Token[]; cue: Token } | null = null;
  for (const cue of cues) {
    const { items, tokens } = reader.list(cue, [
      "button",
      "reaction",
      "command",
      "when",
      "react",
      "click",
      "member",
      "can",
      "that",
      "which",
      "to",
      "in",
    ]);
    const names = items
      .map((item) =>
        item
          .replace(/^(?:the\s+)?roles?\s+/i, "")
          .replace(/\s+roles?$/i, "")
          .trim(),
      )
      .filter((item) => item && !/^(?:a|an|the|for|with)\b/i.test(item) && item.split(/\s+/).length <= 3);
    if (!names.length || names.length < items.length) continue;
    if (!best || names.length > best.items.length) best = { items: names, tokens, cue };
  }
  if (!best) return [];
  reader.claim(best.cue, ...best.tokens);
  return best.items.map((item) => (/^[a-z]/.test(item) ? item[0]!.toUpperCase() + item.slice(1) : item));
}

const idOf = (role: string, used: Set<string>) => {
  const base = ("role_" + role.toLowerCase().replace(/[^a-z0-9]+/g, "_")).slice(0, 28).replace(/_+$/, "") || "role";
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
  used.add(id);
  return id;
};

export const selfRolesFeature: CommandFeature = {
  id: "selfroles",
  category: "roles",
  names: [
    "roles",
    "role",
    "selfrole",
    "selfroles",
    "getrole",
    "iam",
    "rolemenu",
    "rolepicker",
    "colors",
    "colours",
    "pronouns",
    "verifypanel",
  ],
  defaultName: "roles",
  cue: (reader) =>
    (reader.has("role") && reader.has("self pick choose assign toggle menu picker button")) ||
    (reader.has("role") && reader.has("themselves yourself") && reader.has("give get take")) ||
    reader.has("verify", "verification"),
  implicit: true,
  build(input) {
    const { reader, name, type, draft, named } = input;
    // "/iam <role> to give yourself a role from the list (…)": the role the member types.
    const mention = reader.clause.mentions.find((m) => m.name === name);
    // (A pick that also takes the role away again — "if they already have it, take it away" — is
    // the self-roles toggle below.)
    if (
      !reader.has("already toggle toggles instead") &&
      mention &&
      declaredOptions(reader.part([...reader.tokens]), mention.tokens[mention.tokens.length - 1]!).some(
        (o) => o.type === "role",
      )
    )
      return replyFeature.build(input).map((made) => ({ ...made, feature: "selfroles" }));
    // "/verify gives him the Verified role and says 'You are verified now!'": a command that does
    // it, not a panel of buttons.
    if (
      named &&
      !reader.has("button buttons menu panel picker react reaction reacts list choose pick themselves yourself or") &&
      reader.findAll("give gives add adds").some((verb) => {
        // "gives a pronoun role: he/him, she/her": the roles are listed after the colon.
        const role = roleAfter(reader, verb);
        const last = role?.tokens[role.tokens.length - 1];
        return role !== null && reader.doc.tokens[(last?.index ?? -2) + 1]?.text !== ":";
      })
    )
      return replyFeature.build(input).map((made) => ({ ...made, feature: "selfroles" }));
    // "/gamer toggles the Gamer role": one role, given or taken by the command itself.
    if (
      reader.has("toggle toggles switch") &&
      !reader.has("button buttons menu panel picker list self") &&
      reader.role()
    )
      return replyFeature.build(input);
    // "/rolemenu posts 'React to get a role: 🎮 Gamer'" in #roles: a command that posts that message
    // (the reactions are read from their own sentence by the reaction-roles recogniser).
    if (
      reader.has("post posts send sends") &&
      reader.quotes().length &&
      reader.channel() &&
      !reader.has("button buttons")
    )
      return replyFeature.build(input);
    const verify = reader.has("verify verification verified");
    const verifiedRole = verify ? reader.role() : null;
    if (verifiedRole) reader.claim(...verifiedRole.tokens);
    const roles = verify ? [verifiedRole?.name ?? "Verified"] : roleList(reader);
    reader.claimWords(
      "role self assign pick choose toggle themselves their own get give take remove menu picker panel member can click button verify verification post message add by",
    );
    if (!roles.length) {
      if (!named) return [];
      draft.notes.push({
        text: reader.clause.tokens
          .map((t) => t.text)
          .join(" ")
          .slice(0, 200),
        reason: "Name the roles members can pick, e.g. roles 'News', 'Events' and 'Gaming'.",
      });
      return [];
    }
    const buttons = verify || reader.has("button panel click");
    if (buttons) return buttonRoles(reader, name, type, draft, roles.slice(0, 5), verify, named);
    const draft_ = command(name, "slash", "Give yourself a role (or take it back)", [
      ...roles
        .slice(0, 25)
        .map((role) =>
          ifThen(equals("{option.role}", role), [
            { do: "toggleRole", member: "{user}", role },
            reply(`Toggled the ${role} role.`, true),
            { do: "stop" },
          ]),
        ),
      reply("That role cannot be self-assigned.", true),
    ]);
    draft_.options.push({
      name: "role",
      description: "Which role",
      type: "string",
      required: true,
      choices: roles.slice(0, 25).map((role) => ({ name: role, value: role })),
    });
    void type;
    return [
      part(
        draft_,
        `gives you one of these roles, or takes it back: ${roles.slice(0, 25).join(", ")}`,
        "selfroles",
        "roles",
      ),
    ];
  },
};

function buttonRoles(
  reader: Reader,
  name: string,
  type: "slash" | "prefix",
  draft: Draft,
  roles: string[],
  verify: boolean,
  named: boolean,
): CommandPart[] {
  const used = new Set<string>();
  const ids = roles.map((role) => (verify ? "verify" : idOf(role, used)));
  const panelName = name === "roles" && verify ? "verifypanel" : name;
  const draft_ = command(panelName, type, verify ? "Post the verify button" : "Post the role buttons", [
    {
      do: "send",
      channel: "here",
      message: {
        text: verify ? "Click the button to get access." : "Pick your roles:",
        buttons: roles.map((role, i) => ({
          id: ids[i]!,
          label: verify ? "Verify" : role,
          style: i === 0 ? "primary" : "secondary",
        })),
      },
    },
    reply("Posted.", type === "slash"),
  ]);
  // A panel command the description did not name is made for staff to post; one it names and
  // describes ("/pronouns posts a message with buttons") is for whoever the description says.
  if (!named) draft_.permissions = ["ManageRoles"];
  const events: EventPart[] = roles.map((role, i) => ({
    event: {
      on: "button",
      button: ids[i]!,
      actions: verify
        ? [{ do: "addRole", member: "{user}", role }, reply(`You now have the ${role} role.`, true)]
        : [{ do: "toggleRole", member: "{user}", role }, reply(`Toggled the ${role} role.`, true)],
    },
    plan: verify
      ? `When someone clicks Verify: gives them the ${role} role`
      : `When someone clicks ${role}: gives them the ${role} role, or takes it back`,
    category: "roles",
    clause: reader.clause,
  }));
  draft.events.push(...events);
  return [
    part(
      draft_,
      verify ? "posts a Verify button" : `posts buttons for the roles ${roles.join(", ")}`,
      "selfroles",
      "roles",
    ),
  ];
}
