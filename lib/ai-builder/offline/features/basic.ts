/**
 * Everyday commands: replies and step-by-step commands ("/ping replies Pong!"), rock paper
 * scissors, dice, coins, the magic 8-ball and random picks from lists.
 */
import type { Action } from "@/lib/blueprint/schema";

import { contentAt, contentNamed, contentNames, type ContentTopic } from "../content";
import { capitalise, command, reply, template, type CommandFeature, type CommandPart } from "../parts";
import type { Reader } from "../read";
import type { Token } from "../text";
import { compose, givesValue } from "./compose";
import { funByName, funNames } from "./fun";
import { declaredOptions, defaultNear, isOptional, wordOptions } from "./options";

const replyVerbs = [
  "reply",
  "respond",
  "answer",
  "say",
  "return",
  "print",
  "output",
  "tell",
  "send",
  "post",
  "show",
  "display",
  "write",
];

/** The text a command replies with, and the words that said so. */
export function replyText(reader: Reader, extra: Record<string, string> = {}): { text: string; verb: Token } | null {
  for (const verb of reader.findAll(...replyVerbs)) {
    if (reader.isClaimed(verb)) continue;
    const found = reader.textAfter(verb);
    if (!found) continue;
    reader.claim(verb, ...found.tokens);
    return { text: template(found.text, extra), verb };
  }
  return null;
}

/** Placeholders people use for the member a command is about: "/hug @user replies '{user} hugs {member}'". */
const target = "{option.member.mention}";
const targetNames = {
  member: target,
  target,
  them: target,
  victim: target,
  mentioned: target,
  "@member": target,
  // "<your name> hugs <their name>": theirs is the member the command is about.
  their_name: "{option.member.name}",
  their_username: "{option.member.name}",
  their_mention: target,
  target_name: "{option.member.name}",
  "target's_name": "{option.member.name}",
  member_name: "{option.member.name}",
};

/**
 * A command that does what the description says step by step (compose.ts), or, for /ping and
 * /hello said with nothing more, what they always do.
 */
