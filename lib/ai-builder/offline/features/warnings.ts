/**
 * Warnings kept per member: /warn (its ladder is added once every sentence is read),
 * /warnings and /clearwarnings.
 */
import { addData, command, dm, reply, template, type CommandFeature, type CommandPart } from "../parts";
import { readLadder } from "./ladder";
import { memberOption, reasonOption } from "./options";

function part(draft: ReturnType<typeof command>, summary: string, feature: string): CommandPart {
  draft.permissions = ["ModerateMembers"];
  return { command: draft, summary, category: "moderation", strength: 3, clause: null, feature };
}

export const warnFeature: CommandFeature = {
  id: "warn",
  category: "moderation",
  names: ["warn", "strike", "infraction"],
  defaultName: "warn",
  cue: (reader) => reader.has("warn") && reader.has("member user someone people command"),
  implicit: true,
  build({ reader, name, type, draft }) {
    reader.claimWords("warn warning give count keep track store per each member their");
    draft.ladder.push(...readLadder(reader));
    addData(draft, { name: "warnings", kind: "number", scope: "member", initial: "0" });
    const command_ = command(name, type, "Warn a member", []);
    command_.options.push(memberOption(reader, "Who to warn"), reasonOption(reader));
    // "the bot should post in the channel: '⚠️ @user you have been warned: <reason>'": the warning as
    // the user wrote it, said in the channel (or sent as the DM when the words say so).
    const first = reader.tokens[0];
    const sentence = first ? reader.doc.sentences.find((tokens) => tokens.includes(first)) : undefined;
    const about = sentence ? reader.part(sentence.filter((t) => t.index >= first!.index)) : reader;
    const extra = {
      "@user": "{option.member.mention}",
      "@member": "{option.member.mention}",
      "@someone": "{option.member.mention}",
      user: "{option.member.mention}",
      member: "{option.member.mention}",
      target: "{option.member.mention}",
      them: "{option.member.mention}",
      name: "{option.member.name}",
      username: "{option.member.name}",
      reason: "{option.reason}",
      count: "{result.count}",
      warnings: "{result.count}",
    };
    const quote = about.quotes()[0];
    const verb = quote
      ? about.tokens.find(
          (t) =>
            t.index < quote.index &&
            [
              "post",
              "posts",
              "say",
              "says",
              "reply",
              "replies",
              "send",
              "sends",
              "dm",
              "dms",
              "message",
              "announce",
              "tell",
              "tells",
            ].includes(t.lower),
        )
      : undefined;
    const said = quote && verb ? { text: template(quote.text, extra), verb } : null;
    if (said && quote) about.claim(quote, said.verb);
    const byDm = said !== null && ["dm", "dms", "message"].includes(said.verb.lower) && !about.has("channel");
    command_.actions.push(
      { do: "store", data: "warnings", op: "increment", member: "{option.member}", saveAs: "count" },
      dm(
        "{option.member}",
        byDm ? said.text : "You were warned in **{server.name}**: {option.reason} (warning {result.count}).",
      ),
      said && !byDm ? reply(said.text) : reply("{option.member.mention} now has {result.count} warning(s).", true),
    );
    if (said && !byDm) about.claimWords("in the channel publicly public everyone should bot");
    return [{ ...part(command_, "warns a member and counts their warnings", "warn"), ladder: true }];
  },
};

export const warningsFeature: CommandFeature = {
  id: "warnings",
  category: "moderation",
  names: ["warnings", "warns", "strikes", "infractions", "checkwarns"],
  defaultName: "warnings",
  cue: () => false,
  implicit: false,
  build({ reader, name, type, draft }) {
    reader.claimWords("warning warn show check see how many count member their someone");
    addData(draft, { name: "warnings", kind: "number", scope: "member", initial: "0" });
    const draft_ = command(name, type, "A member's warnings", [
      { do: "store", data: "warnings", op: "get", member: "{option.member}", saveAs: "count" },
      reply("{option.member.mention} has {result.count} warning(s).", true),
    ]);
    draft_.options.push({ name: "member", description: "Whose warnings", type: "user", required: true });
    return [part(draft_, "shows how many warnings a member has", "warnings")];
  },
};

export const clearWarningsFeature: CommandFeature = {
  id: "clearwarnings",
  category: "moderation",
  names: ["clearwarns", "clearwarnings", "resetwarns", "resetwarnings", "unwarn", "delwarn"],
  defaultName: "clearwarnings",
  cue: () => false,
  implicit: false,
  build({ reader, name, type, draft }) {
    reader.claimWords("clear reset remove warning warn member their zero");
    addData(draft, { name: "warnings", kind: "number", scope: "member", initial: "0" });
    const draft_ = command(name, type, "Clear a member's warnings", [
      { do: "store", data: "warnings", op: "set", member: "{option.member}", value: "0" },
      reply("Cleared {option.member.mention}'s warnings.", true),
    ]);
    draft_.options.push({ name: "member", description: "Whose warnings", type: "user", required: true });
    return [part(draft_, "clears a member's warnings", "clearwarnings")];
  },
};
