/**
 * A restart through the oracle: cooldowns (kept in memory) are gone, and the stored timers that
 * are due once `passSeconds` have passed run when the bot is ready — unbans, delayed channel
 * deletions, and the actions after a `wait`, on what is left of their run — and then, once
 * each, the schedules whose stored next run is over.
 */
import type { Action, BlueprintEvent } from "../schema";
import { contentSeen, eventTarget, newCtx, newExec, runBody } from "./oracle-events";
import type { Ctx, Env, Exec } from "./oracle-run";
import { taint } from "./oracle-timers";
import { findChannel, findMember, findMessage, proofSecondsAtMost, type SavedRun, type World } from "./oracle-world";
import type { Step } from "./types";

type Schedule = Extract<BlueprintEvent, { on: "schedule" }>;

// ── Restarts ──────────────────────────────────────────────────────────────────────────────────

export function restart(env: Env, world: World, step: Extract<Step, { kind: "restart" }>): Exec[] {
  world.cooldowns = [];
  const passed = step.passSeconds ?? 0;
  const exec = newExec(
    world,
    newCtx({ kind: "restart", where: "restart", target: { kind: "event", index: -1, on: "schedule" } }),
  );
  const due = [];
  const pending = [];
  for (const timer of world.timers) {
    const remaining = timer.remaining - passed;
    if (remaining <= 0) due.push(timer);
    else if (remaining > proofSecondsAtMost) pending.push({ ...timer, remaining });
    else if (timer.kind === "wait") {
      exec.ctx = restoredCtx(env, world, timer.run);
      taint(exec, timer.actions);
    } else if (timer.kind === "unban") findMember(world, timer.member)!.uncertain = true;
    else if (findChannel(world, timer.channel)) findChannel(world, timer.channel)!.uncertain = true;
  }
  world.timers = pending;
  const schedules = dueSchedules(env, world, passed);
  const before = world.seq;
  let execs = [exec];
  for (const timer of due) {
    execs = execs.flatMap((current) => {
      const now = current.world;
      if (timer.kind === "unban") {
        const member = findMember(now, timer.member);
        if (member?.banned && !member.uncertain) {
          current.expect.push({ kind: "unban", member: member.name });
          member.banned = false;
        }
        return [current];
      }
      if (timer.kind === "deleteChannel") {
        const channel = findChannel(now, timer.channel);
        if (channel && !channel.uncertain) {
          current.expect.push({ kind: "channelDeleted", name: { exact: channel.name } });
          channel.exists = false;
        }
        return [current];
      }
      return later(env, current, timer.run, timer.actions);
    });
  }
  for (const event of schedules) execs = execs.flatMap((current) => scheduled(env, current, event, before));
  return execs;
}

function restoredCtx(env: Env, world: World, run: SavedRun): Ctx {
  const message = run.messageSeq === null ? null : findMessage(world, run.messageSeq);
  return newCtx({
    kind: run.kind,
    where: run.where,
    target: run.target,
    user: run.user,
    channel: findChannel(world, run.channel) ? run.channel : null,
    messageSeq: message ? message.message.seq : null,
    messageText: message ? contentSeen(env, message.message) : null,
    options: run.options,
    results: Object.fromEntries(Object.entries(run.results).map(([name, text]) => [name, { t: "text", text }])),
    fields: run.fields,
    selected: run.selected,
    emoji: run.emoji,
  });
}

/** A wait's later actions, on what is left of its run (lib/blueprint/README.md, "wait"). */
function later(env: Env, exec: Exec, run: SavedRun, actions: Action[]): Exec[] {
  const { world } = exec;
  exec.ctx = restoredCtx(env, world, run);
  exec.stopped = false;
  const gone = [run.user, ...Object.values(run.options).map((value) => (value.t === "member" ? value.name : null))]
    .map((name) => findMember(world, name))
    .some((member) => member && !member.present);
  const channelGone = Object.values(run.options).some(
    (value) => value.t === "channel" && !findChannel(world, value.name),
  );
  if (gone || channelGone) {
    // discord.js still knows a member who left (or a deleted channel) by id; discord.py does not.
    exec.notes.push({
      target: run.target,
      reason:
        "Someone (or a channel) its wait refers to is gone by then, and the two languages differ there, so what it does afterwards is not checked.",
    });
    taint(exec, actions);
    return [exec];
  }
  return runBody(env, exec, actions);
}

// ── Schedules ─────────────────────────────────────────────────────────────────────────────────

/** Where a schedule runs: its channel, or the server's system channel (#general in the scratch server). */
function scheduleChannel(event: Schedule): string {
  const named = event.channel.trim();
  return named === "here" || named.includes("{") ? "general" : named.replace(/^#/, "");
}

/**
 * The schedules whose stored next run is over once `passed` seconds have gone by: each runs once
 * when the bot is ready, and next an interval later. One brought within the proof's time instead
 * may run at any moment from now on: what it changes is uncertain.
 */
function dueSchedules(env: Env, world: World, passed: number): Schedule[] {
  const due: Schedule[] = [];
  for (const schedule of world.schedules) {
    const event = env.blueprint.events[schedule.index] as Schedule;
    if (!schedule.uncertain) schedule.remaining -= passed;
    if (!schedule.uncertain && schedule.remaining <= 0) {
      schedule.remaining = schedule.every;
      due.push(event);
    } else if (schedule.uncertain || schedule.remaining <= proofSecondsAtMost) {
      schedule.uncertain = true;
      taintSchedule(env, world, event);
    }
  }
  return due;
}

/** A schedule's run when the bot is ready again, in its channel (none there: the runtimes skip it). */
function scheduled(env: Env, exec: Exec, event: Schedule, restartedAt: number): Exec[] {
  const channel = findChannel(exec.world, scheduleChannel(event));
  if (!channel) return [exec];
  if (channel.uncertain) {
    taintSchedule(env, exec.world, event);
    return [exec];
  }
  exec.ctx = newCtx({ kind: "schedule", where: "schedule", target: eventTarget(env, event), channel: channel.name });
  exec.stopped = false;
  exec.bindings = {};
  const from = exec.world.seq;
  return runBody(env, exec, event.actions).map((outcome) => {
    // What ran before it since the restart runs at the same time: in a channel where both
    // posted, which came first is not known.
    for (const item of outcome.world.channels) {
      const seqs = item.messages.map((message) => message.seq);
      if (seqs.some((seq) => seq > restartedAt && seq <= from) && seqs.some((seq) => seq > from))
        item.messagesUncertain = true;
    }
    return outcome;
  });
}

/** A schedule that may run at a moment the proof cannot know: whatever it changes is uncertain. */
function taintSchedule(env: Env, world: World, event: Schedule): void {
  const channel = scheduleChannel(event);
  const target = eventTarget(env, event);
  taint(newExec(world, newCtx({ kind: "schedule", where: "schedule", target, channel })), event.actions);
  const found = findChannel(world, channel);
  if (found) found.messagesUncertain = true;
}

/**
 * A schedule that runs more often than the proof lasts runs in the middle of it: whatever it
 * changes is uncertain from the start.
 */
export function scheduleTaint(env: Env, before: World, event: Schedule): World {
  const world = structuredClone(before);
  taintSchedule(env, world, event);
  return world;
}