export const replyFeature: CommandFeature = {
  id: "reply",
  category: "utility",
  names: ["ping", "hello", "hi", "hey", ...contentNames, ...funNames],
  defaultName: "hello",
  cue: (reader) =>
    reader.findAll(...replyVerbs, "post announce").some((verb) => reader.textAfter(verb) !== null) ||
    givesValue(reader) ||
    // "/iamnot <role> to drop it": a role the member types, given or taken.
    (reader.tokens.some((t) => t.kind === "arg" && /^roles?$/.test(t.arg?.name ?? "")) &&
      (reader.has("give get drop remove take leave lose add") ||
        reader.tokens.some(
          (t) =>
            t.kind === "command" &&
            ["add", "give", "get", "join", "remove", "take", "drop", "leave"].includes(t.command?.name ?? ""),
        ))) ||
    (reader.has("give add remove take toggle toggles") && reader.has("role")) ||
    // "/greet <user> welcomes them with a mention".
    reader.tokens.some(
      (t, i) =>
        ["welcome", "greet"].includes(t.base) &&
        ["them", "him", "her", "the", "user", "member"].includes(reader.tokens[i + 1]?.lower ?? ""),
    ) ||
    // "/red gives Team Red": a role named right after giving.
    reader
      .findAll("give gives")
      .some((verb) => /^[A-Z]/.test(reader.next(verb)?.text ?? "") && reader.next(verb)?.kind === "word"),
  implicit: false,
  build({ reader, name, type, draft: built, named }) {
    const mention = reader.clause.mentions.find((m) => m.name === name);
    const usage = mention ? declaredOptions(reader, mention.tokens[mention.tokens.length - 1]!) : [];
    const declared = usage.length ? usage : wordOptions(reader, mention?.tokens[mention.tokens.length - 1]);
    const quoted = reader.quotes().some((q) => /[{<]\s*(member|target|victim|mentioned|them)\s*[}>]/i.test(q.text));
    if (quoted && !declared.some((o) => o.type === "user"))
      declared.unshift({ name: "member", description: "Who", type: "user", required: true });
    const member = declared.find((o) => o.type === "user");
    const extra: Record<string, string> = member?.name === "member" ? { ...targetNames } : {};
    for (const option of declared)
      extra[option.name] ??= option.type === "user" ? `{option.${option.name}.mention}` : `{option.${option.name}}`;
    const composed = compose(reader, member ? `{option.${member.name}}` : null, extra, declared, name);
    const byName = reader.has("name") && reader.has("greet", "greets", "hello", "by");
    const usual: Record<string, string> = {
      ping: "Pong!",
      hello: byName ? "Hello, {user.name}!" : "Hello, {user.mention}!",
      hi: "Hi, {user.mention}!",
      hey: "Hey, {user.mention}!",
    };
    // "/gamenight ping" is not /ping: a sub-command does what its own words say, or nothing; and
    // a clause that names no command makes no stock /hello.
    // "/joke", "!wyr asks a would you rather question": a text the builder writes, picked at random.
    const topic = composed.actions.length || built.parents?.has(name) || !named ? null : contentNamed(name);
    if (topic) return [contentCommand(reader, name, type, topic, member?.name)];
    const fun =
      composed.actions.length || built.parents?.has(name) || !named ? null : funByName(reader, name, type, declared);
    if (fun) return [fun];
    if (!composed.actions.length && (!usual[name] || built.parents?.has(name) || !named)) return [];
    if (name === "ping") reader.claimWords("pong latency");
    if (!composed.actions.length) reader.claimWords("greet greets user by name them");
    const answers = composed.actions.length ? composed.actions : [reply(usual[name]!)];
    // "/ping shows the bot's latency": still a pong, with the latency.
    const [only] = answers;
    if (name === "ping" && answers.length === 1 && only?.do === "reply" && only.message.text?.startsWith("{bot.ping}"))
      only.message.text = `Pong! ${only.message.text}`;
    if (answers.length === 1 && only?.do === "reply" && only.message.text === "{bot.uptime}")
      only.message.text = "Online for {bot.uptime}.";
    // An optional member left out is whoever ran the command: "/whois [user] shows their name".
    const actions = member && member.required === false ? yoursWhenLeftOut(answers, member.name) : answers;
    // A command that only changes roles still answers (a slash command must), saying what it did.
    if (composed.actions.length && !says(composed.actions))
      actions.push(...roleAnswers(composed.actions, member?.name));
    const said = composed.said.length ? composed.said.join(", ") : `replies "${usual[name]}"`;
    const draft = command(name, type, capitalise(said).slice(0, 100), actions);
    // Options read from words are kept when the command uses them; one it does not use is said
    // as not understood (user-names.ts), never kept as a field that does nothing.
    const used = JSON.stringify(actions);
    draft.options = usage.length ? declared : declared.filter((o) => used.includes(`{option.${o.name}`));
    return [part(draft, said.length > 160 ? said.slice(0, 157) + "…" : said, composed.actions.length ? 3 : 2)];
  },
};

/** A command that answers one of the texts the builder wrote for its topic (a joke, a fact, a dare). */
function contentCommand(
  reader: Reader,
  name: string,
  type: "slash" | "prefix",
  topic: ContentTopic,
  member: string | undefined,
): CommandPart {
  // The words that name the topic ("asks a would you rather question") are what it does.
  const lower = reader.tokens.map((t) => t.lower);
  for (let i = 0; i < lower.length; i++) {
    const found = contentAt(lower, i);
    if (found?.topic.id !== topic.id) continue;
    reader.claim(...reader.tokens.slice(i, i + found.used));
    reader.claim(reader.tokens[i - 1]?.stop ? reader.tokens[i - 1] : undefined);
    reader.claim(...reader.tokens.filter((t) => ["ask", "tell", "give", "get", "random"].includes(t.base)));
    break;
  }
  const text = member ? `{option.${member}.mention} {result.${topic.id}}` : `{result.${topic.id}}`;
  const draft = command(name, type, `Replies with a random ${topic.label.replace(/s$/, "")}`.slice(0, 100), [
    { do: "random", choices: [...topic.items], saveAs: topic.id },
    reply(text),
  ]);
  if (member) draft.options.push({ name: member, description: "Who", type: "user", required: true });
  return part(draft, `picks one of ${topic.items.length} ${topic.label} the builder wrote, and replies with it`, 3);
}

