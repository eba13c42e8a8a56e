/**
 * Failed actions as the oracle follows them (lib/blueprint/README.md, "Running a command or an
 * event"): an action the bot tries and fails at is kept, in the words of
 * lib/blueprint/failure-notice.ts, and the run's next answer (a reply, or a send to "here") says
 * them instead of its own text. Where the oracle cannot tell whether an action fails, the next
 * answer's text is not predicted.
 */
import { failureLine, failureNotice, failureWhat } from "../failure-notice";
import type { Action } from "../schema";
import { render, type Env, type Exec } from "./oracle-run";
import { concat, lit, type Text } from "./oracle-text";

/** The bot tries the action and fails, for this reason (null: it says none). */
export function failed(env: Env, exec: Exec, action: Action, reason: string | null): void {
  const what = failureWhat(action);
  if (what === null) return;
  // failureLine's own words around the rendered description: "I couldn't " + what + ": why."
  const [before, after] = failureLine("\u0000", reason).split("\u0000") as [string, string];
  exec.ctx.failures.push(concat(lit(before), render(env, exec, what), lit(after)));
}

/** Whether the action fails is not known: neither is what the next answer says. */
export function mayFail(exec: Exec, action: Action): void {
  if (failureWhat(action) !== null) exec.ctx.failuresUncertain = true;
}

/**
 * What the next answer says instead of its own text, taken (the answer after it says its own
 * again): the failures' lines, "uncertain" when an action may have failed, null when none did.
 */
export function takeNotice(exec: Exec): Text | "uncertain" | null {
  const { ctx } = exec;
  const lines = ctx.failures;
  const uncertain = ctx.failuresUncertain;
  ctx.failures = [];
  ctx.failuresUncertain = false;
  if (uncertain) return "uncertain";
  if (!lines.length) return null;
  // failureNotice's own text with each line's place marked, then the lines put in.
  const marked = failureNotice(lines.map((_, index) => `\u0000${index}\u0000`));
  return concat(
    ...marked.split(/\u0000(\d+)\u0000/).map((part, index) => (index % 2 ? lines[Number(part)]! : lit(part))),
  );
}
