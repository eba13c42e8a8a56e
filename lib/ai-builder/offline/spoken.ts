/**
 * A reply said in words rather than quoted (issue 34): "say hello back using their name" is
 * "Hello, {user.name}!", not the text "hello back using their name"; "reply gm back with a sun
 * emoji" is "gm ☀️". The words about how to say it become placeholders and emoji; the rest is the
 * text. Quoted text is the user's and is never read this way.
 */

/** Emoji people name in words: "a sun emoji", "with a heart". */
export const namedEmoji: Record<string, string> = {
  sun: "☀️",
  sunshine: "☀️",
  sunny: "☀️",
  moon: "🌙",
  star: "⭐",
  heart: "❤️",
  "red heart": "❤️",
  smile: "😊",
  smiley: "😃",
  "smiley face": "😃",
  "happy face": "😊",
  wave: "👋",
  waving: "👋",
  "waving hand": "👋",
  fire: "🔥",
  flame: "🔥",
  "thumbs up": "👍",
  thumbsup: "👍",
  party: "🎉",
  tada: "🎉",
  confetti: "🎉",
  rocket: "🚀",
  clap: "👏",
  eyes: "👀",
  "100": "💯",
  check: "✅",
  "check mark": "✅",
  checkmark: "✅",
  skull: "💀",
  laughing: "😂",
  laugh: "😂",
  crying: "😢",
  sad: "😢",
  coffee: "☕",
  cat: "🐱",
  dog: "🐶",
  pizza: "🍕",
  cake: "🎂",
  "birthday cake": "🎂",
  gift: "🎁",
  trophy: "🏆",
  crown: "👑",
  sparkles: "✨",
  sparkle: "✨",
  wink: "😉",
  cool: "😎",
  sunglasses: "😎",
  ghost: "👻",
  robot: "🤖",
  "ok hand": "👌",
  ok: "👌",
  muscle: "💪",
  flex: "💪",
  pray: "🙏",
  rainbow: "🌈",
  snowflake: "❄️",
  coin: "🪙",
  money: "💰",
  dice: "🎲",
  die: "🎲",
};

const possessive = "(?:their|his|her|the user'?s|the member'?s|the person'?s|the sender'?s|my|your)";
const nameWord = "(?:name|username|user name|nickname|display name)";

/**
 * Facts said in words inside a text: "the name of the server", "how many members", "their name",
 * "a link to our website example.org" are placeholders and the link, not words to copy.
 */
function placeholders(text: string): string {
  return text
    .replace(/\b(?:the\s+)?(?:name of the server|server'?s name|servers name|server name)\b/gi, "{server.name}")
    .replace(
      /\b(?:the\s+)?(?:number of members|member count|how many members(?: there are| it has)?)\b/gi,
      "{server.members}",
    )
    .replace(/\b(?:their|his|her|the user'?s|the member'?s)\s+(?:user)?name\b/gi, "{user.name}")
    .replace(
      /\b(?:a|the)\s+link\s+to\s+(?:our|the|my)?\s*(?:web\s?site|site|page|homepage)?\s*((?:https?:\/\/)?[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/\S*)?)/gi,
      "$1",
    );
}

/** What the text is, once the words about how to say it are read. */
export function spokenText(written: string): string {
  const said = spokenHow(written);
  const facts = placeholders(said);
  return facts === said ? said : facts;
}

function spokenHow(written: string): string {
  let text = written.trim();
  let emoji = "";
  let name = "";
  let mention = "";
  // "… with a sun emoji", "… and a heart emoji", "… plus the fire emoji"
  text = text.replace(
    /\s*(?:,\s*)?(?:with|and|plus|followed by|then)\s+(?:an?|the|some)?\s*([a-z0-9 ]{2,20}?)\s+(?:emoji|emote|emoticon|icon)s?\s*$/i,
    (whole, named: string) => {
      const found = namedEmoji[named.trim().toLowerCase()];
      if (!found) return whole;
      emoji = found;
      return "";
    },
  );
  // "… using their name", "… with their username", "… and their name"
  text = text.replace(
    new RegExp(
      `\\s*(?:,\\s*)?(?:using|with|and|plus|including|followed by|by)\\s+${possessive}\\s+${nameWord}\\s*$`,
      "i",
    ),
    () => {
      name = "{user.name}";
      return "";
    },
  );
  // "replies (with) their name": the name is the whole text.
  if (new RegExp(`^${possessive}\\s+${nameWord}$`, "i").test(text)) return "{user.name}";
  // "… mentioning them", "… and ping them", "… tagging the user"
  text = text.replace(
    /\s*(?:,\s*)?(?:and\s+)?(?:mentioning|pinging|tagging|mention|ping|tag|@)\s+(?:them|him|her|the user|the member|the person)\s*$/i,
    () => {
      mention = "{user.mention}";
      return "";
    },
  );
  // "say hello back", "reply back hello": "back" says where, not what — but "welcome back" and
  // "I'll be back" are the text.
  text = text.replace(/^back\s+with\s+/i, "");
  if (
    !/\b(?:welcome|be|come|coming|get|getting|go|going|right|bounce|fight|comes)\s+back(?:\s+to\s+(?:them|him|her))?\s*$/i.test(
      text,
    )
  ) {
    text = text.replace(/(\S)\s+back(?:\s+to\s+(?:them|him|her))?\s*$/i, "$1");
  }
  if (!name && !mention && !emoji) return text === written.trim() ? written : text;
  // "replies with your name", "please tag them": nothing but the how is left — the placeholder alone.
  if (/^(?:with|and|reply|replies|respond|responds|say|says|please|just|back|then)?$/i.test(text.trim())) text = "";
  if (!text) return [name || mention, emoji].filter(Boolean).join(" ");
  const who = name || mention;
  if (who) {
    const bare = text.replace(/[!.]+$/, "");
    const greeting = bare.charAt(0).toUpperCase() + bare.slice(1);
    text = `${greeting}, ${who}!`;
  }
  return emoji ? `${text} ${emoji}` : text;
}
