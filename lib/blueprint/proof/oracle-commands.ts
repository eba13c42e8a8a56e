/**
 * Commands through the oracle: a slash command (its options, the permission and cooldown checks
 * and their refusals, exactly as the runtimes word them) and a member's message (a prefix command
 * with its arguments, then every message event it matches, in the blueprint's order).
 */
import type { BlueprintCommand, BlueprintOption } from "../schema";
import { describeSeconds, permissionLabels, type PermissionName } from "../vocabulary";
import { eventTarget, newCtx, newExec, runBody, runEvents } from "./oracle-events";
import { fork, PlanError, render, type Ctx, type Env, type Exec } from "./oracle-run";
import {
  containsWords,
  describeWait,
  lit,
  numText,
  oneOfTexts,
  readNumber,
  textExpectation,
  type Text,
} from "./oracle-text";
import {
  addMessage,
  addPrivateMessage,
  canAct,
  findChannel,
  findMessage,
  missingPermissions,
  proofSecondsAtMost,
  stepSecondsAtMost,
  type MessageState,
  type Value,
  type World,
} from "./oracle-world";
import type { CheckTarget, Step, StepOption } from "./types";

// ── Refusals ──────────────────────────────────────────────────────────────────────────────────

/** A refusal: private for an interaction, a reply to a message; either way a message of the bot's. */
function refusal(exec: Exec, text: Text): Exec {
  const { ctx, world } = exec;
  exec.expect.push({
    kind: "message",
    place: { to: "reply" },
    ...(ctx.interaction ? { ephemeral: true } : {}),
    text: textExpectation(text),
  });
  if (ctx.interaction)
    addPrivateMessage(world, { by: null, text, buttons: [], to: ctx.user ?? "", channel: ctx.channel });
  else if (ctx.channel) addMessage(world, ctx.channel, { by: null, text, buttons: [] });
  exec.stopped = true;
  return exec;
}

function permissionRefusal(permissions: PermissionName[], where: string): Text {
  const names = permissions.map((name) => `**${permissionLabels[name]}**`).join(" and ");
  return lit(`You need the ${names} permission to use ${where}.`);
}

/** The cooldown, kept in memory per user (or server) and command: refused, run, or either. */
function cooldownGate(env: Env, exec: Exec, cooldown: BlueprintCommand["cooldown"]): Exec[] {
  if (!cooldown) return [exec];
  const { world, ctx } = exec;
  const key = `${ctx.where}|${cooldown.per === "server" ? "g" : `u:${ctx.user}`}`;
  const started = world.cooldowns.find((item) => item.key === key);
  const start = (into: Exec) => {
    into.world.cooldowns = into.world.cooldowns.filter((item) => item.key !== key);
    into.world.cooldowns.push({ key, seconds: cooldown.seconds, setAt: into.world.step });
    return into;
  };
  if (!started) return [start(exec)];
  const elapsed = Math.min(proofSecondsAtMost, (world.step - started.setAt) * stepSecondsAtMost);
  const refuse = (into: Exec) => {
    if (cooldown.message !== undefined) return refusal(into, render(env, into, cooldown.message));
    const lowest = Math.max(1, Math.floor(started.seconds - elapsed));
    const waits: Text[] = [];
    for (let left = lowest; left <= started.seconds; left++) waits.push(lit(describeWait(left)));
    const wait = oneOfTexts(waits, `the time left, from ${describeWait(lowest)} to ${describeWait(started.seconds)}`);
    return refusal(into, {
      pieces: [...lit(`Slow down! You can use ${ctx.where} again in `).pieces, ...wait.pieces, { lit: "." }],
    });
  };
  if (started.seconds > elapsed) return [refuse(exec)];
  const why = `whether the ${describeSeconds(started.seconds)} cooldown of ${ctx.where} is over by then`;
  const refused = fork(exec);
  const ran = fork(exec);
  refused.why.push(why);
  ran.why.push(why);
  return [refuse(refused), start(ran)];
}

function optionDefault(option: BlueprintOption): Value | undefined {
  if (option.default === undefined) return undefined;
  const text = option.default;
  const numeric = option.type === "integer" || option.type === "number";
  if (numeric && text.trim() !== "" && Number.isFinite(Number(text))) return { t: "text", text: numText(Number(text)) };
  return { t: "text", text: lit(text) };
}

function slashOptions(specs: BlueprintOption[], given: StepOption[]): Record<string, Value> {
  const values: Record<string, Value> = {};
  for (const spec of specs) {
    const option = given.find((item) => item.name === spec.name);
    const fallback = optionDefault(spec);
    if (!option) {
      if (fallback) values[spec.name] = fallback;
    } else if (spec.type === "user" || spec.type === "channel" || spec.type === "role") {
      values[spec.name] = { t: spec.type === "user" ? "member" : spec.type, name: String(option.value) };
    } else if (spec.type === "integer" || spec.type === "number") {
      values[spec.name] = { t: "text", text: numText(Number(option.value)) };
    } else values[spec.name] = { t: "text", text: lit(String(option.value)) };
  }
  return values;
}

