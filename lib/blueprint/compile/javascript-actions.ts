/**
 * Actions and conditions as JavaScript statements. Each action is one call on the run
 * (lib/blueprint-runtime.js in the generated project), which logs a failed Discord call and lets
 * the next action go on; `if` is an if/else, `stop` a return, and `wait` stores a timer whose
 * actions become a function of their own (a continuation) that runs even after a restart.
 */
import { failureWhat, isHere } from "../failure-notice";
import type { Action, Condition } from "../schema";
import { describeSeconds, isDurationTemplate, parseDuration } from "../vocabulary";
import { indent, invocation, type FileScope } from "./javascript-code";
import { messageCode, modalCode, objectCode } from "./javascript-messages";
import {
  channelCode,
  expressionCode,
  memberCode,
  numberLiteral,
  referenceKey,
  roleCode,
  roleTextCode,
  templateCode,
  userCode,
} from "./javascript-templates";
import { jsString } from "./literals";

export interface ActionScope {
  file: FileScope;
  /** Safe to write in a comment: "/warn", "button open_ticket", "prefix command coin" (restricted names only). */
  label: string;
  /** The function name continuations are named after ("runRemindme" → "runRemindmeLater"). */
  baseName: string;
  /** The list's path in the blueprint ("commands.0.actions"): a wait's timer is named by it. */
  path: string;
}

/** The statements of an action list, in order; nothing after a `stop` (it could never run). */
export function actionLines(actions: Action[], scope: ActionScope): string[] {
  const lines: string[] = [];
  for (const [index, action] of actions.entries()) {
    lines.push(...actionCode(action, scope, `${scope.path}.${index}`));
    if (action.do === "stop") break;
  }
  return lines;
}

/**
 * The run an action's helper is called on: `run.trying("post in #suggestions")` when the action
 * may fail, so the next answer can say what could not be done (lib/blueprint/failure-notice.ts).
 */
function runFor(action: Action, file: FileScope): string {
  const what = failureWhat(action);
  return what === null ? "run" : `run.trying(${templateCode(what, file)})`;
}

/** `await run.name(args);` (on the run the action is tried on). */
function callOn(on: string, name: string, args: string[]): string[] {
  return `await ${invocation(`${on}.${name}`, args)};`.split("\n");
}

/** Saves what the action gives back under `saveAs`, if it has one. */
function saved(saveAs: string | undefined, value: string): string[] {
  if (!saveAs) return `${value};`.split("\n");
  return `${invocation("run.save", [jsString(saveAs), value])};`.split("\n");
}

/** The reason argument, or nothing. */
function reasonArgs(reason: string | undefined, scope: ActionScope): string[] {
  return reason === undefined ? [] : [templateCode(reason, scope.file)];
}

