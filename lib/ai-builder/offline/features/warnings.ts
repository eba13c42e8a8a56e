/**
 * Warnings kept per member: /warn (its ladder is added once every sentence is read),
 * /warnings and /clearwarnings.
 */
import { addData, command, dm, reply, type CommandFeature, type CommandPart } from "../parts";
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
    command_.actions.push(
      { do: "store", data: "warnings", op: "increment", member: "{option.member}", saveAs: "count" },
      dm("{option.member}", "You were warned in **{server.name}**: {option.reason} (warning {result.count})."),
      reply("{option.member.mention} now has {result.count} warning(s).", true),
    );
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
