/**
 * Timers as the oracle keeps them: a `wait` stores what its later actions will need (options as
 * they are, results as text) for a restart to run them; a wait short enough to end during the
 * proof, or a schedule that runs during it, makes whatever its actions touch uncertain instead.
 */
import type { Action } from "../schema";
import { describeSeconds } from "../vocabulary";
import { durationOf } from "./oracle-durations";
import { channelOf, memberOf, note, valueText, type Env, type Exec } from "./oracle-run";
import type { Text } from "./oracle-text";
import { findChannel, findMember, proofSecondsAtMost, type SavedRun } from "./oracle-world";

/** What a wait keeps of the run: options as they are, results as text. */
function snapshot(exec: Exec): SavedRun {
  const { ctx, world } = exec;
  const results: Record<string, Text> = {};
  for (const [name, value] of Object.entries(ctx.results)) results[name] = valueText(world, value);
  return {
    where: ctx.where,
    target: ctx.target,
    kind: ctx.kind,
    user: ctx.user,
    channel: ctx.channel,
    messageSeq: ctx.messageSeq,
    options: structuredClone(ctx.options),
    results,
    fields: { ...ctx.fields },
    selected: [...ctx.selected],
    emoji: ctx.emoji,
  };
}

/** Actions that run at a moment the proof cannot know: what they may change is uncertain from now on. */
export function taint(exec: Exec, actions: Action[]): void {
  const { world } = exec;
  for (const action of actions) {
    if (action.do === "if") taint(exec, [...action.then, ...action.else]);
    else if (action.do === "wait") taint(exec, action.then);
    else if (action.do === "store") world.uncertainData.push(`${action.data}|`);
    else if (["send", "reply", "dm", "purge", "deleteMessage"].includes(action.do))
      for (const channel of world.channels) channel.messagesUncertain = true;
    else if ("member" in action && action.do !== "createChannel") {
      const member = findMember(world, memberOf(exec, action.member));
      if (member) member.uncertain = true;
    } else if (action.do === "deleteChannel" || action.do === "slowmode") {
      const where = channelOf(exec, action.channel);
      const channel = where && "name" in where ? findChannel(world, where.name) : undefined;
      if (channel) channel.uncertain = true;
    }
  }
}

export function wait(env: Env, exec: Exec, action: Extract<Action, { do: "wait" }>): void {
  const seconds = durationOf(env, exec, action, action.duration, "wait");
  if (seconds === "failed") return;
  if (seconds === "unknown") {
    // Whether it runs later, and when, is not known: neither is what it would do then.
    taint(exec, action.then);
    note(
      exec,
      "How long it waits depends on what it is given, which the proof does not know, so what it does afterwards is not checked.",
    );
    return;
  }
  if (seconds <= proofSecondsAtMost) {
    taint(exec, action.then);
    note(
      exec,
      `It waits only ${describeSeconds(seconds)}, which may pass while the proof is still running, so what it does afterwards is not checked.`,
    );
    return;
  }
  exec.world.timers.push({
    id: ++exec.world.seq,
    remaining: seconds,
    kind: "wait",
    run: snapshot(exec),
    actions: action.then,
  });
}