function actionCode(action: Action, scope: ActionScope, path: string): string[] {
  const file = scope.file;
  const on = runFor(action, file);
  const call = (name: string, args: string[]) => callOn(on, name, args);
  switch (action.do) {
    case "reply":
      return call("reply", [messageCode(action.message, file), ...(action.ephemeral ? ["{ ephemeral: true }"] : [])]);
    case "send":
      // Sent where the run happens, it answers too: after a failed action it says so instead.
      if (isHere(action.channel))
        return saved(action.saveAs, `await ${invocation(`${on}.sendHere`, [messageCode(action.message, file)])}`);
      return saved(
        action.saveAs,
        `await ${invocation(`${on}.send`, [channelCode(action.channel), messageCode(action.message, file)])}`,
      );
    case "dm":
      return call("dm", [userCode(action.member), messageCode(action.message, file)]);
    case "react":
      return call("react", [
        jsString(action.emoji),
        ...(action.message === undefined ? [] : [jsString(referenceKey(action.message) ?? "")]),
      ]);
    case "deleteMessage":
      return call("deleteMessage", []);
    case "purge":
      return call("purge", [
        typeof action.count === "number" ? numberLiteral(action.count) : templateCode(action.count, file),
      ]);
    case "timeout":
      return call("timeout", [
        memberCode(action.member),
        durationCode(action.duration, file),
        ...reasonArgs(action.reason, scope),
      ]);
    case "removeTimeout":
    case "kick":
      return call(action.do, [memberCode(action.member), ...reasonArgs(action.reason, scope)]);
    case "ban": {
      const options: [string, string][] = [];
      if (action.reason !== undefined) options.push(["reason", templateCode(action.reason, file)]);
      if (action.duration) options.push(["seconds", durationCode(action.duration, file)]);
      if (action.deleteMessages) {
        options.push(["deleteMessageSeconds", numberLiteral(parseDuration(action.deleteMessages) ?? 0)]);
      }
      return call("ban", [userCode(action.member), ...(options.length ? [objectCode(options)] : [])]);
    }
    case "unban":
      return call("unban", [templateCode(action.user, file), ...reasonArgs(action.reason, scope)]);
    case "addRole":
    case "removeRole":
    case "toggleRole":
      return call(action.do, [memberCode(action.member), roleCode(action.role), ...reasonArgs(action.reason, scope)]);
    case "createChannel": {
      const options: [string, string][] = [
        ["name", templateCode(action.name, file)],
        ["member", memberCode(action.member)],
      ];
      if (action.staffRole) options.push(["staffRole", roleCode(action.staffRole)]);
      if (action.category) options.push(["category", jsString(action.category)]);
      if (action.topic !== undefined) options.push(["topic", templateCode(action.topic, file)]);
      return saved(action.saveAs, `await ${invocation(`${on}.createChannel`, [objectCode(options)])}`);
    }
    case "deleteChannel":
      return call("deleteChannel", [
        channelCode(action.channel),
        ...(action.after ? [numberLiteral(parseDuration(action.after) ?? 0)] : []),
      ]);
    case "slowmode":
      return call("slowmode", [channelCode(action.channel), numberLiteral(action.seconds)]);
    case "store":
      return storeCode(action, scope, on);
    case "random":
      if (action.choices) {
        return saved(action.saveAs, `run.pick(${choicesCode(action.choices, scope)})`);
      }
      if (action.dice !== undefined) {
        return saved(action.saveAs, `await ${invocation(`${on}.rollDice`, [templateCode(action.dice, file)])}`);
      }
      return saved(
        action.saveAs,
        `await ${invocation(`${on}.randomWhole`, [wholeCode(action.min ?? 0, scope), wholeCode(action.max ?? 0, scope)])}`,
      );
    case "lookup": {
      file.usesTables = true;
      const args = [`tables.${action.table}`, templateCode(action.key, file)];
      if (action.fallback !== undefined) args.push(templateCode(action.fallback, file));
      return saved(action.saveAs, invocation("run.lookup", args));
    }
    case "calculate":
      return saved(action.saveAs, expressionCode(action.expression, file));
    case "showModal":
      return call("showModal", [modalCode(action.modal, file)]);
    case "stop":
      return ["return;"];
    case "if":
      return ifCode(action, scope, path);
    case "wait":
      return waitCode(action, scope, path, on);
  }
}

function choicesCode(choices: string[], scope: ActionScope): string {
  const items = choices.map((choice) => templateCode(choice, scope.file));
  const inline = `[${items.join(", ")}]`;
  if (inline.length <= 90) return inline;
  return ["[", ...items.map((item) => `  ${item},`), "]"].join("\n");
}

function wholeCode(value: number | string, scope: ActionScope): string {
  return typeof value === "number" ? numberLiteral(value) : templateCode(value, scope.file);
}

const storeMethods = {
  get: "getData",
  set: "setData",
  increment: "incrementData",
  decrement: "decrementData",
  append: "appendData",
  remove: "removeData",
  delete: "deleteData",
  list: "listData",
} as const;