/**
 * The actions for an optional member option: as they are when it is given, and about whoever ran
 * the command when it is left out ({option.user.name} → {user.name}).
 */
function yoursWhenLeftOut(actions: Action[], option: string): Action[] {
  const text = JSON.stringify(actions);
  if (!text.includes(`{option.${option}`)) return actions;
  const escaped = option.replace(/[-]/g, "\\-");
  const yours = text
    .replace(new RegExp(`\\{option\\.${escaped}\\.(name|mention|id|avatar|roles)\\}`, "g"), "{user.$1}")
    .replace(new RegExp(`\\{option\\.${escaped}\\}`, "g"), "{user}");
  return [
    {
      do: "if",
      when: { test: "isSet", value: `{option.${option}}` },
      then: actions,
      else: JSON.parse(yours) as Action[],
    },
  ];
}

/** Does any of the actions (or those inside them) answer or post something? */
function says(actions: readonly Action[]): boolean {
  return actions.some((action) =>
    action.do === "reply" || action.do === "send" || action.do === "dm" || action.do === "showModal"
      ? true
      : action.do === "if"
        ? says(action.then) || says(action.else)
        : action.do === "wait"
          ? says(action.then)
          : false,
  );
}

/** "You now have the Gamer role." after the role actions of a command that said nothing else. */
function roleAnswers(actions: readonly Action[], memberOption: string | undefined): Action[] {
  const who = memberOption ? `{option.${memberOption}.mention}` : "you";
  const whose = memberOption ? `{option.${memberOption}.mention} has` : "You have";
  const roleActions = actions.filter(
    (action): action is Extract<Action, { do: "addRole" | "removeRole" | "toggleRole" }> =>
      action.do === "addRole" || action.do === "removeRole" || action.do === "toggleRole",
  );
  // Several plain changes: one answer that says them all ("Took the Unverified role from you. Gave you the Verified role.").
  if (roleActions.length > 1 && roleActions.every((action) => action.do !== "toggleRole"))
    return [
      reply(
        roleActions
          .map((action) =>
            action.do === "addRole"
              ? `Gave ${who} the ${action.role} role.`
              : `Took the ${action.role} role from ${who}.`,
          )
          .join(" "),
      ),
    ];
  return roleActions.map((action) =>
    action.do === "toggleRole"
      ? {
          do: "if",
          when: { test: "hasRole", member: action.member, role: action.role },
          then: [reply(`${whose} the ${action.role} role now.`)],
          else: [
            reply(
              `${memberOption ? `{option.${memberOption}.mention} no longer has` : "You no longer have"} the ${action.role} role.`,
            ),
          ],
        }
      : reply(
          action.do === "addRole"
            ? `Gave ${who} the ${action.role} role.`
            : `Took the ${action.role} role from ${who}.`,
        ),
  );
}

