/**
 * Utility commands: say/echo, member and server info, avatar, help and announcements.
 */
import { command, reply, send, type CommandFeature, type CommandPart } from "../parts";
import { declaredOptions, wordOptions } from "./options";

function part(
  draft: ReturnType<typeof command>,
  summary: string,
  strength: 1 | 2 | 3,
  category: CommandPart["category"] = "fun",
): CommandPart {
  return { command: draft, summary, category, strength, clause: null };
}

export const sayFeature: CommandFeature = {
  id: "say",
  category: "utility",
  names: ["say", "echo", "repeat", "parrot", "speak"],
  defaultName: "say",
  cue: (reader) => reader.has("echo repeat parrot") || (reader.has("say") && reader.has("whatever", "anything")),
  implicit: false,
  build({ reader, name, type }) {
    reader.claimWords("echo repeat parrot say whatever anything what text message back type write give");
    const draft = command(name, type, "Make the bot say something", []);
    draft.options.push({ name: "text", description: "What to say", type: "string", required: true });
    const inChannel = reader.find("channel");
    if (inChannel && !reader.channel()) {
      reader.claim(inChannel);
      draft.options.push({ name: "channel", description: "Where to say it", type: "channel", required: false });
      draft.actions.push({
        do: "if",
        when: { test: "isSet", value: "{option.channel}" },
        then: [
          { do: "send", channel: "{option.channel}", message: { text: "{option.text}", buttons: [] } },
          reply("Sent.", true),
        ],
        else: [reply("{option.text}")],
      });
      return [part(draft, "says the text given, here or in the channel given", 3, "utility")];
    }
    const fixed = reader.channel();
    if (fixed) {
      reader.claim(...fixed.tokens);
      draft.actions.push(send(fixed.ref, "{option.text}"), reply(`Sent to ${fixed.ref}.`, true));
      return [part(draft, `says the text given in ${fixed.ref}`, 3, "utility")];
    }
    draft.actions.push(reply("{option.text}"));
    return [part(draft, "says the text given", 3, "utility")];
  },
};

const transforms = [
  {
    property: "reversed",
    words: "reverse reverses reversed backwards backward flip flips",
    names: ["reverse", "backwards", "flip"],
    says: "the text backwards",
  },
  {
    property: "upper",
    words: "uppercase upper caps capitals capital shout shouts loud",
    names: ["upper", "uppercase", "caps", "shout", "loud"],
    says: "the text in capitals",
  },
  {
    property: "lower",
    words: "lowercase lower small quiet",
    names: ["lower", "lowercase", "quiet"],
    says: "the text in small letters",
  },
  {
    property: "length",
    words: "length long characters chars letters count counts",
    names: ["length", "charcount", "chars", "characters", "len"],
    says: "how many characters the text has",
  },
] as const;

/** "/reverse <text> flips the text backwards", "/caps turns your text into capitals", "/length counts the characters". */
export const textTransformFeature: CommandFeature = {
  id: "texttransform",
  category: "fun",
  names: transforms.flatMap((transform) => transform.names),
  defaultName: "reverse",
  cue: (reader) =>
    reader.has("text message word words sentence what you whatever") &&
    transforms.some((transform) => reader.has(transform.words)) &&
    !reader.has("member members user users role roles channel server"),
  implicit: false,
  build({ reader, name, type }) {
    const transform =
      transforms.find((item) => (item.names as readonly string[]).includes(name)) ??
      transforms.find((item) => reader.has(item.words));
    if (!transform) return [];
    const mention = reader.clause.mentions.find((m) => m.name === name);
    const from = mention?.tokens[mention.tokens.length - 1];
    const said = [...(from ? declaredOptions(reader, from) : []), ...wordOptions(reader, from)].find(
      (option) => option.type === "string",
    );
    const option = said?.name ?? "text";
    reader.claimWords(
      `${transform.words} text message word words sentence the it its your you type typed give gives given what whatever into turns turn makes make and replies reply says say with back how many has in`,
    );
    const draft = command(name, type, transform.says[0]!.toUpperCase() + transform.says.slice(1), [
      reply(
        transform.property === "length"
          ? `{option.${option}.length} characters`
          : `{option.${option}.${transform.property}}`,
      ),
    ]);
    draft.options.push({ name: option, description: "The text", type: "string", required: true });
    return [part(draft, `replies with ${transform.says}`, 3, "fun")];
  },
};

