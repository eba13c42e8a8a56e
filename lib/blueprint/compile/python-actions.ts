/**
 * A blueprint's actions as the body of a Python coroutine `async def name(run: Run)`. Each
 * action that talks to Discord or the database sits in `async with run.attempt("kind"):`, which
 * logs `[blueprint] <where>: <kind> failed: <reason>` and goes on; `stop` is `return`; `if` is
 * an if/elif/else; a `wait` block becomes its own coroutine, run later by a stored timer.
 */
import { failureWhat, isHere } from "../failure-notice";
import { referenceIn } from "../placeholders";
import type { Action } from "../schema";
import { isDurationTemplate, parseDuration } from "../vocabulary";
import { pyString } from "./literals";
import { calculation, channelRef, conditionCode, memberRef, optionalTemplate, roleRef, template } from "./python-code";
import { call, messageParts, modalParts } from "./python-messages";
import type { NameScope } from "./python-names";
import { deferMode } from "./shared";

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
  const lines = actions.flatMap((action, index) => actionLines(action, `${path}.${index}`, context, depth));
  return lines.length ? lines : [`${pads(depth)}pass`];
}

function seconds(duration: string | undefined): string | undefined {
  const parsed = duration === undefined ? null : parseDuration(duration);
  return parsed === null ? undefined : String(parsed);
}

/** A duration as the runtime takes it: seconds, or a template it reads when the action runs. */
function durationArg(duration: string): string {
  return isDurationTemplate(duration) ? template(duration) : (seconds(duration) ?? "0");
}

function reason(text: string | undefined): string[] {
  return text === undefined ? [] : [`reason=${template(text)}`];
}

/**
 * `async with run.attempt("kind", "what it does"):` — "what it does" only for an action that may
 * fail, so the next answer can say what could not be done (lib/blueprint/failure-notice.ts).
 */
function attempt(action: Action, depth: number, lines: string[], kind: string = action.do): string[] {
  const what = failureWhat(action);
  const args = what === null ? pyString(kind) : `${pyString(kind)}, ${template(what)}`;
  return [`${pads(depth)}async with run.attempt(${args}):`, ...lines];
}

function saved(saveAs: string | undefined, value: string): string {
  return saveAs ? `run.save(${pyString(saveAs)}, ${value})` : value;
}

function actionLines(action: Action, path: string, context: ActionContext, depth: number): string[] {
  const pad = pads(depth + 1);
  switch (action.do) {
    case "if":
      return ifLines(action, path, context, depth, "if");
    case "stop":
      return [`${pads(depth)}return`];
    case "wait": {
      const name = context.names.take(`${context.base}_later`);
      const key = `${path}.then`;
      context.later.push({ key, name, lines: actionBody(action.then, key, context, 1) });
      const fixed = !isDurationTemplate(action.duration);
      return attempt(action, depth, [
        fixed
          ? `${pad}# ${name}() runs in ${seconds(action.duration) ?? "0"} seconds, from a stored timer: a restart does not lose it.`
          : `${pad}# ${name}() runs once the time it was given has passed, from a stored timer: a restart does not lose it.`,
        `${pad}await run.later(${durationArg(action.duration)}, ${pyString(key)})`,
      ]);
    }
    case "reply":
    case "send":
    case "dm": {
      const { lines, args } = messageParts(action.message, pad);
      if (action.do === "reply") {
        if (action.ephemeral) args.push("ephemeral=True");
        return attempt(action, depth, [...lines, ...call("await run.reply", args, pad)]);
      }
      if (action.do === "dm") {
        return attempt(action, depth, [...lines, ...call("await run.dm", [memberRef(action.member), ...args], pad)]);
      }
      const sent = action.saveAs ? "sent = " : "";
      const kept = action.saveAs ? [`${pad}${saved(action.saveAs, "sent")}`] : [];
      // Sent where the run happens, it answers too: after a failed action it says so instead.
      if (isHere(action.channel))
        return attempt(action, depth, [...lines, ...call(`${sent}await run.send_here`, args, pad), ...kept]);
      const send = call(`${sent}await run.send`, ["channel", ...args], pad);
      return attempt(action, depth, [`${pad}channel = ${channelRef(action.channel)}`, ...lines, ...send, ...kept]);
    }
    case "showModal":
      return attempt(action, depth, [...modalParts(action.modal, pad), `${pad}await run.show_modal(modal)`]);
    default:
      return attempt(action, depth, simpleLines(action, pad));
  }
}

function ifLines(
  action: Extract<Action, { do: "if" }>,
  path: string,
  context: ActionContext,
  depth: number,
  keyword: "if" | "elif",
): string[] {
  const lines = [
    `${pads(depth)}${keyword} ${conditionCode(action.when)}:`,
    ...actionBody(action.then, `${path}.then`, context, depth + 1),
  ];
  const [only] = action.else;
  if (action.else.length === 1 && only?.do === "if")
    return [...lines, ...ifLines(only, `${path}.else.0`, context, depth, "elif")];
  if (action.else.length)
    lines.push(`${pads(depth)}else:`, ...actionBody(action.else, `${path}.else`, context, depth + 1));
  return lines;
}

