/** Small action builders shared by the template blueprints (lib/blueprint/templates.ts). */
import type { Action, CompareOperator, Condition } from "./schema";

export const ephemeralReply = (text: string): Action => ({
  do: "reply",
  message: { text, buttons: [] },
  ephemeral: true,
});

export const reply = (text: string): Action => ({ do: "reply", message: { text, buttons: [] }, ephemeral: false });

export const stop: Action = { do: "stop" };

export const when = (left: string, op: CompareOperator, right: string): Condition => ({
  test: "compare",
  left,
  op,
  right,
});

/** if … then these, with no else. */
export const onlyIf = (condition: Condition, then: Action[]): Action => ({ do: "if", when: condition, then, else: [] });

/**
 * The member chose themselves as the target: refused, privately, before anything is stored.
 * Compared as mentions, not bare ids: two ids that both read as numbers are compared as numbers,
 * and snowflakes are past 2^53, so neighbouring ids would compare equal.
 */
export const notYourself = (text: string): Action =>
  onlyIf(when("<@{option.user.id}>", "==", "<@{user.id}>"), [ephemeralReply(text), stop]);
