/**
 * Check titles and gap reasons in plain words: "/roll with sides left out (default 6)",
 * "Someone joins the server: Proof Member 1 gets Member".
 */
import { describeSeconds } from "../vocabulary";
import type { Variant } from "./oracle-samples";
import type { Unit } from "./oracle-triggers";
import type { Expectation } from "./types";

/** What a step made happen, in a few plain words (for titles). */
export function summarize(expect: Expectation[]): string {
  const words = expect.map((expectation): string => {
    switch (expectation.kind) {
      case "message":
        if (expectation.place.to === "channel") return `a message in #${expectation.place.channel}`;
        if (expectation.place.to === "dm") return `a DM to ${expectation.place.member}`;
        return expectation.ephemeral ? "a private answer" : "an answer";
      case "reaction":
        return `a ${expectation.emoji} reaction`;
      case "deleted":
        return "the message deleted";
      case "purged":
        return `messages deleted in #${expectation.channel}`;
      case "timeout":
        return `${expectation.member} timed out`;
      case "removeTimeout":
        return `${expectation.member}'s timeout lifted`;
      case "kick":
        return `${expectation.member} kicked`;
      case "ban":
        return `${expectation.member} banned`;
      case "unban":
        return `${expectation.member} unbanned`;
      case "roleAdded":
        return `${expectation.member} gets ${expectation.role}`;
      case "roleRemoved":
        return `${expectation.member} loses ${expectation.role}`;
      case "channelCreated":
        return "a new channel";
      case "channelDeleted":
        return "a channel deleted";
      case "slowmode":
        return `slowmode in #${expectation.channel}`;
      case "channelAccess":
        return `${expectation.member} ${expectation.access ? "let into" : "taken out of"} #${expectation.channel}`;
      case "locked":
        return `#${expectation.channel} ${expectation.locked ? "locked" : "unlocked"}`;
      case "modal":
        return `the form "${expectation.title}"`;
      case "oneOf":
        return "one of several outcomes";
    }
  });
  const distinct = [...new Set(words)];
  if (distinct.length <= 1) return distinct[0] ?? "";
  return `${distinct.slice(0, -1).join(", ")} and ${distinct[distinct.length - 1]}`;
}

/** A schedule that runs within the proof's time: at moments the proof cannot know. */
export function scheduleGap(seconds: number): string {
  return `Runs every ${describeSeconds(seconds)}, so it may run at any moment of the proof: what it does is not checked, and what it changes is not predicted.`;
}

/** "Every 1 day: after a restart 1 day later, a message in #announcements". */
export function scheduleTitle(every: number, passed: number, expect: Expectation[]): string {
  const summary = summarize(expect);
  return `Every ${describeSeconds(every)}: after a restart ${describeSeconds(passed)} later${summary ? `, ${summary}` : ""}`;
}

export function variantTitle(
  unit: Unit,
  variant: Variant,
  given: { name: string; value: unknown }[],
  times: number,
  refused: boolean,
  restarted: number,
): string {
  const value = (name: string) => given.find((option) => option.name === name)?.value;
  const parts: string[] = [];
  const choices = unit.options.filter((option) => option.choices?.length && value(option.name) !== undefined);
  if (variant.mode === "sample")
    parts.push(...choices.map((option) => `${option.name} "${String(value(option.name))}"`));
  if (variant.mode === "sample" && variant.optional) {
    parts.push(
      ...unit.options
        .filter((o) => !o.required && !o.choices?.length)
        .map((o) => `${o.name} given (${String(value(o.name))})`),
    );
  }
  if (variant.mode !== "sample") {
    const bounded = unit.options.filter((option) => option[variant.mode as "min" | "max"] !== undefined);
    const word = variant.mode === "min" ? "minimum" : "maximum";
    const names = bounded.map((option) => option.name).join(" and ");
    parts.push(
      `${names} at ${bounded.length > 1 ? "their" : "its"} ${word} (${bounded.map((o) => String(value(o.name))).join(", ")})`,
    );
  }
  if (!variant.optional) {
    const out = unit.options.filter((option) => !option.required);
    if (out.length) {
      const defaults = out.map((option) => option.default).filter((text) => text !== undefined);
      parts.push(
        `${out.map((option) => option.name).join(" and ")} left out${defaults.length === out.length ? ` (default ${defaults.join(", ")})` : ""}`,
      );
    }
  }
  let title = `${unit.label}${parts.length ? ` with ${parts.join(", ")}` : ""}`;
  const then = parts.length ? ", " : " ";
  if (times > 1) {
    const target = given.find((option) => unit.options.some((o) => o.name === option.name && o.type === "user"));
    title += `${then}${times} times${target ? ` on ${String(target.value)}` : ""}: each time climbs the stored count`;
  }
  if (refused) title += `${then}twice: the second time is refused (cooldown)`;
  if (restarted) title += `, then the bot restarts ${describeSeconds(restarted)} later (the wait is over)`;
  return title;
}
