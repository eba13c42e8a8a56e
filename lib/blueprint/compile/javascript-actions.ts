/**
 * Actions and conditions as JavaScript statements, spelled from the steps both compilers share
 * (./intermediate.ts). Each call is one call on the run (lib/blueprint-runtime.js in the generated
 * project), which logs a failed Discord call and lets the next action go on; a branch is an
 * if/else if/else, a return a return, and a wait stores a timer whose steps become a function of
 * their own (a continuation) that runs even after a restart.
 */
import type { Action, Condition } from "../schema";
import { describeSeconds } from "../vocabulary";
import { lower, runtimeMethods, type Operand, type Step } from "./intermediate";
import { indent, invocation, type FileScope } from "./javascript-code";
import { messageCode, modalCode, objectCode } from "./javascript-messages";
import { expressionCode, memberCode, numberLiteral, roleTextCode, templateCode } from "./javascript-templates";
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

/** The statements of an action list, in order, spelled from the shared intermediate form. */
export function actionLines(actions: Action[], scope: ActionScope): string[] {
  return stepLines(lower(actions, scope.path), scope);
}

/** The statements of lowered steps (./intermediate.ts). */
export function stepLines(steps: Step[], scope: ActionScope): string[] {
  return steps.flatMap((step) => stepCode(step, scope));
}

function stepCode(step: Step, scope: ActionScope): string[] {
  const file = scope.file;
  switch (step.step) {
    case "call": {
      // run.trying("post in #suggestions") when it may fail, so the next answer can say what could not be done.
      const on = step.what === null ? "run" : `run.trying(${templateCode(step.what, file)})`;
      const args = step.args.map((operand) => operandCode(operand, scope));
      if (step.options.length)
        args.push(objectCode(step.options.map(([name, operand]) => [name, operandCode(operand, scope)])));
      const value = `${runtimeMethods[step.method].awaited ? "await " : ""}${invocation(`${on}.${step.method}`, args)}`;
      return saved(step.saveAs, value);
    }
    case "calculate":
      return saved(step.saveAs, expressionCode(step.expression, file));
    case "return":
      return ["return;"];
    case "branch": {
      const lines: string[] = [];
      for (const [index, arm] of step.arms.entries()) {
        lines.push(
          `${index ? "} else if" : "if"} (${conditionCode(arm.when, scope)}) {`,
          ...indent(stepLines(arm.then, scope)),
        );
      }
      if (step.otherwise.length) lines.push("} else {", ...indent(stepLines(step.otherwise, scope)));
      lines.push("}");
      return lines;
    }
    case "wait": {
      const functionName = file.names.claim(`${scope.baseName}Later`);
      const spoken = describeSeconds(step.duration.seconds ?? 0);
      const fixed = step.duration.seconds !== null;
      const description = fixed ? `${spoken} after ${scope.label}` : `when the time given to ${scope.label} is up`;
      file.continuations.push({ timer: step.timer, functionName, description, steps: step.then });
      const on = step.what === null ? "run" : `run.trying(${templateCode(step.what, file)})`;
      return [
        fixed
          ? `// ${functionName}() runs ${spoken} from now, even if the bot restarts in between.`
          : `// ${functionName}() runs once the time it was given has passed, even if the bot restarts in between.`,
        `await ${on}.wait(${operandCode(step.duration, scope)}, ${jsString(step.timer)});`,
      ];
    }
  }
}

/** `value;`, or `run.save("name", value);` when the step keeps what it gives back. */
function saved(saveAs: string | undefined, value: string): string[] {
  if (!saveAs) return `${value};`.split("\n");
  return `${invocation("run.save", [jsString(saveAs), value])};`.split("\n");
}

/** An operand as a JavaScript expression. */
function operandCode(operand: Operand, scope: ActionScope): string {
  const file = scope.file;
  switch (operand.kind) {
    case "text":
      return templateCode(operand.text, file);
    case "word":
      return jsString(operand.value);
    case "number":
      return numberLiteral(operand.value);
    case "flag":
      return operand.value ? "true" : "false";
    case "seconds":
      return operand.seconds === null ? templateCode(operand.text, file) : numberLiteral(operand.seconds);
    case "member":
      return `await run.findMember(${jsString(operand.key)})`;
    case "user":
      return `await run.findUser(${jsString(operand.key)})`;
    case "channel":
      if (operand.here) return 'await run.findChannel("here")';
      if (operand.key) return `await run.findChannel(${jsString(operand.key)})`;
      return `await run.findChannelNamed(${jsString(operand.name)})`;
    case "role":
      // findRole / findRoleNamed give null for a missing role; the call says so, or goes on without it.
      return operand.key
        ? `await run.findRole(${jsString(operand.key)})`
        : `await run.findRoleNamed(${jsString(operand.name)})`;
    case "message":
      return messageCode(operand.message, file);
    case "modal":
      return modalCode(operand.modal, file);
    case "choices": {
      const items = operand.choices.map((choice) => templateCode(choice, file));
      const inline = `[${items.join(", ")}]`;
      if (inline.length <= 90) return inline;
      return ["[", ...items.map((item) => `  ${item},`), "]"].join("\n");
    }
    case "table":
      file.usesTables = true;
      return `tables.${operand.name}`;
    case "data":
      file.usesData = true;
      return `data.${operand.name}`;
  }
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
