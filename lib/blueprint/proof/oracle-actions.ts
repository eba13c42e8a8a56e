/**
 * The blueprint's actions as the oracle follows them: each one changes the oracle's world as the
 * compiled bot changes the scratch server, and adds what the proof must see (a reply, a message
 * in a channel, a timeout…). An action the bot would try and fail at (a channel or role the
 * scratch server lacks, a member ranked above the bot) changes nothing, and the run's next answer
 * says so instead of its own text (oracle-failures.ts); where the two languages would differ, or
 * whether it fails is not known, nothing is predicted and a note says why.
 */
import { lower, type Step } from "../compile/intermediate";
import { failureReasons, notANumber, notDice } from "../failure-notice";
import { referenceIn } from "../placeholders";
import type { Action } from "../schema";
import { describeSeconds, listItems, parseDuration, readDice } from "../vocabulary";
import { calculate, decide } from "./oracle-decide";
import { durationOf } from "./oracle-durations";
import { failed, mayFail } from "./oracle-failures";
import { dm, purge, reply, send } from "./oracle-messages";
import {
  channelOf,
  maxOutcomes,
  memberOf,
  note,
  render,
  roleOf,
  TooUncertain,
  type Env,
  type Exec,
} from "./oracle-run";
import { listData, ownerOf, storeData } from "./oracle-store";
import {
  channelName,
  isKnown,
  lit,
  makeUnknown,
  oneOfTexts,
  plain,
  readNumber,
  shown,
  unknownText,
  wholeBetween,
  type Text,
} from "./oracle-text";
import { wait } from "./oracle-timers";
import {
  addChannel,
  botManagesRole,
  botOutranks,
  findChannel,
  findMember,
  findRole,
  proofSecondsAtMost,
  removeMessage,
} from "./oracle-world";

/**
 * The member a moderation action names, when the bot can act on them; otherwise null, with the
 * failure kept for the next answer (or marked uncertain) and a note saying why.
 */
/**
 * The member a moderation action is about, or null when it fails (or may). A duration the action
 * reads from a template is read after the member is found and before Discord is asked, as the
 * bots do: `seconds` is then that duration (0 without one).
 */
function moderated(
  env: Env,
  exec: Exec,
  action: Action & { member: string },
  what: string,
  duration?: { text: string; kind: "timeout" | "ban" },
) {
  const name = memberOf(exec, action.member);
  const member = findMember(exec.world, name);
  if (!member || !member.present || member.uncertain) {
    mayFail(exec, action);
    return null;
  }
  const seconds = duration ? durationOf(env, exec, action, duration.text, duration.kind) : 0;
  if (typeof seconds !== "number") return null;
  if (!botOutranks(exec.world, member.name)) {
    note(
      exec,
      `The bot cannot ${what} ${member.name} (the owner, or ranked at or above the bot's role), so that is not checked.`,
    );
    failed(env, exec, action, failureReasons.permission);
    return null;
  }
  return { member, seconds };
}

function roleAction(
  env: Env,
  exec: Exec,
  action: Extract<Action, { do: "addRole" | "removeRole" | "toggleRole" }>,
): void {
  const member = findMember(exec.world, memberOf(exec, action.member));
  if (!member?.present || member.uncertain) return mayFail(exec, action);
  const role = roleOf(exec, action.role);
  if (!role) return mayFail(exec, action);
  if ("missing" in role) {
    note(exec, `The role ${role.missing} does not exist in the scratch server, so giving or taking it is not checked.`);
    return failed(env, exec, action, failureReasons.role);
  }
  const found = findRole(exec.world, role.name);
  if (!found) return mayFail(exec, action);
  if (!botManagesRole(found)) {
    note(exec, `The role ${found.name} is above the bot's role, so the bot cannot give or take it.`);
    return failed(env, exec, action, failureReasons.permission);
  }
  const has = member.roles.some((held) => held.toLowerCase() === found.name.toLowerCase());
  const add = action.do === "addRole" || (action.do === "toggleRole" && !has);
  if (add && !has) {
    exec.expect.push({ kind: "roleAdded", member: member.name, role: found.name });
    member.roles.push(found.name);
  } else if (!add && has) {
    exec.expect.push({ kind: "roleRemoved", member: member.name, role: found.name });
    member.roles = member.roles.filter((held) => held.toLowerCase() !== found.name.toLowerCase());
  }
}

