/**
 * Reputation: points members give each other ("/rep <user> gives someone +1 reputation, you
 * can't rep yourself") and a command that shows them ("/reps [user] shows how many rep points
 * someone has, your own if you leave it empty"). Kept in `data`, per member.
 */
import { command, equals, ifThen, reply, type CommandFeature, type CommandPart } from "../parts";
import { counter, counterOp } from "./economy";

const repWords = "reputation rep reps karma kudos";
const showWords = "show shows how many check see view much";

function part(draft: ReturnType<typeof command>, summary: string, feature: string): CommandPart {
  return { command: draft, summary, category: "leveling", strength: 3, clause: null, feature };
}

export const giveRepFeature: CommandFeature = {
  id: "rep",
  category: "leveling",
  names: ["rep", "giverep", "karma", "kudos", "thank", "thanks", "plusrep", "upvote"],
  defaultName: "rep",
  cue: (reader) => reader.has(repWords) && reader.has("give gives +1 add adds award") && !reader.has(showWords),
  implicit: false,
  build({ reader, name, type, facts, draft }) {
    const points = counter(draft, { ...facts, leaderboard: false }, "reputation");
    const notSelf = reader.has("yourself self own");
    reader.claimWords(
      `${repWords} give gives +1 add adds award someone a member user point points one to you can't cannot not yourself self`,
    );
    const draft_ = command(name, type, "Give a member +1 reputation", [
      ...(notSelf
        ? [
            ifThen(equals("{option.member.id}", "{user.id}"), [
              reply("You can't give yourself reputation.", true),
              { do: "stop" as const },
            ]),
          ]
        : []),
      counterOp(points, "increment", { member: "{option.member}", value: "1", saveAs: "total" }),
      reply("+1 reputation for {option.member.mention}! They now have {result.total}."),
    ]);
    draft_.options.push({ name: "member", description: "Who gets +1 reputation", type: "user", required: true });
    return [part(draft_, `gives a member +1 reputation${notSelf ? " (not yourself)" : ""}`, "rep")];
  },
};

export const showRepFeature: CommandFeature = {
  id: "reps",
  category: "leveling",
  names: ["reps", "reputation", "repcount", "checkrep", "myrep", "karmacount"],
  defaultName: "reps",
  cue: (reader) => reader.has(repWords) && reader.has(showWords),
  implicit: false,
  build({ reader, name, type, facts, draft }) {
    const points = counter(draft, { ...facts, leaderboard: false }, "reputation");
    reader.claimWords(
      `${repWords} ${showWords} point points someone has have your own if you leave it empty member user`,
    );
    const draft_ = command(name, type, "Reputation points", [
      ifThen(
        { test: "isSet", value: "{option.member}" },
        [
          counterOp(points, "get", { member: "{option.member}", saveAs: "total" }),
          reply("{option.member.name} has {result.total} reputation."),
        ],
        [counterOp(points, "get", { saveAs: "total" }), reply("{user.mention}, you have {result.total} reputation.")],
      ),
    ]);
    draft_.options.push({
      name: "member",
      description: "Whose reputation (default: yours)",
      type: "user",
      required: false,
    });
    return [part(draft_, "shows a member's reputation (yours if no member is given)", "reps")];
  },
};
