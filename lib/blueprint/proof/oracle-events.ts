/**
 * Runs of the blueprint's events as the oracle follows them: the context each run gets, the
 * actions and then whoever a kick or ban removed leaving (memberLeave), and the steps that set
 * off reactions, buttons, menus and forms (lib/blueprint/proof/oracle-steps.ts puts steps together).
 */
import { deferMode } from "../compile/intermediate";
import { walkAll } from "../references";
import type { Action, BlueprintEvent } from "../schema";
import { runActions } from "./oracle-actions";
import { PlanError, type Ctx, type Env, type Exec } from "./oracle-run";
import { lit, type Text } from "./oracle-text";
import { canAct, findMessage, newestBotMessage, newestMessage, type MessageState, type World } from "./oracle-world";
import type { CheckTarget, MessageRef, Step } from "./types";

export function newCtx(fields: Partial<Ctx> & Pick<Ctx, "kind" | "where" | "target">): Ctx {
  return {
    user: null,
    channel: null,
    interaction: false,
    messageSeq: null,
    messageText: null,
    options: {},
    results: {},
    fields: {},
    selected: [],
    emoji: "",
    deferred: null,
    deferredSeq: null,
    answered: false,
    messageDeleted: false,
    repliesUncertain: false,
    failures: [],
    failuresUncertain: false,
    ...fields,
  };
}

export function newExec(world: World, ctx: Ctx): Exec {
  return { world, ctx, expect: [], bindings: {}, stopped: false, notes: [], why: [], left: [] };
}

export const eventTarget = (env: Env, event: BlueprintEvent): CheckTarget => ({
  kind: "event",
  index: env.blueprint.events.indexOf(event),
  on: event.on,
});

/** The actions of one run, then the memberLeave events of whoever it kicked or banned. */
export function runBody(env: Env, exec: Exec, actions: Action[]): Exec[] {
  const defer = exec.ctx.interaction ? deferMode(actions) : null;
  if (defer) {
    // The "thinking…" answer appears now; the answer that edits it keeps its place.
    exec.ctx.deferred = defer;
    exec.ctx.deferredSeq = ++exec.world.seq;
  }
  return runActions(env, exec, actions).flatMap((outcome) => {
    const left = outcome.left;
    outcome.left = [];
    let outcomes = [outcome];
    for (const name of left) outcomes = memberEvents(env, outcomes, "memberLeave", name);
    return outcomes;
  });
}

/** Runs the events of a kind with the context each one gets, in the blueprint's order. */
export function runEvents(
  env: Env,
  execs: Exec[],
  events: BlueprintEvent[],
  context: (event: BlueprintEvent, world: World) => Ctx,
): Exec[] {
  let outcomes = execs;
  for (const event of events) {
    outcomes = outcomes.flatMap((exec) => {
      exec.ctx = context(event, exec.world);
      exec.stopped = false;
      exec.bindings = {};
      return runBody(env, exec, event.actions);
    });
  }
  return outcomes;
}

export function memberEvents(env: Env, execs: Exec[], on: "memberJoin" | "memberLeave", name: string): Exec[] {
  const events = env.blueprint.events.filter((event) => event.on === on);
  return runEvents(env, execs, events, (event) =>
    newCtx({ kind: on, where: on, target: eventTarget(env, event), user: name }),
  );
}

// ── Reactions, components, forms ──────────────────────────────────────────────────────────────

/** The message a step points at, and where it is. */
function pointedAt(world: World, on: MessageRef): { message: MessageState; channel: string | null } {
  const message = on.from === "any" ? newestMessage(world, on.channel) : newestBotMessage(world, on.channel ?? null);
  if (!message)
    throw new PlanError(
      "The proof cannot tell which message would be the newest one there (something else may post in between), so it is not checked.",
    );
  const inChannel = world.channels.find((channel) => channel.exists && channel.messages.includes(message));
  const privately = world.privateMessages.find((item) => item.seq === message.seq);
  return { message, channel: inChannel?.name ?? privately?.channel ?? null };
}