export const rpsFeature: CommandFeature = {
  id: "rps",
  category: "fun",
  names: ["rps", "rockpaperscissors", "rock-paper-scissors"],
  defaultName: "rps",
  cue: (reader) => reader.has("rock") && reader.has("paper", "scissors", "scissor"),
  implicit: true,
  build({ reader, name, type }) {
    reader.claimWords(
      "rock paper scissors scissor play game against bot pick picks one at random say says what it picked if you won win lost lose tie draw choice where is",
    );
    const moves = ["rock", "paper", "scissors"];
    const draft = command(name, type, "Play rock, paper, scissors", [
      { do: "random", choices: moves, saveAs: "mine" },
      {
        do: "if",
        when: { test: "compare", left: "{option.choice}", op: "==", right: "{result.mine}" },
        then: [reply("I chose {result.mine} too: a tie!")],
        else: [
          {
            do: "if",
            // Rock beats scissors, paper beats rock, scissors beat paper.
            when: {
              test: "any",
              conditions: moves.map((move, i) => ({
                test: "all" as const,
                conditions: [
                  { test: "compare" as const, left: "{option.choice}", op: "==" as const, right: move },
                  { test: "compare" as const, left: "{result.mine}", op: "==" as const, right: moves[(i + 2) % 3]! },
                ],
              })),
            },
            then: [reply("You chose {option.choice}, I chose {result.mine}: you win!")],
            else: [reply("You chose {option.choice}, I chose {result.mine}: you lose!")],
          },
        ],
      },
    ]);
    draft.options.push({
      name: "choice",
      description: "Your move",
      type: "string",
      required: true,
      choices: moves.map((move) => ({ name: move[0]!.toUpperCase() + move.slice(1), value: move })),
    });
    return [part(draft, "plays rock, paper, scissors against you and says who won", 3)];
  },
};

function part(
  draft: ReturnType<typeof command>,
  summary: string,
  strength: 1 | 2 | 3,
  category: CommandPart["category"] = "fun",
): CommandPart {
  return { command: draft, summary, category, strength, clause: null };
}

/** "dice notation like 2d6 or 1d20+5": the examples of dice a member types, and their words. */
function diceWritten(reader: Reader): { examples: string[]; tokens: Token[] } | null {
  const found = reader.tokens.filter((t) => /^\d{0,3}d\d{1,4}$/i.test(t.text));
  if (!found.length && !reader.tokens.some((t) => t.lower === "notation")) return null;
  if (!found.length && !reader.has("dice die")) return null;
  const tokens: Token[] = [];
  const examples: string[] = [];
  for (const token of found) {
    // "1d20+5": the modifier written after it.
    const sign = reader.next(token);
    const number = sign && reader.next(sign);
    const modified =
      sign && ["+", "-"].includes(sign.text) && sign.joined && number?.number !== undefined && number.joined;
    // "2d6" may come as "2" and "d6".
    const before = reader.next(token, -1);
    const count = token.joined && before?.kind === "number" ? before : undefined;
    tokens.push(...(count ? [count] : []), token, ...(modified ? [sign, number] : []));
    const dice = `${count ? count.text : ""}${token.text}`;
    examples.push(modified ? `${dice}${sign.text}${number.text}` : dice);
  }
  // "(the +N gets added to the total)": the modifier described.
  const plusN = reader.tokens.filter((t) => /^\+?n$/i.test(t.text) || t.text === "+");
  tokens.push(...plusN);
  return { examples: examples.length ? examples : ["2d6"], tokens };
}