/**
 * Letting a member into a channel, or out of it: the bots put the member's own overwrite on the
 * channel, or delete it — and delete nothing when the member has none (a removal changes nothing).
 */
function channelAccess(
  env: Env,
  exec: Exec,
  action: Extract<Action, { do: "addToChannel" | "removeFromChannel" }>,
): void {
  const member = findMember(exec.world, memberOf(exec, action.member));
  if (!member?.present || member.uncertain) return mayFail(exec, action);
  const where = channelOf(exec, action.channel);
  if (!where) return mayFail(exec, action);
  if ("missing" in where) return failed(env, exec, action, failureReasons.channel);
  const channel = findChannel(exec.world, where.name);
  if (!channel || channel.uncertain) return mayFail(exec, action);
  const admitted = channel.admitted.includes(member.name);
  if (action.do === "addToChannel") {
    exec.expect.push({ kind: "channelAccess", member: member.name, channel: channel.name, access: true });
    if (!admitted) channel.admitted.push(member.name);
  } else if (admitted) {
    exec.expect.push({ kind: "channelAccess", member: member.name, channel: channel.name, access: false });
    channel.admitted = channel.admitted.filter((name) => name !== member.name);
  }
}

/** Locking a channel, or unlocking it: an unlock of a channel never locked changes nothing. */
function lockChannel(env: Env, exec: Exec, action: Extract<Action, { do: "lockChannel" | "unlockChannel" }>): void {
  const where = channelOf(exec, action.channel);
  if (!where) return mayFail(exec, action);
  if ("missing" in where) return failed(env, exec, action, failureReasons.channel);
  const channel = findChannel(exec.world, where.name);
  if (!channel || channel.uncertain) return mayFail(exec, action);
  if (action.do === "lockChannel") {
    exec.expect.push({ kind: "locked", channel: channel.name, locked: true });
    channel.locked = true;
  } else if (channel.locked) {
    exec.expect.push({ kind: "locked", channel: channel.name, locked: false });
    channel.locked = false;
  }
}

function createChannel(env: Env, exec: Exec, action: Extract<Action, { do: "createChannel" }>): void {
  const member = findMember(exec.world, memberOf(exec, action.member));
  if (!member?.present) return mayFail(exec, action);
  const rendered = render(env, exec, action.name);
  const written = plain(rendered);
  if (written === null) {
    const made = addChannel(exec.world, shown(rendered));
    made.uncertain = true;
    exec.expect.push({
      kind: "channelCreated",
      name: { pattern: "\\S+", describe: `a channel named from "${action.name}"` },
    });
    if (action.saveAs) exec.ctx.results[action.saveAs] = { t: "channel", name: made.name };
    return;
  }
  const name = channelName(written);
  addChannel(exec.world, name).admitted.push(member.name);
  exec.expect.push({ kind: "channelCreated", name: { exact: name } });
  if (action.saveAs) exec.ctx.results[action.saveAs] = { t: "channel", name };
}

function deleteChannel(env: Env, exec: Exec, action: Extract<Action, { do: "deleteChannel" }>): void {
  const where = channelOf(exec, action.channel);
  if (!where) return mayFail(exec, action);
  if ("missing" in where) return failed(env, exec, action, failureReasons.channel);
  const channel = findChannel(exec.world, where.name);
  if (!channel) return mayFail(exec, action);
  const after = action.after ? (parseDuration(action.after) ?? 0) : 0;
  if (!after) {
    exec.expect.push({ kind: "channelDeleted", name: { exact: channel.name } });
    channel.exists = false;
    return;
  }
  if (after <= proofSecondsAtMost) {
    channel.uncertain = true;
    note(
      exec,
      `#${channel.name} is deleted ${describeSeconds(after)} later, at a moment the proof cannot pin down, so the deletion is not checked.`,
    );
  } else
    exec.world.timers.push({ id: ++exec.world.seq, remaining: after, kind: "deleteChannel", channel: channel.name });
}