type Simple = Exclude<Action, { do: "if" | "stop" | "wait" | "reply" | "send" | "dm" | "showModal" }>;

/** The statements of an action that makes one runtime call. */
function simpleLines(action: Simple, pad: string): string[] {
  const line = (head: string, args: string[]) => call(head, args, pad);
  switch (action.do) {
    case "react":
      return line("await run.react", [
        pyString(action.emoji),
        ...(action.message === undefined ? [] : [`posted=${pyString(referenceIn(action.message)?.name ?? "")}`]),
      ]);
    case "deleteMessage":
      return line("await run.delete_message", []);
    case "purge":
      return line("await run.purge", [
        typeof action.count === "number" ? String(action.count) : template(action.count),
      ]);
    case "timeout":
      return line("await run.timeout", [
        memberRef(action.member),
        durationArg(action.duration),
        ...reason(action.reason),
      ]);
    case "removeTimeout":
      return line("await run.remove_timeout", [memberRef(action.member), ...reason(action.reason)]);
    case "kick":
      return line("await run.kick", [memberRef(action.member), ...reason(action.reason)]);
    case "ban": {
      const extra = [
        ...(action.duration ? [`seconds=${durationArg(action.duration)}`] : []),
        ...(action.deleteMessages ? [`delete_seconds=${seconds(action.deleteMessages)}`] : []),
      ];
      return line("await run.ban", [memberRef(action.member), ...reason(action.reason), ...extra]);
    }
    case "unban":
      return line("await run.unban", [template(action.user), ...reason(action.reason)]);
    case "addRole":
    case "removeRole":
    case "toggleRole": {
      const method = { addRole: "add_role", removeRole: "remove_role", toggleRole: "toggle_role" }[action.do];
      return line(`await run.${method}`, [memberRef(action.member), roleRef(action.role), ...reason(action.reason)]);
    }
    case "createChannel": {
      // A staff role the server lacks leaves the channel to the member and the bot (run.create_channel).
      const staff =
        action.staffRole === undefined
          ? undefined
          : referenceIn(action.staffRole)
            ? roleRef(action.staffRole)
            : pyString(action.staffRole);
      const args = [
        template(action.name),
        memberRef(action.member),
        ...(staff ? [`staff=${staff}`] : []),
        ...(action.category !== undefined ? [`category=${pyString(action.category)}`] : []),
        ...(action.topic !== undefined ? [`topic=${template(action.topic)}`] : []),
      ];
      const create = call(`${action.saveAs ? "channel = " : ""}await run.create_channel`, args, pad);
      return action.saveAs ? [...create, `${pad}${saved(action.saveAs, "channel")}`] : create;
    }
    case "deleteChannel": {
      const after = seconds(action.after);
      return line("await run.delete_channel", [channelRef(action.channel), ...(after ? [`after=${after}`] : [])]);
    }
    case "slowmode":
      return line("await run.slowmode", [channelRef(action.channel), String(action.seconds)]);
    case "store": {
      const args = [
        pyString(action.data),
        pyString(action.op),
        ...(action.key !== undefined ? [`key=${template(action.key)}`] : []),
        ...(action.member !== undefined ? [`member=${memberRef(action.member)}`] : []),
        ...(action.value !== undefined ? [`value=${template(action.value)}`] : []),
        ...(action.limit !== undefined ? [`limit=${action.limit}`] : []),
        ...(action.order !== undefined ? [`order=${pyString(action.order)}`] : []),
      ];
      if (!action.saveAs) return line("await run.store", args);
      return [...line("stored = await run.store", args), `${pad}${saved(action.saveAs, "stored")}`];
    }
    case "random": {
      if (action.choices) {
        return [...choiceLines(action.choices, pad), `${pad}${saved(action.saveAs, "run.pick(choices)")}`];
      }
      if (action.dice !== undefined) return [`${pad}${saved(action.saveAs, `run.dice(${template(action.dice)})`)}`];
      const bound = (value: number | string | undefined) =>
        typeof value === "number" ? String(value) : template(value ?? "0");
      return [`${pad}${saved(action.saveAs, `run.roll(${bound(action.min)}, ${bound(action.max)})`)}`];
    }
    case "lookup": {
      const args = [pyString(action.table), template(action.key), optionalTemplate(action.fallback)];
      return [...line("answer = run.lookup", args), `${pad}${saved(action.saveAs, "answer")}`];
    }
    case "calculate":
      return [`${pad}${saved(action.saveAs, calculation(action.expression))}`];
  }
}

function choiceLines(choices: string[], pad: string): string[] {
  const inline = `${pad}choices = [${choices.map(template).join(", ")}]`;
  if (inline.length <= 99) return [inline];
  return [`${pad}choices = [`, ...choices.map((choice) => `${pad}    ${template(choice)},`), `${pad}]`];
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
