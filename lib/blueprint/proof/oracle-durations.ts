/**
 * A duration as the compiled bots read it when an action runs: written in the blueprint ("10m"),
 * or given by a template ("{option.minutes}m") and read then — a value that is not a length of
 * time, or is longer than the action allows, makes the action fail with the bots' own words.
 */
import { durationTooLong, notADuration } from "../failure-notice";
import type { Action } from "../schema";
import { describeSeconds, durationLimits, isDurationTemplate, parseDuration } from "../vocabulary";
import { failed, mayFail } from "./oracle-failures";
import { render, type Env, type Exec } from "./oracle-run";
import { plain } from "./oracle-text";

/** Seconds; "failed" when the action fails (the next answer says why); "unknown" when whether it does is not known. */
export function durationOf(
  env: Env,
  exec: Exec,
  action: Action,
  duration: string,
  kind: "wait" | "timeout" | "ban",
): number | "failed" | "unknown" {
  if (!isDurationTemplate(duration)) return parseDuration(duration) ?? 0;
  const written = plain(render(env, exec, duration));
  if (written === null) {
    mayFail(exec, action);
    return "unknown";
  }
  const seconds = parseDuration(written);
  if (seconds === null) {
    failed(env, exec, action, notADuration(written));
    return "failed";
  }
  const most = durationLimits[kind];
  if (seconds > most) {
    failed(env, exec, action, durationTooLong(written, describeSeconds(most)));
    return "failed";
  }
  return seconds;
}
