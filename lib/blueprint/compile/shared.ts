/**
 * The decisions about a blueprint that both compilers (and the proof's oracle, which predicts
 * what the compiled bot does) must make alike, made once here: a rule kept in two places drifts
 * (the first reply that decides a deferral was once looked for inside `wait` blocks by the
 * JavaScript compiler and not by the Python one). The start of the compilers' shared
 * intermediate form (issue 34).
 */
import type { Action } from "../schema";

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