function store(env: Env, exec: Exec, action: Extract<Action, { do: "store" }>): void {
  const entry = env.blueprint.data.find((item) => item.name === action.data);
  if (!entry) return;
  const whose = action.member === undefined ? exec.ctx.user : memberOf(exec, action.member);
  if (action.member !== undefined && (entry.scope === "member" || entry.scope === "user")) {
    const member = findMember(exec.world, whose);
    // discord.py looks the member up in the server; discord.js takes any user.
    if (!member?.present || member.uncertain) {
      mayFail(exec, action);
      exec.world.uncertainData.push(`${entry.name}|`);
      if (action.saveAs)
        exec.ctx.results[action.saveAs] = {
          t: "text",
          text: unknownText(
            makeUnknown({ pattern: "[\\s\\S]*", describe: `the stored ${entry.name}`, nonEmpty: false }),
          ),
        };
      return;
    }
  }
  const owner = ownerOf(entry, whose);
  if (!owner) return mayFail(exec, action);
  let saved: Text | undefined;
  if (action.op === "list") saved = listData(exec.world, entry, owner, action.order ?? "key", action.limit ?? 25);
  else {
    const key = action.key === undefined ? undefined : render(env, exec, action.key);
    const value = action.value === undefined ? undefined : render(env, exec, action.value);
    const result = storeData(exec.world, entry, action.op, owner, key, value);
    if ("failed" in result) return failed(env, exec, action, result.failed);
    if (result.mayFail) mayFail(exec, action);
    saved = result.saved;
  }
  if (action.saveAs && saved) exec.ctx.results[action.saveAs] = { t: "text", text: saved };
}

function random(env: Env, exec: Exec, action: Extract<Action, { do: "random" }>): void {
  if (action.choices) {
    const choices = action.choices.map((choice) => render(env, exec, choice));
    const described = `one of ${choices.map((choice) => `"${shown(choice)}"`).join(", ")}`;
    exec.ctx.results[action.saveAs] = { t: "text", text: oneOfTexts(choices, described) };
    return;
  }
  if (action.from !== undefined) {
    // The list as the bot splits it: the rendered text, or unknown (then it may fail).
    const text = plain(render(env, exec, action.from));
    if (text === null) {
      mayFail(exec, action);
      exec.ctx.results[action.saveAs] = {
        t: "text",
        text: unknownText(makeUnknown({ pattern: "[\\s\\S]+", describe: "one of the items listed", nonEmpty: true })),
      };
      return;
    }
    const items = listItems(text);
    if (!items.length) return failed(env, exec, action, failureReasons.list);
    const described = `one of ${items.map((item) => `"${item}"`).join(", ")}`;
    exec.ctx.results[action.saveAs] = { t: "text", text: oneOfTexts(items.map(lit), described) };
    return;
  }
  if (action.dice !== undefined) {
    // Dice as the bot reads them: the rendered text, or unknown (then it may fail).
    const text = plain(render(env, exec, action.dice));
    if (text === null) {
      mayFail(exec, action);
      exec.ctx.results[action.saveAs] = {
        t: "text",
        text: unknownText(makeUnknown({ pattern: "-?\\d+", describe: "a dice total", nonEmpty: true })),
      };
      return;
    }
    const dice = readDice(text);
    if (!dice) return failed(env, exec, action, notDice(text));
    exec.ctx.results[action.saveAs] = {
      t: "text",
      text: wholeBetween(dice.count + dice.modifier, dice.count * dice.sides + dice.modifier),
    };
    return;
  }
  // A bound written as a number, or as the rendered text (null when it is not known).
  const written = (value: number | string | undefined) =>
    typeof value === "number" ? String(value) : plain(render(env, exec, value ?? "0"));
  const bounds = [written(action.min), written(action.max)];
  // The bot reads min first, then max: the first that is not a number is the one it names.
  for (const text of bounds) {
    if (text === null) {
      mayFail(exec, action);
      break;
    }
    if (readNumber(text) === null) return failed(env, exec, action, notANumber(text));
  }
  const [min, max] = bounds.map((text) => (text === null ? undefined : readNumber(text)!));
  if (min === undefined || max === undefined) {
    exec.ctx.results[action.saveAs] = {
      t: "text",
      text: unknownText(makeUnknown({ pattern: "-?\\d+", describe: "a random whole number", nonEmpty: true })),
    };
    return;
  }
  const [low, high] = [Math.floor(min), Math.floor(max)].sort((a, b) => a - b) as [number, number];
  exec.ctx.results[action.saveAs] = { t: "text", text: wholeBetween(low, high) };
}

