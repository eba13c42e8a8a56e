/**
 * Reactions counted on a message a command posts: '/gamenight posts "…React with ✅ if you're
 * in!" in #events. Count every ✅ reaction on it, and /gamenight-count shows how many people are
 * in.' The posting command remembers its message (and starts the count again); a reaction with
 * that emoji on that message adds one, taking it back takes one off; the count is kept in `data`.
 */
import type { Action } from "@/lib/blueprint/schema";

import { addData, command, equals, ifThen, reply } from "../parts";
import type { ClauseRecogniser } from "./members";

export const reactionCountRecogniser: ClauseRecogniser = {
  id: "reaction-count",
  read(reader, draft) {
    const count = reader.find("count counts counting tally");
    const emoji = reader.emojis()[0];
    if (!count || !emoji || !reader.has("reaction reactions react")) return;
    // The message counted: the one the last command before this sentence posts in a channel.
    const poster = [...draft.commands].reverse().find((part) => {
      const start = reader.tokens[0]?.index ?? 0;
      return (
        (part.clause?.tokens[0]?.index ?? Infinity) < start &&
        part.command.actions.some((a) => a.do === "send" && a.channel.startsWith("#"))
      );
    });
    if (!poster) return;
    const send = poster.command.actions.find((a) => a.do === "send" && a.channel.startsWith("#"));
    if (!send || send.do !== "send") return;
    const base = poster.command.name.replace(/[^a-z0-9_]/g, "_").slice(0, 20);
    const message = `${base}_message`;
    const total = `${base}_count`;
    addData(draft, { name: message, kind: "text", scope: "server" });
    addData(draft, { name: total, kind: "number", scope: "server", initial: "0" });
    send.saveAs = "posted";
    const at = poster.command.actions.indexOf(send);
    poster.command.actions.splice(
      at + 1,
      0,
      { do: "store", data: message, op: "set", value: "{result.posted.id}" },
      { do: "store", data: total, op: "set", value: "0" },
    );
    const onIt = (op: "increment" | "decrement"): Action[] => [
      ifThen(equals("{message.id}", `{data.${message}}`), [{ do: "store", data: total, op }]),
    ];
    for (const [on, op] of [
      ["reactionAdd", "increment"],
      ["reactionRemove", "decrement"],
    ] as const)
      draft.events.push({
        event: { on, emoji: emoji.text, channel: send.channel, actions: onIt(op) },
        plan:
          op === "increment"
            ? `When someone reacts ${emoji.text} on the /${poster.command.name} message: counts one more`
            : `When someone takes back their ${emoji.text} there: counts one less`,
        category: "polls",
        clause: reader.clause,
      });
    reader.claim(count, emoji);
    reader.claimWords("every each all reaction reactions react on it the");
    // "…and /gamenight-count shows how many people are in": the command that shows the count.
    const sentence = reader.part(reader.doc.sentences[reader.clause.sentence] ?? reader.tokens);
    const shower = sentence.tokens.find(
      (t) => t.kind === "command" && !draft.commands.some((c) => c.command.name === t.command!.name),
    );
    if (shower?.command && sentence.has("show shows how many")) {
      const label = `${shower.command.type === "slash" ? "/" : "!"}${shower.command.name}`;
      draft.notes = draft.notes.filter((note) => note.text !== label);
      sentence.claim(shower);
      sentence.claimWords("show shows how many people are in count");
      draft.commands.push({
        command: command(shower.command.name, shower.command.type, `How many ${emoji.text} so far`, [
          { do: "store", data: total, op: "get", saveAs: "count" },
          reply(`${emoji.text} {result.count} so far.`),
        ]),
        summary: `shows how many ${emoji.text} reactions the /${poster.command.name} message has`,
        category: "polls",
        strength: 3,
        clause: reader.clause,
        feature: "reaction-count",
      });
    }
  },
};