export const diceFeature: CommandFeature = {
  id: "dice",
  category: "fun",
  names: ["roll", "dice", "die", "rolldice", "diceroll", "d6", "d20"],
  defaultName: "roll",
  cue: (reader) =>
    reader.has("die", "dice") || (reader.has("roll") && reader.has("side", "sided")) || diceWritten(reader) !== null,
  implicit: true,
  build({ reader, name, type, named }) {
    const typed = typedRange(reader, name, type);
    if (typed) return [typed];
    // "takes dice notation like 2d6 or 1d20+5 and says the total": the dice the member types.
    const written = diceWritten(reader);
    if (written) {
      reader.claim(...written.tokens);
      reader.claimWords(
        "roll rolls die dice notation like or takes take type types the total says say replies reply gets added to it sum result as and with a an of",
      );
      const argument = reader.tokens.find((t) => t.kind === "arg");
      const option = argument?.arg?.name ?? "dice";
      if (argument) reader.claim(argument);
      const draft = command(name, type, "Roll dice like 2d6 or 1d20+5", [
        { do: "random", dice: `{option.${option}}`, saveAs: "total" },
        reply(`🎲 {option.${option}}: **{result.total}**`),
      ]);
      draft.options.push({ name: option, description: "Dice like 2d6 or 1d20+5", type: "string", required: true });
      return [part(draft, `rolls the dice you type (like ${written.examples.join(" or ")}) and says the total`, 3)];
    }
    reader.claimWords("roll die dice random number between");
    // "The result is a random number between 1 and the number of sides."
    if (reader.has("between") && reader.has("side", "sides"))
      reader.claimWords("result is a an 1 and the of whole option called side sides");
    const sideWord = reader.find("side sided face");
    // "/roll [sides]", "/roll <faces>": the option as written in the usage line.
    const sideArg = reader.tokens.find(
      (t) => t.kind === "arg" && /^(sides?|faces?|max|maximum|size|n|number|d|die)$/.test(t.arg?.name ?? ""),
    );
    // "rolls 2 dice", "two six-sided dice and adds them up": that many, the total.
    const diceWord = reader.tokens.find((t) => t.lower === "dice" || t.lower === "die");
    let at = diceWord ? reader.tokens.indexOf(diceWord) - 1 : -1;
    let sides = 6;
    if (at >= 1 && reader.tokens[at]?.lower === "sided") {
      const size = reader.tokens[at - (reader.tokens[at - 1]?.text === "-" ? 2 : 1)];
      if (size?.number && Number.isInteger(size.number) && size.number >= 2 && size.number <= 1000) {
        sides = size.number;
        at = reader.tokens.indexOf(size) - 1;
      }
    }
    const count = at >= 0 ? reader.tokens[at] : undefined;
    const many = count?.number;
    if (many && Number.isInteger(many) && many >= 2 && many <= 100 && !sideArg) {
      reader.claim(...reader.tokens.slice(at, reader.tokens.indexOf(diceWord!) + 1));
      reader.claimWords("add adds them up together total sum shows show says the and");
      const dice = `${many}d${sides}`;
      const draft = command(name, type, `Roll ${dice}`, [
        { do: "random", dice, saveAs: "roll" },
        reply(`🎲 {user.mention} rolled {result.roll} (${dice}).`),
      ]);
      return [part(draft, `rolls ${many} ${sides}-sided dice and says the total`, 3)];
    }
    const draft = command(name, type, "Roll a die", []);
    let range = "1–6";
    if (sideArg?.arg && !(sideWord?.lower === "sided" && reader.numberNear(sideWord, -1)?.number)) {
      reader.claim(sideArg, ...(sideWord ? [sideWord] : []));
      const fallback = defaultNear(reader, sideArg) ?? (sideWord ? defaultNear(reader, sideWord) : undefined);
      const optional = sideArg.arg.optional || (sideWord ? isOptional(reader, sideWord) : false);
      const option = sideArg.arg.name;
      draft.options.push({
        name: option,
        description: "How many sides",
        type: "integer",
        required: !optional && !fallback,
        ...(optional || fallback
          ? { default: String(fallback?.number && fallback.number >= 1 ? Math.floor(fallback.number) : 6) }
          : {}),
        min: 1,
        max: 1000,
      });
      range = `1–{option.${option}}`;
      draft.actions.push({ do: "random", min: 1, max: `{option.${option}}`, saveAs: "roll" });
    } else if (sideWord) {
      reader.claim(sideWord, reader.next(sideWord, -1)?.lower === "of" ? reader.next(sideWord, -1) : undefined);
      const fixed = sideWord.lower === "sided" ? reader.numberNear(sideWord, -1) : undefined;
      if (fixed?.number && fixed.number >= 2) {
        reader.claim(fixed);
        range = `1–${fixed.number}`;
        draft.actions.push({ do: "random", min: 1, max: Math.min(fixed.number, 1_000_000), saveAs: "roll" });
      } else {
        const optional = isOptional(reader, sideWord);
        const fallback = defaultNear(reader, sideWord);
        const defaultSides =
          fallback?.number && fallback.number >= 1 ? String(Math.floor(fallback.number)) : optional ? "6" : undefined;
        draft.options.push({
          name: "sides",
          description: "How many sides",
          type: "integer",
          required: !optional && !fallback,
          ...(defaultSides && (optional || fallback) ? { default: defaultSides } : {}),
          // "between 1 and the number of sides": one side is a die too.
          min: 1,
          max: 1000,
        });
        range = "1–{option.sides}";
        draft.actions.push({ do: "random", min: 1, max: "{option.sides}", saveAs: "roll" });
      }
    } else {
      draft.actions.push({ do: "random", min: 1, max: 6, saveAs: "roll" });
    }
    draft.actions.push(reply(`🎲 {user.mention} rolled {result.roll} (${range}).`));
    const summary =
      range === "1–6"
        ? "rolls a six-sided die"
        : range.includes("option")
          ? "rolls a die"
          : `rolls a ${range.slice(2)}-sided die`;
    return [part(draft, summary, named && !reader.has("die dice roll") ? 2 : 3)];
  },
};