function storeCode(action: Extract<Action, { do: "store" }>, scope: ActionScope, on: string): string[] {
  scope.file.usesData = true;
  const args = [`data.${action.data}`];
  if (action.op === "increment" || action.op === "decrement") {
    args.push(action.value === undefined ? "1" : templateCode(action.value, scope.file));
  } else if (action.op === "set" || action.op === "append" || action.op === "remove") {
    args.push(templateCode(action.value ?? "", scope.file));
  }
  const options: [string, string][] = [];
  // list reads every key of keyed data, so a key there means nothing.
  if (action.key !== undefined && action.op !== "list") options.push(["key", templateCode(action.key, scope.file)]);
  // Whose value: a reference the run resolves to a user id ("option.member").
  if (action.member !== undefined) options.push(["member", jsString(referenceKey(action.member) ?? "user")]);
  if (action.op === "list") {
    options.push(["order", jsString(action.order ?? "key")], ["limit", numberLiteral(action.limit ?? 25)]);
  }
  if (options.length) args.push(objectCode(options));
  return saved(action.saveAs, `await ${invocation(`${on}.${storeMethods[action.op]}`, args)}`);
}

function ifCode(action: Extract<Action, { do: "if" }>, scope: ActionScope, path: string): string[] {
  const branch = (actions: Action[], at: string) => indent(actionLines(actions, { ...scope, path: at }));
  const lines = [`if (${conditionCode(action.when, scope)}) {`, ...branch(action.then, `${path}.then`)];
  let rest = action.else;
  let at = `${path}.else`;
  // An else holding only another if reads as "else if", as a person would write the ladder.
  while (rest.length === 1 && rest[0]!.do === "if") {
    const inner = rest[0]!;
    lines.push(`} else if (${conditionCode(inner.when, scope)}) {`, ...branch(inner.then, `${at}.0.then`));
    rest = inner.else;
    at = `${at}.0.else`;
  }
  if (rest.length) lines.push("} else {", ...branch(rest, at));
  lines.push("}");
  return lines;
}

/** A duration as the runtime takes it: seconds, or a template it reads when the action runs. */
function durationCode(duration: string, file: FileScope): string {
  return isDurationTemplate(duration) ? templateCode(duration, file) : numberLiteral(parseDuration(duration) ?? 0);
}

function waitCode(action: Extract<Action, { do: "wait" }>, scope: ActionScope, path: string, on: string): string[] {
  // Named by its place in the blueprint, as the Python bot names it: pending timers survive a change of language.
  const timer = `${path}.then`;
  const functionName = scope.file.names.claim(`${scope.baseName}Later`);
  const fixed = !isDurationTemplate(action.duration);
  const spoken = describeSeconds(parseDuration(action.duration) ?? 0);
  const description = fixed ? `${spoken} after ${scope.label}` : `when the time given to ${scope.label} is up`;
  scope.file.continuations.push({ timer, functionName, description, actions: action.then });
  return [
    fixed
      ? `// ${functionName}() runs ${spoken} from now, even if the bot restarts in between.`
      : `// ${functionName}() runs once the time it was given has passed, even if the bot restarts in between.`,
    `await ${on}.wait(${durationCode(action.duration, scope.file)}, ${jsString(timer)});`,
  ];
}

/** A condition as a JavaScript boolean expression. */
export function conditionCode(condition: Condition, scope: ActionScope): string {
  const file = scope.file;
  switch (condition.test) {
    case "compare":
      file.runtime.add("compare");
      return `compare(${templateCode(condition.left, file)}, ${jsString(condition.op)}, ${templateCode(condition.right, file)})`;
    case "isSet":
      return `${templateCode(condition.value, file)} !== ""`;
    case "hasPermission":
      file.runtime.add("hasPermission");
      return `hasPermission(${memberCode(condition.member)}, ${jsString(condition.permission)})`;
    case "hasRole":
      file.runtime.add("hasRole");
      return `hasRole(${memberCode(condition.member)}, ${roleTextCode(condition.role)})`;
    case "all":
    case "any":
      return condition.conditions
        .map((inner) => groupedCondition(inner, scope))
        .join(condition.test === "all" ? " && " : " || ");
    case "not": {
      const inner = conditionCode(condition.condition, scope);
      // A call needs no parentheses after "!"; a comparison or a group does.
      const call = ["compare", "hasPermission", "hasRole"].includes(condition.condition.test);
      return call ? `!${inner}` : `!(${inner})`;
    }
  }
}

function groupedCondition(condition: Condition, scope: ActionScope): string {
  const code = conditionCode(condition, scope);
  return (condition.test === "all" || condition.test === "any") && condition.conditions.length > 1 ? `(${code})` : code;
}
