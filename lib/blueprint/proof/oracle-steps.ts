/**
 * One step of a check through the oracle: every command and event it sets off, in the order the
 * compiled bot runs them (a message runs its prefix command, then each message event it
 * matches; a kick or ban runs the memberLeave events; a restart runs the stored timers that are
 * due), and the expectations of all of them. Outcomes the proof cannot tell apart in advance
 * become one `oneOf`, and their worlds one world where what differs is uncertain.
 */
import { say, slash } from "./oracle-commands";
import { component, memberEvents, newCtx, newExec, react, submit } from "./oracle-events";
import { restart } from "./oracle-restart";
import { PlanError, type Env, type Exec, type Note } from "./oracle-run";
import { oneOfTexts, shown } from "./oracle-text";
import { addMember, findMember, mergeWorlds, type World } from "./oracle-world";
import type { Expectation, Step } from "./types";

export { PlanError };

export interface StepOutcome {
  expect: Expectation[];
  notes: Note[];
  world: World;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The outcomes' expectations as one list: what they share, and a oneOf for where they differ. */
function combine(execs: Exec[]): Expectation[] {
  const lists = execs
    .map((exec) => exec.expect)
    .filter((list, index, all) => all.findIndex((other) => same(other, list)) === index);
  if (lists.length === 1) return lists[0]!;
  const shortest = Math.min(...lists.map((list) => list.length));
  let head = 0;
  while (head < shortest && lists.every((list) => same(list[head], lists[0]![head]))) head++;
  let tail = 0;
  while (
    tail < shortest - head &&
    lists.every((list) => same(list[list.length - 1 - tail], lists[0]![lists[0]!.length - 1 - tail]))
  )
    tail++;
  const why = [...new Set(execs.flatMap((exec) => exec.why))];
  return [
    ...lists[0]!.slice(0, head),
    {
      kind: "oneOf",
      options: lists.map((list) => list.slice(head, list.length - tail)),
      describe: `One of these, depending on ${why.join(" and ") || "a random pick"}.`,
    },
    ...lists[0]!.slice(lists[0]!.length - tail),
  ];
}

/** What the bot must do after the step, and the world after it. */
export function runStep(env: Env, before: World, step: Step): StepOutcome {
  const world = structuredClone(before);
  world.step += 1;
  let execs: Exec[];
  switch (step.kind) {
    case "slash":
      execs = slash(env, world, step);
      break;
    case "say":
      execs = say(env, world, step);
      break;
    case "join":
      if (findMember(world, step.username)) throw new PlanError(`${step.username} is already a member.`);
      addMember(world, step.username);
      execs = memberEvents(
        env,
        [newExec(world, newCtx({ kind: "join", where: "", target: { kind: "event", index: -1, on: "memberJoin" } }))],
        "memberJoin",
        step.username,
      );
      break;
    case "leave": {
      const member = findMember(world, step.member);
      if (!member?.present || member.owner) throw new PlanError(`${step.member} cannot leave.`);
      member.present = false;
      execs = memberEvents(
        env,
        [newExec(world, newCtx({ kind: "leave", where: "", target: { kind: "event", index: -1, on: "memberLeave" } }))],
        "memberLeave",
        step.member,
      );
      break;
    }
    case "react":
      execs = react(env, world, step);
      break;
    case "click":
    case "select":
      execs = component(env, world, step);
      break;
    case "submitModal":
      execs = submit(env, world, step);
      break;
    case "restart":
      execs = restart(env, world, step);
      break;
  }
  const notes: Note[] = [];
  for (const item of execs.flatMap((exec) => exec.notes))
    if (!notes.some((other) => same(other, item))) notes.push(item);
  const merged = mergeWorlds(
    execs.map((exec) => exec.world),
    (texts) => oneOfTexts(texts, `one of ${texts.map((text) => `"${shown(text)}"`).join(", ")}`),
  );
  return { expect: combine(execs), notes, world: merged };
}