export const coinFeature: CommandFeature = {
  id: "coin",
  category: "fun",
  names: ["coin", "coinflip", "flip", "flipcoin", "cointoss", "toss", "headsortails"],
  defaultName: "coinflip",
  cue: (reader) => reader.has("coin") && reader.has("flip toss head tail"),
  implicit: true,
  build({ reader, name, type }) {
    reader.claimWords("flip coin toss head tail or random randomly either");
    // "that says heads or tails": the answer it gives anyway.
    for (const verb of reader.findAll("say says reply replies answer answers tell tells"))
      if (
        reader
          .after(verb)
          .slice(0, 3)
          .some((t) => ["head", "heads", "tail", "tails"].includes(t.lower))
      )
        reader.claim(verb);
    const draft = command(name, type, "Flip a coin", [
      { do: "random", choices: ["Heads", "Tails"], saveAs: "side" },
      reply("🪙 {result.side}!"),
    ]);
    return [part(draft, "flips a coin (heads or tails)", 3)];
  },
};

const classicAnswers = [
  "It is certain.",
  "Without a doubt.",
  "Yes.",
  "Most likely.",
  "Ask again later.",
  "Cannot predict now.",
  "Don't count on it.",
  "My sources say no.",
];

export const eightBallFeature: CommandFeature = {
  id: "8ball",
  category: "fun",
  names: ["8ball", "eightball", "magic8ball", "8-ball", "magicball", "fortune", "magic"],
  defaultName: "8ball",
  cue: (reader) =>
    reader.tokens.some(
      (t, i) => t.lower === "ball" && ["8", "eight", "magic"].includes(reader.tokens[i - 1]?.lower ?? ""),
    ),
  implicit: true,
  build({ reader, name, type }) {
    const listed = answerList(reader);
    reader.claim(
      ...reader.tokens.filter(
        (t, i) => t.lower === "ball" || (t.lower === "8" && reader.tokens[i + 1]?.lower === "ball"),
      ),
    );
    reader.claimWords("magic eight question ask answer random randomly yes no maybe predict with");
    const draft = command(name, type, "Ask the magic 8-ball", [
      { do: "random", choices: listed.length >= 2 ? listed : classicAnswers, saveAs: "answer" },
      reply("> {option.question}\n🎱 {result.answer}"),
    ]);
    draft.options.push({ name: "question", description: "Your question", type: "string", required: true });
    return [
      part(
        draft,
        `answers a question with one of ${listed.length >= 2 ? listed.length : "eight"} answers at random`,
        3,
      ),
    ];
  },
};

