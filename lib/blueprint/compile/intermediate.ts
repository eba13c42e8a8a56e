/**
 * The compilers' shared intermediate form: a blueprint's actions lowered once into steps — runtime
 * calls with their arguments decided, branches, returns and waits — that the JavaScript and Python
 * compilers only spell, and whose control flow the proof's oracle follows. Every decision about an
 * action (which call, which arguments, their defaults, what a failure says it could not do, which
 * timer a wait is, that nothing runs after a stop, when an interaction defers) is made here, once:
 * a rule kept in two compilers drifts (the first reply that decides a deferral was once looked for
 * inside `wait` blocks by the JavaScript compiler and not by the Python one; Python wrote the
 * actions after a `stop`, JavaScript did not).
 *
 * Both runtimes (lib/blueprint-runtime.js and bot/runtime.py) take a call alike: the arguments in
 * order, then the named options (a last object in JavaScript, keywords in Python, snake_case).
 */
import { failureWhat, isHere } from "../failure-notice";
import { referenceIn } from "../placeholders";
import type { Action, Condition } from "../schema";
import { isDurationTemplate, parseDuration } from "../vocabulary";

type Message = Extract<Action, { do: "reply" }>["message"];
type Modal = Extract<Action, { do: "showModal" }>["modal"];

/** An argument of a runtime call, by what it means; each compiler spells it in its language. */
export type Operand =
  /** A template: placeholders filled when the action runs. */
  | { kind: "text"; text: string }
  /** A fixed string (an emoji, a category's name, a reference key). */
  | { kind: "word"; value: string }
  | { kind: "number"; value: number }
  /** Seconds: a fixed number, or a template the runtime reads as a duration ("{option.length}"). */
  | { kind: "seconds"; seconds: number | null; text: string }
  /** A member of the server, by reference key ("user", "option.target"). */
  | { kind: "member"; key: string }
  /** A user, member of the server or not (direct messages, bans), by reference key. */
  | { kind: "user"; key: string }
  /** A channel: "here", a reference key, or a channel's name. */
  | { kind: "channel"; here: boolean; key: string | null; name: string }
  /** A role by reference key or name; `optional`: a missing role is no role rather than a failure. */
  | { kind: "role"; key: string | null; name: string; optional: boolean }
  | { kind: "message"; message: Message }
  | { kind: "modal"; modal: Modal }
  /** Templates, one of which is picked. */
  | { kind: "choices"; choices: string[] }
  /** One of the blueprint's tables or data entries, by name. */
  | { kind: "table"; name: string }
  | { kind: "data"; name: string }
  | { kind: "flag"; value: boolean };

/** The runtime calls, by their JavaScript names (Python's are the snake_case of these). */
export const runtimeMethods = {
  reply: { awaited: true },
  send: { awaited: true },
  sendHere: { awaited: true },
  dm: { awaited: true },
  react: { awaited: true },
  deleteMessage: { awaited: true },
  purge: { awaited: true },
  timeout: { awaited: true },
  removeTimeout: { awaited: true },
  kick: { awaited: true },
  ban: { awaited: true },
  unban: { awaited: true },
  addRole: { awaited: true },
  removeRole: { awaited: true },
  toggleRole: { awaited: true },
  createChannel: { awaited: true },
  deleteChannel: { awaited: true },
  slowmode: { awaited: true },
  addToChannel: { awaited: true },
  lockChannel: { awaited: true },
  unlockChannel: { awaited: true },
  removeFromChannel: { awaited: true },
  getData: { awaited: true },
  setData: { awaited: true },
  incrementData: { awaited: true },
  decrementData: { awaited: true },
  appendData: { awaited: true },
  removeData: { awaited: true },
  removeDataAt: { awaited: true },
  deleteData: { awaited: true },
  listData: { awaited: true },
  pick: { awaited: false },
  pickFrom: { awaited: true },
  randomWhole: { awaited: true },
  rollDice: { awaited: true },
  lookup: { awaited: false },
  showModal: { awaited: true },
} as const satisfies Record<string, { awaited: boolean }>;

export type RuntimeMethod = keyof typeof runtimeMethods;

export type Step =
  /** One runtime call; `what` is what it tried, said when it fails (null: it says nothing). */
  | {
      step: "call";
      method: RuntimeMethod;
      args: Operand[];
      options: [string, Operand][];
      what: string | null;
      saveAs?: string;
      action: Action;
    }
  /** A value worked out from an expression, kept under `saveAs`. */
  | { step: "calculate"; expression: string; saveAs: string; action: Action }
  /** if / else if … / else: the first arm whose condition holds runs. */
  | { step: "branch"; arms: { when: Condition; then: Step[] }[]; otherwise: Step[]; action: Action }
  /** Nothing after it runs. */
  | { step: "return"; action: Action }
  /** `then` runs later from the stored timer named `timer`, even after a restart. */
  | {
      step: "wait";
      timer: string;
      duration: Operand & { kind: "seconds" };
      then: Step[];
      what: string | null;
      action: Action;
    };

