/**
 * A blueprint's actions as the body of a Python coroutine `async def name(run: Run)`, spelled
 * from the steps both compilers share (./intermediate.ts). Each call sits in
 * `async with run.attempt("kind"):`, which logs `[blueprint] <where>: <kind> failed: <reason>`
 * and goes on; a return is `return`; a branch an if/elif/else; a wait's steps become their own
 * coroutine, run later by a stored timer.
 */
import type { Action } from "../schema";
import { deferMode, lower, runtimeMethods, type Operand, type Step } from "./intermediate";
import { pyString } from "./literals";
import { calculation, conditionCode, template } from "./python-code";
import { call, messageParts, modalParts } from "./python-messages";
import type { NameScope } from "./python-names";

/** A `wait` block: run by the timer named `key` (its path in the blueprint). */
export interface LaterBlock {
  key: string;
  name: string;
  lines: string[];
}

export interface ActionContext {
  /** The module's function names. */
  names: NameScope;
  /** The Python name of the command or event: later blocks are named after it. */
  base: string;
  later: LaterBlock[];
}

const pads = (depth: number) => "    ".repeat(depth);

/** The statements of an action list at `depth` (a body: never empty). */
export function actionBody(actions: Action[], path: string, context: ActionContext, depth: number): string[] {
  return stepBody(lower(actions, path), context, depth);
}

function stepBody(steps: Step[], context: ActionContext, depth: number): string[] {
  const lines = steps.flatMap((step) => stepLines(step, context, depth));
  return lines.length ? lines : [`${pads(depth)}pass`];
}

/** "sendHere" → "send_here": the runtime's Python name of a call. */
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * `async with run.attempt("kind", "what it does"):` — "what it does" only for a step that may
 * fail, so the next answer can say what could not be done (lib/blueprint/failure-notice.ts).
 */
function attempt(kind: string, what: string | null, depth: number, lines: string[]): string[] {
  const args = what === null ? pyString(kind) : `${pyString(kind)}, ${template(what)}`;
  return [`${pads(depth)}async with run.attempt(${args}):`, ...lines];
}

/** The call; then `run.save("name", value)` when the step keeps what it gives back. */
function saved(saveAs: string | undefined, head: string, args: string[] | null, pad: string): string[] {
  const prefix = saveAs ? "value = " : "";
  const value = args === null ? [`${pad}${prefix}${head}`] : call(`${prefix}${head}`, args, pad);
  return saveAs ? [...value, `${pad}run.save(${pyString(saveAs)}, value)`] : value;
}

function stepLines(step: Step, context: ActionContext, depth: number): string[] {
  const pad = pads(depth + 1);
  switch (step.step) {
    case "call": {
      const lines: string[] = [];
      const args: string[] = [];
      for (const operand of step.args) {
        const spelled = operandCode(operand, pad);
        lines.push(...spelled.lines);
        args.push(...spelled.args);
      }
      for (const [name, operand] of step.options) {
        const spelled = operandCode(operand, pad);
        lines.push(...spelled.lines);
        args.push(...spelled.args.map((arg) => `${snake(name)}=${arg}`));
      }
      const head = `${runtimeMethods[step.method].awaited ? "await " : ""}run.${snake(step.method)}`;
      return attempt(step.action.do, step.what, depth, [...lines, ...saved(step.saveAs, head, args, pad)]);
    }
    case "calculate":
      return attempt(step.action.do, null, depth, saved(step.saveAs, calculation(step.expression), null, pad));
    case "return":
      return [`${pads(depth)}return`];
    case "branch": {
      const lines = step.arms.flatMap((arm, index) => [
        `${pads(depth)}${index ? "elif" : "if"} ${conditionCode(arm.when)}:`,
        ...stepBody(arm.then, context, depth + 1),
      ]);
      if (step.otherwise.length) lines.push(`${pads(depth)}else:`, ...stepBody(step.otherwise, context, depth + 1));
      return lines;
    }
    case "wait": {
      const name = context.names.take(`${context.base}_later`);
      context.later.push({ key: step.timer, name, lines: stepBody(step.then, context, 1) });
      const { seconds } = step.duration;
      return attempt(step.action.do, step.what, depth, [
        seconds !== null
          ? `${pad}# ${name}() runs in ${seconds} seconds, from a stored timer: a restart does not lose it.`
          : `${pad}# ${name}() runs once the time it was given has passed, from a stored timer: a restart does not lose it.`,
        `${pad}await run.later(${operandCode(step.duration, pad).args[0]}, ${pyString(step.timer)})`,
      ]);
    }
  }
}