/** Answers given as a list ("answers: yes, no, maybe" or several quotes). */
function answerList(reader: Reader): string[] {
  const quotes = reader.quotes();
  if (quotes.length >= 2) {
    reader.claim(...quotes);
    return quotes
      .map((q) => q.text.trim())
      .filter(Boolean)
      .slice(0, 100);
  }
  const bullets = bulletItems(reader);
  if (bullets.length >= 2) return bullets.map((item) => template(item)).slice(0, 100);
  const cues = reader.tokens
    .filter((t) => [":", "between", "from"].includes(t.lower) || t.base === "answer" || t.base === "choice")
    .sort((a, b) => Number(b.lower === ":") - Number(a.lower === ":"));
  for (const cue of cues) {
    const { items, tokens } = reader.list(cue);
    if (items.length < 2) continue;
    reader.claim(cue, ...tokens);
    return items.map((item) => template(item)).slice(0, 100);
  }
  return [];
}

/** "from this list: What's your favourite game? / Cats or dogs?" */
function slashItems(reader: Reader): string[] {
  const colon = reader.tokens.find((t) => t.lower === ":");
  if (!colon) return [];
  // To the end of the line: "?" ends wink's sentences, not the list.
  const rest = reader.doc.tokens.slice(colon.index + 1);
  const end = rest.findIndex((t) => t.lineStart || t.kind === "command");
  const line = end < 0 ? rest : rest.slice(0, end);
  if (!line.length) return [];
  const text = reader.doc.text.slice(colon.end, line[line.length - 1]!.end);
  if (!text.includes(" / ")) return [];
  const items = text
    .split(" / ")
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length >= 2) reader.claim(...line);
  return items.length >= 2 ? items.map((item) => item.slice(0, 500)) : [];
}

/**
 * Items on the lines after the clause: "tell one of these at random:\n- Why do…\n- I told…",
 * or separated by " / " ("What's your favourite game? / Cats or dogs?").
 */
export function bulletItems(reader: Reader): string[] {
  const slashed = slashItems(reader);
  if (slashed.length >= 2) return slashed;
  const doc = reader.doc;
  const last = reader.tokens[reader.tokens.length - 1];
  if (!last) return [];
  const items: string[] = [];
  const used: typeof doc.tokens = [];
  let current: typeof doc.tokens = [];
  const flush = () => {
    if (current.length) items.push(doc.text.slice(current[0]!.start, current[current.length - 1]!.end).trim());
    used.push(...current);
    current = [];
  };
  for (const token of doc.tokens.slice(last.index + 1)) {
    if (token.lineStart && ["-", "*", "•"].includes(token.lower)) {
      flush();
      used.push(token);
      continue;
    }
    if (token.lineStart && !current.length && !items.length) break;
    if (token.lineStart && !["-", "*", "•"].includes(token.lower)) break;
    if (token.kind === "command") break;
    current.push(token);
  }
  flush();
  if (items.length < 2) return [];
  reader.claim(...used);
  return items.map((item) => item.slice(0, 500));
}

/** "a random number between 1 and 100", "a random score out of 10": a roll, not a pick from a list. */
function rollSaid(reader: Reader): boolean {
  return reader.tokens.some((token, i) => {
    if (token.lower !== "random") return false;
    const next = reader.tokens.slice(i + 1, i + 3).map((t) => t.lower);
    const after = reader.tokens.slice(i + 1, i + 6);
    return (
      next.some((word) => ["number", "score", "rating", "percentage", "percent", "integer"].includes(word)) &&
      after.some((t) => t.number !== undefined)
    );
  });
}

