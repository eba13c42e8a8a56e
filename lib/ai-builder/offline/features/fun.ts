/**
 * Fun commands known by their name when the words say little more: a gesture at a member
 * ("/hug @user", "/slap <user> slaps them": "@Sam hugs @Riley! 🤗"), "/ship" two members with a
 * love percentage, "/rate <thing>" out of 10 (or the "out of N" said).
 */
import type { Action } from "@/lib/blueprint/schema";

import { capitalise, command, reply, type CommandPart, type OptionInput } from "../parts";
import type { Reader } from "../read";

const gestures: Record<string, { does: string; emoji: string }> = {
  hug: { does: "hugs", emoji: "🤗" },
  cuddle: { does: "cuddles", emoji: "🥰" },
  pat: { does: "pats", emoji: "🫶" },
  headpat: { does: "pats", emoji: "🫶" },
  pet: { does: "pets", emoji: "🫶" },
  poke: { does: "pokes", emoji: "👉" },
  boop: { does: "boops", emoji: "👉" },
  slap: { does: "slaps", emoji: "👋" },
  bonk: { does: "bonks", emoji: "🔨" },
  punch: { does: "punches", emoji: "👊" },
  highfive: { does: "high-fives", emoji: "🙌" },
  kiss: { does: "kisses", emoji: "😘" },
  tickle: { does: "tickles", emoji: "🤭" },
  wave: { does: "waves at", emoji: "👋" },
  wink: { does: "winks at", emoji: "😉" },
  bite: { does: "bites", emoji: "😬" },
  nom: { does: "noms", emoji: "😋" },
  handshake: { does: "shakes hands with", emoji: "🤝" },
  thank: { does: "thanks", emoji: "🙏" },
  cheer: { does: "cheers for", emoji: "🎉" },
};

export const funNames = [...Object.keys(gestures), "ship", "love", "rate", "lovecalc", "compatibility"];

function part(draft: ReturnType<typeof command>, summary: string): CommandPart {
  return { command: draft, summary, category: "fun", strength: 3, clause: null };
}

/** The command a fun name makes on its own, or null when the name is not one of these. */
export function funByName(
  reader: Reader,
  name: string,
  type: "slash" | "prefix",
  declared: readonly OptionInput[],
): CommandPart | null {
  const key = name.toLowerCase().replace(/[-_]/g, "");
  const users = declared.filter((o) => o.type === "user");
  const gesture = gestures[key];
  if (gesture) {
    const member = users[0]?.name ?? "user";
    reader.claimWords(`${key} ${key}s ${gesture.does} them someone user member a to the send sends give gives`);
    const draft = command(name, type, `${capitalise(gesture.does)} someone`, [
      reply(`{user.mention} ${gesture.does} {option.${member}.mention}! ${gesture.emoji}`),
    ]);
    draft.options.push({ name: member, description: "Who", type: "user", required: true });
    return part(draft, `replies "@you ${gesture.does} @them! ${gesture.emoji}" about the member given`);
  }
  if (["ship", "love", "lovecalc", "compatibility"].includes(key)) {
    reader.claimWords(
      "ship love percentage percent compatibility match gives shows calculates how much two users members people between and a their",
    );
    const [first, second] = users;
    const one = first?.name ?? "user1";
    const two = second?.name ?? (first ? "user2" : "user2");
    const actions: Action[] = [
      { do: "random", min: 0, max: 100, saveAs: "percent" },
      reply(`💘 {option.${one}.name} + {option.${two}.name}: {result.percent}% compatible`),
    ];
    const draft = command(name, type, "How well two members match", actions);
    draft.options.push(
      { name: one, description: "The first member", type: "user", required: true },
      { name: two, description: "The second member", type: "user", required: true },
    );
    return part(draft, "gives two members a random love percentage (0–100 %)");
  }
  if (key === "rate") {
    const outOf = reader.tokens.find((t, i) => t.lower === "of" && reader.tokens[i - 1]?.lower === "out");
    const max = outOf ? reader.next(outOf)?.number : undefined;
    const top = max && Number.isInteger(max) && max >= 2 && max <= 1000 ? max : 10;
    if (outOf) reader.claim(reader.next(outOf, -1), outOf, reader.next(outOf));
    reader.claimWords("rate rates rating it thing something anything");
    const text = declared.find((o) => o.type === "string");
    const thing = text?.name ?? "thing";
    const draft = command(name, type, `Rate something out of ${top}`, [
      { do: "random", min: 1, max: top, saveAs: "score" },
      reply(`I rate {option.${thing}} {result.score}/${top}`),
    ]);
    draft.options.push({ name: thing, description: "What to rate", type: "string", required: true });
    return part(draft, `rates what you give out of ${top}, at random`);
  }
  return null;
}