export function slash(env: Env, world: World, step: Extract<Step, { kind: "slash" }>): Exec[] {
  const commands = env.blueprint.commands;
  const index = commands.findIndex((command) => command.type === "slash" && command.name === step.command);
  const command = commands[index];
  const sub = command?.subcommands.find((item) => item.name === step.subcommand);
  if (!command || Boolean(step.subcommand) !== Boolean(sub))
    throw new PlanError(`There is no /${step.command} to run.`);
  if (!canAct(world, step.member)) throw new PlanError(`${step.member} cannot act here.`);
  const unit = sub ?? command;
  const where = sub ? `/${command.name} ${sub.name}` : `/${command.name}`;
  const target: CheckTarget = { kind: "command", index, name: command.name, ...(sub ? { subcommand: sub.name } : {}) };
  const exec = newExec(
    world,
    newCtx({
      kind: "slash",
      where,
      target,
      user: step.member,
      channel: step.channel,
      interaction: true,
      options: slashOptions(unit.options, step.options),
    }),
  );
  const missing = missingPermissions(world, step.member, [
    ...new Set([...command.permissions, ...(sub?.permissions ?? [])]),
  ]);
  if (missing.length) return [refusal(exec, permissionRefusal(missing, where))];
  return cooldownGate(env, exec, sub ? (sub.cooldown ?? command.cooldown) : command.cooldown).flatMap((gated) =>
    gated.stopped ? [gated] : runBody(env, gated, unit.actions),
  );
}

/** A prefix command's arguments, as the runtimes read them (null: the usage line). */
function prefixOptions(text: string, specs: BlueprintOption[]): Record<string, Value> | null {
  const words = [...text.matchAll(/\S+/g)];
  const lastText = specs.map((spec) => spec.type).lastIndexOf("string");
  const values: Record<string, Value> = {};
  let next = 0;
  for (const [index, spec] of specs.entries()) {
    let raw: string | undefined;
    const word = words[next];
    if (word) {
      raw = index === lastText ? text.slice(word.index).trim() : word[0];
      next = index === lastText ? words.length : next + 1;
    }
    if (raw === undefined) {
      if (spec.required) return null;
      const fallback = optionDefault(spec);
      if (fallback) values[spec.name] = fallback;
      continue;
    }
    if (spec.type === "integer" || spec.type === "number") {
      const number = readNumber(raw);
      if (number === null || (spec.type === "integer" && !Number.isInteger(number))) return null;
      if ((spec.min !== undefined && number < spec.min) || (spec.max !== undefined && number > spec.max)) return null;
      values[spec.name] = { t: "text", text: numText(number) };
    } else if (spec.type === "boolean") {
      const word = raw.toLowerCase();
      if (!["true", "yes", "false", "no"].includes(word)) return null;
      values[spec.name] = { t: "text", text: lit(word === "true" || word === "yes" ? "true" : "false") };
    } else if (spec.type === "string") values[spec.name] = { t: "text", text: lit(raw) };
    else throw new PlanError("The proof cannot write a member, channel or role into a prefix command yet.");
  }
  return values;
}

function messageCtx(
  fields: Pick<Ctx, "kind" | "where" | "target">,
  world: World,
  step: { member: string; channel: string },
  message: MessageState,
): Ctx {
  return newCtx({
    ...fields,
    user: step.member,
    channel: step.channel,
    messageSeq: message.seq,
    messageText: message.text ?? lit(""),
    messageDeleted: !findMessage(world, message.seq),
  });
}

export function say(env: Env, world: World, step: Extract<Step, { kind: "say" }>): Exec[] {
  if (!canAct(world, step.member)) throw new PlanError(`${step.member} cannot act here.`);
  if (!findChannel(world, step.channel)) throw new PlanError(`There is no #${step.channel}.`);
  const message = addMessage(world, step.channel, { by: step.member, text: lit(step.content), buttons: [] });
  const { blueprint } = env;
  let execs = [
    newExec(world, newCtx({ kind: "none", where: "", target: { kind: "event", index: -1, on: "messageContains" } })),
  ];
  const rest = step.content.startsWith(blueprint.prefix) ? step.content.slice(blueprint.prefix.length) : null;
  const name = rest === null ? "" : /^\S*/.exec(rest)![0];
  const index = blueprint.commands.findIndex((command) => command.type === "prefix" && command.name === name && name);
  const command = blueprint.commands[index];
  if (command && rest !== null) {
    const where = `${blueprint.prefix}${command.name}`;
    execs = execs.flatMap((exec) => {
      exec.ctx = messageCtx(
        { kind: "prefix", where, target: { kind: "command", index, name: command.name } },
        exec.world,
        step,
        message,
      );
      const missing = missingPermissions(exec.world, step.member, command.permissions);
      if (missing.length) return [refusal(exec, permissionRefusal(missing, where))];
      const options = prefixOptions(rest.slice(name.length), command.options);
      if (!options) {
        const usage = [`Usage: ${where}`, ...command.options.map((o) => (o.required ? `<${o.name}>` : `[${o.name}]`))];
        return [refusal(exec, lit(usage.join(" ")))];
      }
      exec.ctx.options = options;
      return cooldownGate(env, exec, command.cooldown).flatMap((gated) =>
        gated.stopped ? [gated] : runBody(env, gated, command.actions),
      );
    });
  }
  const matching = blueprint.events.filter((event) =>
    event.on === "messageContains"
      ? containsWords(step.content, event.words, event.match)
      : event.on === "messageMatches" && new RegExp(event.pattern, event.ignoreCase ? "i" : "").test(step.content),
  );
  return runEvents(env, execs, matching, (event, current) =>
    messageCtx({ kind: event.on, where: event.on, target: eventTarget(env, event) }, current, step, message),
  );
}