/** "/random <min> <max> gives a random number", "a number between min and max": a whole number in the range typed. */
function typedRange(reader: Reader, name: string, type: "slash" | "prefix"): CommandPart | null {
  // "/random <min> <max> gives a random number", "a number between min and max": the range typed.
  const args = reader.tokens.filter((t) => t.kind === "arg");
  const bounds = args.filter((t) =>
    /^(min|max|minimum|maximum|low|high|lowest|highest|from|to|start|end)$/.test(t.arg?.name ?? ""),
  );
  if (
    reader.has("number") &&
    (bounds.length === 2 || (!args.length && reader.has("min minimum") && reader.has("max maximum")))
  ) {
    const [low, high] = bounds.length === 2 ? bounds.map((t) => t.arg!.name) : ["min", "max"];
    reader.claim(...bounds);
    reader.claimWords(
      "random number whole gives give a between and min max minimum maximum from to picks pick replies with",
    );
    const draft = command(name, type, "A random number from min to max", [
      { do: "random", min: `{option.${low}}`, max: `{option.${high}}`, saveAs: "number" },
      reply(`🎲 {result.number}`),
    ]);
    draft.options.push(
      { name: low!, description: "The smallest it may be", type: "integer", required: true },
      { name: high!, description: "The largest it may be", type: "integer", required: true },
    );
    return part(draft, `picks a whole number from ${low} to ${high} at random`, 3);
  }
  return null;
}

export const chooseFeature: CommandFeature = {
  id: "choose",
  category: "fun",
  names: ["choose", "pick", "random", "choice", "decide"],
  defaultName: "pick",
  cue: (reader) =>
    reader.has("random randomly pick choose") &&
    !rollSaid(reader) &&
    (reader.quotes().length >= 2 || reader.has("among from between") || reader.tokens.some((t) => t.lower === ":")),
  implicit: false,
  build({ reader, name, type }) {
    const typed = typedRange(reader, name, type);
    if (typed) return [typed];
    const listed = answerList(reader);
    reader.claimWords(
      "random randomly pick choose one choice reply respond say tell with of answer from between these",
    );
    if (listed.length >= 2) {
      const draft = command(name, type, "Pick one at random", [
        { do: "random", choices: listed, saveAs: "choice" },
        reply("{result.choice}"),
      ]);
      return [part(draft, `replies with one of ${listed.length} answers at random`, 3)];
    }
    // "/choose lets you give options separated by commas": one text the member types, split into its items.
    const two = reader.has("two both") || reader.tokens.filter((t) => t.kind === "arg").length === 2;
    // "/choose <options>": one text the member types, named as written.
    const listArg = reader.tokens.find(
      (t) => t.kind === "arg" && /^(options|choices|things|items|list|stuff|words)$/.test(t.arg?.name ?? ""),
    );
    const listed_ =
      listArg !== undefined ||
      reader.has("options choices things items list separated seperated comma commas bunch several");
    if (!two && listed_) {
      const option = listArg?.arg?.name ?? "options";
      if (listArg) reader.claim(listArg);
      reader.claimWords(
        "option options thing things give gives user lets let u you a bunch of several many multiple list separated seperated by with commas comma or",
      );
      const draft = command(name, type, "Pick one of the options you list", [
        { do: "random", from: `{option.${option}}`, saveAs: "choice" },
        reply("I pick **{result.choice}**."),
      ]);
      draft.options.push({
        name: option,
        description: "Options, separated by commas (or: tea or coffee)",
        type: "string",
        required: true,
      });
      return [part(draft, "picks one of the options the member lists (separated by commas) at random", 2)];
    }
    reader.claimWords("option thing two between give user");
    const draft = command(name, type, "Pick one of two", [
      { do: "random", choices: ["{option.first}", "{option.second}"], saveAs: "choice" },
      reply("I pick **{result.choice}**."),
    ]);
    draft.options.push(
      { name: "first", description: "One choice", type: "string", required: true },
      { name: "second", description: "The other choice", type: "string", required: true },
    );
    return [part(draft, "picks one of two choices at random", 2)];
  },
};
