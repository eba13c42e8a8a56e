/**
 * A vote between answers the description lists ("/vote food where food is pizza, burgers or
 * tacos. everyone can vote once") and a command that shows the tally ("/results shows how many
 * votes each food has"). Votes are kept per server, by answer; "once" is kept per member.
 */
import type { Action } from "@/lib/blueprint/schema";

import { addData, command, equals, ifThen, reply, type CommandFeature, type CommandPart } from "../parts";

function part(draft: ReturnType<typeof command>, summary: string, feature: string): CommandPart {
  return { command: draft, summary, category: "polls", strength: 3, clause: null, feature };
}

const tally = "votes";

export const voteFeature: CommandFeature = {
  id: "vote",
  category: "polls",
  names: ["vote"],
  defaultName: "vote",
  cue: () => false,
  implicit: false,
  build({ reader, name, type, draft }) {
    const mention = reader.clause.mentions.find((m) => m.name === name);
    const last = mention?.tokens[mention.tokens.length - 1];
    const argument = last ? reader.next(last) : undefined;
    const key =
      argument && (argument.kind === "word" || argument.kind === "arg") ? (argument.arg?.name ?? argument.lower) : null;
    if (!key || !/^[a-z][a-z0-9_-]{0,31}$/.test(key)) return [];
    // "where food is pizza, burgers or tacos", "between pizza, burgers and tacos".
    const marker =
      reader.tokens.find(
        (t, i) => (t.lower === "is" || t.lower === "are") && reader.tokens[i - 1]?.lower === key && t !== argument,
      ) ?? reader.find("between");
    const listed = marker ? reader.list(marker) : { items: [], tokens: [] };
    const answers = listed.items
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean)
      .slice(0, 25);
    if (answers.length < 2) return [];
    // "everyone can vote once" may be its own sentence.
    const doc = reader.doc.tokens;
    const onceToken = doc.find(
      (t, i) => t.lower === "once" && doc.slice(Math.max(0, i - 3), i).some((v) => v.base === "vote"),
    );
    const once = Boolean(onceToken);
    reader.claim(argument, marker, ...listed.tokens);
    if (onceToken) {
      // The sentence saying so: its words are understood here.
      const at = doc.indexOf(onceToken);
      const around = doc.slice(Math.max(0, at - 4), at + 8).filter((t) => !/^[.!?]$/.test(t.text) || t.index < at);
      reader.part(around).claimWords("everyone anyone can vote once a second is refused each member only");
    }
    reader.claimWords("where vote everyone can once a second is refused anyone each member");
    addData(draft, { name: tally, kind: "number", scope: "server", keyed: true, initial: "0" });
    const guard: Action[] = [];
    if (once) {
      addData(draft, { name: "voted", kind: "number", scope: "member", initial: "0" });
      guard.push(
        { do: "store", data: "voted", op: "get", saveAs: "voted" },
        ifThen(equals("{result.voted}", "1"), [reply("You already voted.", type === "slash"), { do: "stop" }]),
        { do: "store", data: "voted", op: "set", value: "1" },
      );
    }
    const draft_ = command(name, type, `Vote for a ${key}`, [
      ...guard,
      { do: "store", data: tally, op: "increment", key: `{option.${key}}`, saveAs: "count" },
      reply(`Your vote for {option.${key}} is counted.`, type === "slash"),
    ]);
    draft_.options.push({
      name: key,
      description: `Your ${key}`,
      type: "string",
      required: true,
      choices: answers.map((answer) => ({ name: answer, value: answer })),
    });
    return [part(draft_, `counts a vote for ${answers.join(", ")}${once ? " (once per member)" : ""}`, "vote")];
  },
};

export const voteResultsFeature: CommandFeature = {
  id: "results",
  category: "polls",
  names: ["results", "tally", "votes"],
  defaultName: "results",
  cue: (reader) => reader.has("vote votes") && reader.has("show shows how many results tally count"),
  implicit: false,
  build({ reader, name, type, draft }) {
    reader.claimWords("show shows how many votes vote each has have results tally count");
    addData(draft, { name: tally, kind: "number", scope: "server", keyed: true, initial: "0" });
    const draft_ = command(name, type, "The votes so far", [
      { do: "store", data: tally, op: "list", order: "highest", saveAs: "all" },
      reply("Votes so far:\n{result.all}"),
    ]);
    return [part(draft_, "shows how many votes each answer has", "results")];
  },
};