function lookup(env: Env, exec: Exec, action: Extract<Action, { do: "lookup" }>): void {
  const table = env.blueprint.tables.find((item) => item.name === action.table);
  const rows = Object.entries(table?.rows ?? {});
  const fallback = action.fallback === undefined ? lit("") : render(env, exec, action.fallback);
  const find = (key: Text): Text => {
    const written = plain(key);
    if (written === null) return fallback;
    const exact =
      rows.find(([name]) => name === written) ?? rows.find(([name]) => name.toLowerCase() === written.toLowerCase());
    return exact ? lit(exact[1]) : fallback;
  };
  const key = render(env, exec, action.key);
  let result: Text;
  if (isKnown(key)) result = find(key);
  else {
    const unknown = key.pieces.find((piece) => "unknown" in piece);
    const choices = unknown && "unknown" in unknown ? unknown.unknown.choices : undefined;
    const possible =
      choices && key.pieces.length === 1 ? choices.map(find) : [...rows.map(([, value]) => lit(value)), fallback];
    result = oneOfTexts(possible, `what ${action.table} says for ${shown(key)}`);
  }
  exec.ctx.results[action.saveAs] = { t: "text", text: result };
}

function ban(env: Env, exec: Exec, action: Extract<Action, { do: "ban" }>): void {
  const member = findMember(exec.world, memberOf(exec, action.member));
  if (member && !member.present && !member.uncertain) {
    note(
      exec,
      `${member.name} is no longer in the server: discord.js still bans them by id, discord.py does not, so that ban is not checked.`,
    );
    return mayFail(exec, action);
  }
  const found = moderated(
    env,
    exec,
    action,
    "ban",
    action.duration === undefined ? undefined : { text: action.duration, kind: "ban" },
  );
  if (!found) return;
  const target = found.member;
  exec.expect.push({ kind: "ban", member: target.name });
  target.present = false;
  target.banned = true;
  exec.left.push(target.name);
  exec.world.timers = exec.world.timers.filter((timer) => !(timer.kind === "unban" && timer.member === target.name));
  if (found.seconds)
    exec.world.timers.push({ id: ++exec.world.seq, remaining: found.seconds, kind: "unban", member: target.name });
  if (action.deleteMessages)
    for (const channel of exec.world.channels)
      channel.messages = channel.messages.filter((item) => item.by !== target.name);
}