export const userInfoFeature: CommandFeature = {
  id: "userinfo",
  category: "utility",
  names: ["userinfo", "whois", "memberinfo", "user", "profile", "ui"],
  defaultName: "userinfo",
  // "info about a member", "shows details of the user" — not "someone uses /fact … about animals".
  cue: (reader) =>
    (reader.has("info information detail details profile") ||
      reader
        .findAll("about")
        .some((t) =>
          ["a", "the", "someone", "user", "member", "them", "their", "people", "yourself", "you"].includes(
            reader.next(t)?.lower ?? "",
          ),
        )) &&
    reader.has("user member someone person profile"),
  implicit: true,
  build({ reader, name, type }) {
    reader.claimWords(
      "info information about detail user member someone person profile show display their id name give username",
    );
    // "optional — when nobody is picked it shows whoever ran it": what it does anyway.
    if (reader.has("nobody noone whoever yourself themselves default"))
      reader.claimWords(
        "optional when nobody noone no one is picked given chosen mentioned it should whoever ran who yourself themselves default",
      );
    // The facts the words ask for, besides name and id: "which roles they have", "their avatar".
    const roles = reader.claimWords("role roles");
    const avatar = reader.claimWords("avatar pfp picture");
    const about = (who: string) =>
      `**{${who}.name}** — {${who}.mention}, id {${who}.id}` +
      (roles ? `\nRoles: {${who}.roles}` : "") +
      (avatar ? `\n{${who}.avatar}` : "");
    const draft = command(name, type, "About a member", [
      {
        do: "if",
        when: { test: "isSet", value: "{option.member}" },
        then: [reply(about("option.member"))],
        else: [reply(about("user") + (avatar ? "" : "\n{user.avatar}"))],
      },
    ]);
    draft.options.push({ name: "member", description: "Who (default: you)", type: "user", required: false });
    const facts = ["name", "id", ...(roles ? ["roles"] : []), ...(avatar ? ["avatar"] : [])];
    return [
      part(
        draft,
        `shows a member's ${facts.slice(0, -1).join(", ")} and ${facts[facts.length - 1]} (yours if no member is given)`,
        3,
        "utility",
      ),
    ];
  },
};

export const serverInfoFeature: CommandFeature = {
  id: "serverinfo",
  category: "utility",
  names: ["serverinfo", "server", "guildinfo", "guild", "si", "stats", "membercount"],
  defaultName: "serverinfo",
  cue: (reader) => reader.has("info information about stat detail count") && reader.has("server", "guild"),
  implicit: true,
  build({ reader, name, type }) {
    reader.claimWords("info information about stat detail server guild show display member count how many name");
    const draft = command(name, type, "About this server", [
      {
        do: "reply",
        message: {
          embed: { title: "{server.name}", description: "{server.members} members", fields: [] },
          buttons: [],
        },
        ephemeral: false,
      },
    ]);
    return [part(draft, "shows the server's name and member count", 3, "utility")];
  },
};

export const avatarFeature: CommandFeature = {
  id: "avatar",
  category: "utility",
  names: ["avatar", "pfp", "av", "icon"],
  defaultName: "avatar",
  cue: (reader) => reader.has("avatar", "pfp"),
  implicit: true,
  build({ reader, name, type }) {
    // "someone's profile picture", "their avatar", "takes a user": whose, defaulting to yours.
    const anyone =
      reader.has("someone someone's somebody user member their target anyone person mentioned other") ||
      // "/avatar [user]", "/pfp <member>": a member written in the usage line.
      reader.tokens.some(
        (t) => t.kind === "arg" && /^(user|member|target|who|person|someone|mention)$/.test(t.arg?.name ?? ""),
      );
    reader.claimWords(
      "avatar pfp profile picture show your their own someone someone's big large bigger full size image",
    );
    if (!anyone)
      return [part(command(name, type, "Your avatar", [reply("{user.avatar}")]), "shows your avatar", 3, "utility")];
    const draft = command(name, type, "A member's avatar", [
      {
        do: "if",
        when: { test: "isSet", value: "{option.member}" },
        then: [reply("{option.member.avatar}")],
        else: [reply("{user.avatar}")],
      },
    ]);
    draft.options.push({ name: "member", description: "Whose (default: yours)", type: "user", required: false });
    return [part(draft, "shows a member's avatar (yours if no member is given)", 3, "utility")];
  },
};

export const helpFeature: CommandFeature = {
  id: "help",
  category: "utility",
  names: ["help", "commands"],
  defaultName: "help",
  cue: (reader) =>
    reader.has("list show shows display") &&
    reader.has("command commands") &&
    (reader.has("list") || reader.has("every all available")),
  implicit: false,
  build({ reader, name, type }) {
    reader.claimWords("list show all command every available what describe");
    // The text is filled in by assembly, once every command is known.
    return [
      {
        ...part(command(name, type, "What this bot can do", [reply("…")]), "lists the bot's commands", 3, "utility"),
        help: true,
      },
    ];
  },
};

export const announceFeature: CommandFeature = {
  id: "announce",
  category: "utility",
  names: ["announce", "announcement", "broadcast", "post"],
  defaultName: "announce",
  cue: (reader) => reader.has("announce announcement broadcast"),
  implicit: false,
  build({ reader, name, type }) {
    const fixed = reader.channel();
    if (fixed) reader.claim(...fixed.tokens);
    reader.claimWords("announce announcement broadcast post send message text in to an embed channel");
    const draft = command(name, type, "Post an announcement", []);
    draft.options.push({ name: "text", description: "What to announce", type: "string", required: true });
    const post = (channel: string) => ({
      do: "send" as const,
      channel,
      message: { embed: { title: "Announcement", description: "{option.text}", fields: [] }, buttons: [] },
    });
    if (fixed) {
      draft.actions.push(post(fixed.ref), reply(`Announced in ${fixed.ref}.`, type === "slash"));
      return [part(draft, `posts the text given as an announcement in ${fixed.ref}`, 3, "utility")];
    }
    draft.options.push({ name: "channel", description: "Where to post it", type: "channel", required: true });
    draft.actions.push(post("{option.channel}"), reply("Announced.", type === "slash"));
    return [part(draft, "posts the text given as an announcement in the channel given", 3, "utility")];
  },
};
