/**
 * Reactions on every message of one channel: "anything people type into #suggestions gets ✅ and
 * ❌ reactions", "react 👍 to every message in #memes". Any message there, so the event matches
 * every message and checks the channel first.
 */
import type { Action } from "@/lib/blueprint/schema";

import { equals, ifThen } from "../parts";
import type { ClauseRecogniser } from "./members";

const reactWords = "react reacts reaction reactions";
const messageWords = "message messages anything everything post posts type types typed write writes written send sends";

export const channelReactionsRecogniser: ClauseRecogniser = {
  id: "channel-reactions",
  read(reader, draft) {
    const open = reader.unclaimed();
    const verb = open.find(reactWords);
    if (!verb || !open.has(messageWords) || open.tokens.some((t) => t.kind === "command")) return;
    const emojis = open.emojis();
    const channel = open.channel();
    if (!emojis.length || !channel) return;
    const name = channel.ref.replace(/^#/, "").toLowerCase();
    const reacts: Action[] = emojis.map((emoji) => ({ do: "react", emoji: emoji.text }));
    reader.claim(verb, ...emojis, ...channel.tokens);
    reader.claimWords(
      `${reactWords} ${messageWords} every each all any people someone anyone member members in into straight gets get with and add adds the a that`,
    );
    draft.events.push({
      event: {
        on: "messageMatches",
        pattern: "[\\s\\S]",
        ignoreCase: true,
        actions: [ifThen(equals("{channel.name}", name), reacts)],
      },
      plan: `When someone writes in ${channel.ref}: reacts with ${emojis.map((e) => e.text).join(" ")}`,
      category: "polls",
      clause: reader.clause,
    });
  },
};