function simple(env: Env, exec: Exec, action: Action): void {
  const { ctx, world } = exec;
  switch (action.do) {
    case "reply":
      return reply(env, exec, action);
    case "send":
      return send(env, exec, action);
    case "dm":
      return dm(env, exec, action);
    case "react":
      if (action.message !== undefined) {
        const posted = ctx.results[referenceIn(action.message)?.name ?? ""];
        if (posted?.t === "message") {
          exec.expect.push({ kind: "reaction", emoji: action.emoji, posted: true });
          return;
        }
        return ctx.failuresUncertain ? mayFail(exec, action) : failed(env, exec, action, failureReasons.message);
      }
      if (ctx.messageSeq === null) return failed(env, exec, action, failureReasons.message);
      if (ctx.messageDeleted) return mayFail(exec, action);
      exec.expect.push({ kind: "reaction", emoji: action.emoji });
      return;
    case "deleteMessage":
      if (ctx.messageSeq === null) return failed(env, exec, action, failureReasons.message);
      if (ctx.messageDeleted) return mayFail(exec, action);
      exec.expect.push({ kind: "deleted" });
      removeMessage(world, ctx.messageSeq);
      ctx.messageDeleted = true;
      return;
    case "purge":
      return purge(env, exec, action);
    case "timeout": {
      const found = moderated(env, exec, action, "time out", { text: action.duration, kind: "timeout" });
      if (!found) return;
      const member = found.member;
      exec.expect.push({ kind: "timeout", member: member.name, seconds: found.seconds });
      member.timedOut = true;
      return;
    }
    case "removeTimeout": {
      // The bot lifts a timeout whether or not there is one: it fails only on whom it cannot moderate.
      const member = moderated(env, exec, action, "lift the timeout of")?.member;
      if (!member?.timedOut) return;
      exec.expect.push({ kind: "removeTimeout", member: member.name });
      member.timedOut = false;
      return;
    }
    case "kick": {
      const member = moderated(env, exec, action, "kick")?.member;
      if (!member) return;
      exec.expect.push({ kind: "kick", member: member.name });
      member.present = false;
      exec.left.push(member.name);
      return;
    }
    case "ban":
      return ban(env, exec, action);
    case "unban": {
      const id = render(env, exec, action.user).pieces.find((piece) => "token" in piece);
      const name = id && "token" in id && id.token.startsWith("member:") ? id.token.slice(7) : null;
      const member = findMember(world, name);
      if (!member?.banned || member.uncertain) return mayFail(exec, action);
      exec.expect.push({ kind: "unban", member: member.name });
      member.banned = false;
      world.timers = world.timers.filter((timer) => !(timer.kind === "unban" && timer.member === member.name));
      return;
    }
    case "addRole":
    case "removeRole":
    case "toggleRole":
      return roleAction(env, exec, action);
    case "createChannel":
      return createChannel(env, exec, action);
    case "deleteChannel":
      return deleteChannel(env, exec, action);
    case "slowmode": {
      const where = channelOf(exec, action.channel);
      if (!where) return mayFail(exec, action);
      if ("missing" in where) return failed(env, exec, action, failureReasons.channel);
      exec.expect.push({ kind: "slowmode", channel: where.name, seconds: action.seconds });
      return;
    }
    case "addToChannel":
    case "removeFromChannel":
      return channelAccess(env, exec, action);
    case "lockChannel":
    case "unlockChannel":
      return lockChannel(env, exec, action);
    case "store":
      return store(env, exec, action);
    case "random":
      return random(env, exec, action);
    case "lookup":
      return lookup(env, exec, action);
    case "calculate":
      ctx.results[action.saveAs] = { t: "text", text: calculate(env, exec, action.expression) };
      return;
    case "showModal":
      if (!ctx.interaction || ctx.answered || !ctx.user) return;
      exec.expect.push({ kind: "modal", title: action.modal.title });
      world.modals = world.modals.filter((modal) => modal.member !== ctx.user || modal.id !== action.modal.id);
      world.modals.push({ member: ctx.user, id: action.modal.id, channel: ctx.channel });
      ctx.answered = true;
      return;
    case "stop":
      exec.stopped = true;
      return;
    case "wait":
      return wait(env, exec, action);
    case "if":
      return;
  }
}

/**
 * Runs actions in order, as the compiled bots do: along the steps both compilers spell
 * (../compile/intermediate.ts), so nothing after a stop runs and an else-if ladder takes its
 * first arm that holds. A run may fork into several outcomes, each going on with the rest.
 */
export function runActions(env: Env, exec: Exec, actions: Action[]): Exec[] {
  return runSteps(env, exec, lower(actions, "actions"));
}

function runSteps(env: Env, exec: Exec, steps: Step[]): Exec[] {
  let outcomes = [exec];
  for (const step of steps) {
    outcomes = outcomes.flatMap((current) => {
      if (current.stopped) return [current];
      if (step.step === "branch") return runArms(env, current, step.arms, step.otherwise);
      if (step.step === "return") current.stopped = true;
      else simple(env, current, step.action);
      return [current];
    });
    if (outcomes.length > maxOutcomes) throw new TooUncertain();
  }
  return outcomes;
}

function runArms(env: Env, exec: Exec, arms: Extract<Step, { step: "branch" }>["arms"], otherwise: Step[]): Exec[] {
  const [arm, ...rest] = arms;
  if (!arm) return runSteps(env, exec, otherwise);
  return decide(env, exec, arm.when).flatMap(([branch, yes]) =>
    yes ? runSteps(env, branch, arm.then) : runArms(env, branch, rest, otherwise),
  );
}