/** An operand as Python: the statements that build it first (a message's embed, a form), then its arguments. */
function operandCode(operand: Operand, pad: string): { lines: string[]; args: string[] } {
  const one = (arg: string) => ({ lines: [], args: [arg] });
  switch (operand.kind) {
    case "text":
      return one(template(operand.text));
    case "word":
    case "table":
    case "data":
      return one(pyString(operand.kind === "word" ? operand.value : operand.name));
    case "number":
      return one(String(operand.value));
    case "flag":
      return one(operand.value ? "True" : "False");
    case "seconds":
      return one(operand.seconds === null ? template(operand.text) : String(operand.seconds));
    case "member":
      return one(`await run.member(${pyString(operand.key)})`);
    case "user":
      return one(`await run.user_of(${pyString(operand.key)})`);
    case "channel":
      if (operand.here) return one(`await run.channel_of("here")`);
      return one(
        operand.key ? `await run.channel_of(${pyString(operand.key)})` : `run.channel_named(${pyString(operand.name)})`,
      );
    case "role": {
      const which = operand.key ? `key=${pyString(operand.key)}` : `named=${pyString(operand.name)}`;
      if (operand.optional) return one(`await run.maybe_role(${which})`);
      return one(
        operand.key ? `await run.role_of(${pyString(operand.key)})` : `run.role_named(${pyString(operand.name)})`,
      );
    }
    case "message":
      return messageParts(operand.message, pad);
    case "modal":
      return { lines: modalParts(operand.modal, pad), args: ["modal"] };
    case "choices": {
      const inline = `${pad}choices = [${operand.choices.map(template).join(", ")}]`;
      if (inline.length <= 99) return { lines: [inline], args: ["choices"] };
      const lines = [
        `${pad}choices = [`,
        ...operand.choices.map((choice) => `${pad}    ${template(choice)},`),
        `${pad}]`,
      ];
      return { lines, args: ["choices"] };
    }
  }
}

/**
 * Interactions must be answered within 3 seconds: unless the first action answers, the run
 * starts by deferring, by the rule both compilers share (./shared.ts).
 */
function deferLines(actions: Action[]): string[] {
  const mode = deferMode(actions);
  if (!mode) return [];
  return [`    await run.defer(${mode === "ephemeral" ? "ephemeral=True" : ""})`];
}

/**
 * `async def name(run: Run)` with the actions (deferring first when they answer an interaction
 * late), followed by its `wait` blocks; `later` gets each block's timer name and function.
 */
export function actionFunction(
  function_: { name: string; doc: string; interaction: boolean },
  actions: Action[],
  path: string,
  names: NameScope,
  later: [string, string][],
): string[] {
  const context: ActionContext = { names, base: function_.name, later: [] };
  const body = actionBody(actions, path, context, 1);
  const lines = [
    `async def ${function_.name}(run: Run) -> None:`,
    `    """${function_.doc}"""`,
    ...(function_.interaction ? deferLines(actions) : []),
    ...body,
  ];
  for (const block of context.later) {
    later.push([block.key, block.name]);
    lines.push(
      "",
      "",
      `async def ${block.name}(run: Run) -> None:`,
      `    """After a wait (${block.key})."""`,
      ...block.lines,
    );
  }
  return lines;
}

/** The module's `wait` blocks as the LATER map that main.py hands to the runtime. */
export function laterMap(later: [string, string][]): string[] {
  return [
    "# The `wait` blocks by their place in the blueprint: a stored timer names the one it runs.",
    ...(later.length
      ? ["LATER = {", ...later.map(([key, name]) => `    ${pyString(key)}: ${name},`), "}"]
      : ["LATER = {}"]),
  ];
}