const plainChannel = (reference: string | undefined) => {
  const trimmed = reference?.trim();
  return !trimmed || trimmed === "here" || trimmed.includes("{") ? null : trimmed.replace(/^#/, "").toLowerCase();
};

export function react(env: Env, world: World, step: Extract<Step, { kind: "react" }>): Exec[] {
  if (!canAct(world, step.member)) throw new PlanError(`${step.member} cannot act here.`);
  const { message, channel } = pointedAt(world, step.on);
  const on = step.remove ? "reactionRemove" : "reactionAdd";
  const events = env.blueprint.events.filter(
    (event) =>
      event.on === on &&
      (!event.emoji || event.emoji === step.emoji) &&
      (!plainChannel(event.channel) || plainChannel(event.channel) === channel?.toLowerCase()),
  );
  const start = newExec(world, newCtx({ kind: on, where: on, target: { kind: "event", index: -1, on } }));
  return runEvents(env, [start], events, (event, current) =>
    newCtx({
      kind: on,
      where: on,
      target: eventTarget(env, event),
      user: step.member,
      channel,
      messageSeq: message.seq,
      messageText: contentSeen(env, message),
      messageDeleted: !findMessage(current, message.seq),
      emoji: step.emoji,
    }),
  );
}

/**
 * A message's text as the bot sees it outside a message event: without the Message Content
 * intent (no prefix command, no message event) a member's text is hidden from it, in ways the
 * two libraries read differently, so it is not predicted.
 */
export function contentSeen(env: Env, message: MessageState): Text | null {
  const intent =
    env.blueprint.commands.some((command) => command.type === "prefix") ||
    env.blueprint.events.some((event) => event.on === "messageContains" || event.on === "messageMatches");
  return intent || message.by === null ? (message.text ?? lit("")) : null;
}

/** Buttons, menus and forms: discord.js runs the first event of an id, discord.py every one. */
export function answering(env: Env, exec: Exec, events: BlueprintEvent[], what: string): BlueprintEvent | undefined {
  for (const extra of events.slice(1)) {
    exec.notes.push({
      target: eventTarget(env, extra),
      reason: `Two events answer ${what}: discord.js runs only the first, discord.py both, so this one is not checked.`,
    });
  }
  return events[0];
}

export function component(env: Env, world: World, step: Extract<Step, { kind: "click" | "select" }>): Exec[] {
  if (!canAct(world, step.member)) throw new PlanError(`${step.member} cannot act here.`);
  const { message, channel } = pointedAt(world, step.on);
  const button = step.kind === "click";
  if (button ? !message.buttons.includes(step.customId) : message.select !== step.customId)
    throw new PlanError(`The message there has no ${step.customId}.`);
  const kind = button ? "button" : "select";
  const exec = newExec(world, newCtx({ kind, where: "", target: { kind: "event", index: -1, on: kind } }));
  const events = env.blueprint.events.filter((event) =>
    button
      ? event.on === "button" && event.button === step.customId
      : event.on === "select" && event.menu === step.customId,
  );
  const event = answering(env, exec, events, `${kind === "button" ? "the button" : "the menu"} ${step.customId}`);
  if (!event) return [exec];
  exec.ctx = newCtx({
    kind,
    where: `${kind} ${step.customId}`,
    target: eventTarget(env, event),
    user: step.member,
    channel,
    interaction: true,
    selected: step.kind === "select" ? step.values : [],
  });
  return runBody(env, exec, event.actions);
}

export function submit(env: Env, world: World, step: Extract<Step, { kind: "submitModal" }>): Exec[] {
  const open = world.modals.find((modal) => modal.member === step.member && modal.id === step.modal);
  if (!open || !canAct(world, step.member)) throw new PlanError(`No form ${step.modal} is open for ${step.member}.`);
  world.modals = world.modals.filter((modal) => modal !== open);
  let fieldIds: string[] = [];
  walkAll(env.blueprint, (action) => {
    if (action.do === "showModal" && action.modal.id === step.modal)
      fieldIds = action.modal.fields.map((field) => field.id);
  });
  const fields = Object.fromEntries(fieldIds.map((id) => [id, step.values[id] ?? ""]));
  const exec = newExec(
    world,
    newCtx({ kind: "modalSubmit", where: "", target: { kind: "event", index: -1, on: "modalSubmit" } }),
  );
  const events = env.blueprint.events.filter((event) => event.on === "modalSubmit" && event.modal === step.modal);
  const event = answering(env, exec, events, `the form ${step.modal}`);
  if (!event) return [exec];
  exec.ctx = newCtx({
    kind: "modalSubmit",
    where: `modalSubmit ${step.modal}`,
    target: eventTarget(env, event),
    user: step.member,
    channel: open.channel,
    interaction: true,
    fields,
  });
  return runBody(env, exec, event.actions);
}