/**
 * The key a runtime looks a member, user, channel, role or saved message up by: "{user}" and
 * "{user.name}" → "user", "{channel}" → "channel", "{option.target}" and "{option.target.mention}"
 * → "option.target", "{result.poll}" → "result.poll"; null for a plain name.
 */
export function referenceKey(text: string): string | null {
  const reference = referenceIn(text);
  if (!reference) return null;
  if (reference.root === "user" || reference.root === "channel" || !reference.name) return reference.root;
  return `${reference.root}.${reference.name}`;
}

const text = (value: string): Operand => ({ kind: "text", text: value });
const word = (value: string): Operand => ({ kind: "word", value });
const number = (value: number): Operand => ({ kind: "number", value });
const member = (reference: string): Operand => ({ kind: "member", key: referenceKey(reference) ?? "user" });
const user = (reference: string): Operand => ({ kind: "user", key: referenceKey(reference) ?? "user" });
const whole = (value: number | string): Operand => (typeof value === "number" ? number(value) : text(value));

function seconds(duration: string): Operand & { kind: "seconds" } {
  return {
    kind: "seconds",
    seconds: isDurationTemplate(duration) ? null : (parseDuration(duration) ?? 0),
    text: duration,
  };
}

function channel(reference: string): Operand {
  const trimmed = reference.trim();
  if (isHere(trimmed)) return { kind: "channel", here: true, key: null, name: "" };
  const key = referenceKey(trimmed);
  return { kind: "channel", here: false, key, name: key ? "" : trimmed.replace(/^#/, "") };
}

function role(reference: string, optional = false): Operand {
  const key = referenceKey(reference);
  return { kind: "role", key, name: key ? "" : reference.trim(), optional };
}

/** The reason argument, when the action has one. */
const reasonOf = (reason: string | undefined): Operand[] => (reason === undefined ? [] : [text(reason)]);

const storeMethods = {
  get: "getData",
  set: "setData",
  increment: "incrementData",
  decrement: "decrementData",
  append: "appendData",
  remove: "removeData",
  removeAt: "removeDataAt",
  delete: "deleteData",
  list: "listData",
} as const satisfies Record<string, RuntimeMethod>;

/** The steps of an action list at `path` ("commands.0.actions"); nothing after a `stop`. */
export function lower(actions: readonly Action[], path: string): Step[] {
  const steps: Step[] = [];
  for (const [index, action] of actions.entries()) {
    steps.push(lowerOne(action, `${path}.${index}`));
    if (action.do === "stop") break;
  }
  return steps;
}

function lowerOne(action: Action, path: string): Step {
  const call = (method: RuntimeMethod, args: Operand[], options: [string, Operand][] = [], saveAs?: string): Step => ({
    step: "call",
    method,
    args,
    options,
    what: failureWhat(action),
    ...(saveAs ? { saveAs } : {}),
    action,
  });
  const message = (value: Message): Operand => ({ kind: "message", message: value });
  switch (action.do) {
    case "reply":
      return call(
        "reply",
        [message(action.message)],
        action.ephemeral ? [["ephemeral", { kind: "flag", value: true }]] : [],
      );
    case "send":
      // Sent where the run happens, it answers too: after a failed action it says so instead.
      if (isHere(action.channel)) return call("sendHere", [message(action.message)], [], action.saveAs);
      return call("send", [channel(action.channel), message(action.message)], [], action.saveAs);
    case "dm":
      return call("dm", [user(action.member), message(action.message)]);
    case "react":
      return call("react", [
        word(action.emoji),
        ...(action.message === undefined ? [] : [word(referenceKey(action.message) ?? "")]),
      ]);
    case "deleteMessage":
      return call("deleteMessage", []);
    case "purge":
      return call("purge", [whole(action.count)]);
    case "timeout":
      return call("timeout", [member(action.member), seconds(action.duration), ...reasonOf(action.reason)]);
    case "removeTimeout":
    case "kick":
      return call(action.do, [member(action.member), ...reasonOf(action.reason)]);
    case "ban": {
      const options: [string, Operand][] = [];
      if (action.reason !== undefined) options.push(["reason", text(action.reason)]);
      if (action.duration) options.push(["seconds", seconds(action.duration)]);
      if (action.deleteMessages)
        options.push(["deleteMessageSeconds", number(parseDuration(action.deleteMessages) ?? 0)]);
      return call("ban", [user(action.member)], options);
    }
    case "unban":
      return call("unban", [text(action.user), ...reasonOf(action.reason)]);
    case "addRole":
    case "removeRole":
    case "toggleRole":
      return call(action.do, [member(action.member), role(action.role), ...reasonOf(action.reason)]);
    case "createChannel": {
      const options: [string, Operand][] = [];
      // A staff role the server lacks leaves the channel to the member and the bot.
      if (action.staffRole) options.push(["staffRole", role(action.staffRole, true)]);
      if (action.category) options.push(["category", word(action.category)]);
      if (action.topic !== undefined) options.push(["topic", text(action.topic)]);
      return call("createChannel", [text(action.name), member(action.member)], options, action.saveAs);
    }
    case "deleteChannel":
      return call("deleteChannel", [
        channel(action.channel),
        ...(action.after ? [number(parseDuration(action.after) ?? 0)] : []),
      ]);
    case "slowmode":
      return call("slowmode", [channel(action.channel), number(action.seconds)]);
    case "addToChannel":
    case "removeFromChannel":
      return call(action.do, [channel(action.channel), member(action.member)]);
    case "lockChannel":
    case "unlockChannel":
      return call(action.do, [channel(action.channel)]);
    case "store": {
      const args: Operand[] = [{ kind: "data", name: action.data }];
      if (action.op === "increment" || action.op === "decrement")
        args.push(action.value === undefined ? number(1) : text(action.value));
      else if (action.op === "set" || action.op === "append" || action.op === "remove" || action.op === "removeAt")
        args.push(text(action.value ?? ""));
      const options: [string, Operand][] = [];
      // list reads every key of keyed data, so a key there means nothing.
      if (action.key !== undefined && action.op !== "list") options.push(["key", text(action.key)]);
      // Whose value: a reference the run resolves to a user id, in the server or not.
      if (action.member !== undefined) options.push(["member", word(referenceKey(action.member) ?? "user")]);
      if (action.op === "list")
        options.push(["order", word(action.order ?? "key")], ["limit", number(action.limit ?? 25)]);
      return call(storeMethods[action.op], args, options, action.saveAs);
    }
    case "random":
      if (action.choices) return call("pick", [{ kind: "choices", choices: action.choices }], [], action.saveAs);
      if (action.from !== undefined) return call("pickFrom", [text(action.from)], [], action.saveAs);
      if (action.dice !== undefined) return call("rollDice", [text(action.dice)], [], action.saveAs);
      return call("randomWhole", [whole(action.min ?? 0), whole(action.max ?? 0)], [], action.saveAs);
    case "lookup":
      return call(
        "lookup",
        [
          { kind: "table", name: action.table },
          text(action.key),
          ...(action.fallback === undefined ? [] : [text(action.fallback)]),
        ],
        [],
        action.saveAs,
      );
    case "calculate":
      return { step: "calculate", expression: action.expression, saveAs: action.saveAs, action };
    case "showModal":
      return call("showModal", [{ kind: "modal", modal: action.modal }]);
    case "stop":
      return { step: "return", action };
    case "if": {
      const arms = [{ when: action.when, then: lower(action.then, `${path}.then`) }];
      let rest = action.else;
      let at = `${path}.else`;
      // An else holding only another if is an "else if", as a person would write the ladder.
      while (rest.length === 1 && rest[0]!.do === "if") {
        const inner = rest[0]!;
        arms.push({ when: inner.when, then: lower(inner.then, `${at}.0.then`) });
        rest = inner.else;
        at = `${at}.0.else`;
      }
      return { step: "branch", arms, otherwise: lower(rest, at), action };
    }
    case "wait": {
      // Named by its place in the blueprint, alike in both languages: pending timers survive a change of language.
      const timer = `${path}.then`;
      return {
        step: "wait",
        timer,
        duration: seconds(action.duration),
        then: lower(action.then, timer),
        what: failureWhat(action),
        action,
      };
    }
  }
}

/** The first `reply` in the order the actions are written, inside `if` and `wait` blocks too. */
export function firstReply(actions: readonly Action[]): Extract<Action, { do: "reply" }> | null {
  for (const action of actions) {
    if (action.do === "reply") return action;
    const inner =
      action.do === "if"
        ? (firstReply(action.then) ?? firstReply(action.else))
        : action.do === "wait"
          ? firstReply(action.then)
          : null;
    if (inner) return inner;
  }
  return null;
}

/**
 * Slash commands, buttons, menus and forms whose first action is not a reply or a form defer
 * (Discord wants an answer within 3 seconds), privately if their first reply is private; null:
 * no deferral.
 */
export function deferMode(actions: readonly Action[]): "public" | "ephemeral" | null {
  const first = actions[0];
  if (!first || first.do === "reply" || first.do === "showModal") return null;
  return firstReply(actions)?.ephemeral ? "ephemeral" : "public";
}
