/**
 * Escalation ladders: "3 warnings → 1 hour timeout, 5 → kick, 7 → ban", read from the words
 * and turned into one `if` per rung on a stored count (the last rung also for every count
 * above it). Used by /warn and by automod strikes.
 */
import type { Action } from "@/lib/blueprint/schema";
import { describeSeconds, parseDuration } from "@/lib/blueprint/vocabulary";

import { ifThen, type Rung } from "../parts";
import type { Reader } from "../read";
import type { Token } from "../text";

const warnWords = ["warning", "warn", "strike", "infraction", "offense", "offence", "time"];

/** "3 warnings → 1 hour timeout, 5 → ban", "after 3 strikes mute them for an hour and ban at 5". */
export function readLadder(reader: Reader): Rung[] {
  const counts: { at: number; count: number; tokens: Token[] }[] = [];
  const actions: { at: number; rung: Omit<Rung, "count">; tokens: Token[] }[] = [];
  const tokens = reader.tokens;
  const unitWords = [
    "minute",
    "minutes",
    "hour",
    "hours",
    "day",
    "days",
    "h",
    "m",
    "d",
    "s",
    "week",
    "weeks",
    "second",
    "seconds",
  ];
  const durations = reader.durations();
  tokens.forEach((token, i) => {
    if (reader.isClaimed(token)) return;
    const next = tokens[i + 1];
    const previous = tokens[i - 1]?.lower ?? "";
    // "second is a 1h timeout": an ordinal, unless it is a unit of time ("a second", "10 seconds").
    const second =
      token.lower === "second" &&
      !["a", "one", "per", "every", "each"].includes(previous) &&
      tokens[i - 1]?.number === undefined;
    const ordinal =
      /^\d{1,3}(st|nd|rd|th)$/.test(token.lower) ||
      ["first", "third", "fourth", "fifth", "sixth"].includes(token.lower) ||
      second;
    const number = second ? 2 : token.number;
    if (number !== undefined && number >= 1 && number <= 100 && Number.isInteger(number)) {
      const unit = next && warnWords.includes(next.base);
      // "1-hour" is a length of time, not a count.
      const lengthOfTime =
        (next && unitWords.includes(next.lower)) ||
        (next?.text === "-" && unitWords.includes(tokens[i + 2]?.lower ?? ""));
      const bare = counts.length > 0 && !lengthOfTime;
      if (unit || ordinal || (bare && ["at", "after", "to", ",", "and", "then", "="].includes(previous))) {
        counts.push({ at: i, count: number, tokens: unit ? [token, next] : [token] });
      }
    }
    // "after that permanent ban": the count after the last one.
    if (token.lower === "after" && next?.lower === "that" && counts.length)
      counts.push({ at: i, count: counts[counts.length - 1]!.count + 1, tokens: [token, next] });
    const ladderActionsByWord = {
      mute: "timeout",
      timeout: "timeout",
      kick: "kick",
      ban: "ban",
      tempban: "ban",
    } as const;
    // "times them out for 1 hour", "time the member out": a timeout said in two words.
    // Only a member between the words: "it is time to kick out the member" is a kick, not a timeout.
    const between = new Set(["them", "him", "her", "the", "member", "user", "person", "offender", "someone", "that"]);
    const outAt = ["time", "times", "timed"].includes(token.lower)
      ? [1, 2, 3]
          .map((step) => i + step)
          .find((at) => tokens[at]?.lower === "out" && tokens.slice(i + 1, at).every((t) => between.has(t.lower)))
      : undefined;
    const action =
      outAt !== undefined
        ? ("timeout" as const)
        : token.kind === "word"
          ? ladderActionsByWord[token.base as keyof typeof ladderActionsByWord]
          : undefined;
    if (action) {
      // "a 1h timeout" (just before) or "timeout for 1 hour" (just after).
      const end = outAt ?? i;
      const at = (d: (typeof durations)[number]) => tokens.indexOf(d.tokens[0]!);
      const before = durations.find((d) => at(d) < i && i - tokens.indexOf(d.tokens[d.tokens.length - 1]!) <= 2);
      const after = durations.find((d) => at(d) > end && at(d) - end <= 3);
      const close = action !== "kick" ? (before ?? after ?? null) : null;
      actions.push({
        at: i,
        rung: { action, ...(close ? { duration: close.text } : {}) },
        tokens: [token, ...(outAt !== undefined ? tokens.slice(i + 1, outAt + 1) : []), ...(close?.tokens ?? [])],
      });
    }
  });
  const rungs: Rung[] = [];
  counts.forEach((count, n) => {
    const nextAt = counts[n + 1]?.at ?? tokens.length;
    const previousAt = counts[n - 1]?.at ?? -1;
    const after = actions.find((a) => a.at > count.at && a.at < nextAt);
    const before = [...actions].reverse().find((a) => a.at < count.at && a.at > previousAt);
    // "a 1-hour timeout on the second": the action is said before the count it belongs to.
    const said = (at: number) =>
      tokens[at - 1]?.lower === "the" && ["on", "at", "for", "after"].includes(tokens[at - 2]?.lower ?? "");
    const actionFirst = counts.filter((item) => said(item.at)).length >= Math.max(1, counts.length - 1);
    const chosen = actionFirst ? before : (after ?? before);
    if (!chosen) {
      // "1st and 2nd strike: just a warning", "warn on the first strike" — counted, nothing more.
      const span = actionFirst ? tokens.slice(previousAt + 1, count.at) : tokens.slice(count.at, nextAt);
      if (span.some((t) => ["warning", "warn", "warns", "warned"].includes(t.lower))) reader.claim(...count.tokens);
      return;
    }
    rungs.push({ count: count.count, ...chosen.rung });
    reader.claim(...count.tokens, ...chosen.tokens);
  });
  if (rungs.length)
    reader.claimWords(
      "after at get gets then they them are is reach reaching for will be more or automatically warn warning strike time muted kicked banned = > - →",
    );
  return rungs
    .sort((a, b) => a.count - b.count)
    .filter((rung, i, all) => all.findIndex((r) => r.count === rung.count) === i);
}

/** The ladder as actions on `member`: each count its own action, the highest one for every count from there on. */
export function ladderActions(rungs: readonly Rung[], member: string, count: string, why: string): Action[] {
  return rungs.map((rung, i) => {
    const last = i === rungs.length - 1;
    const when = {
      test: "compare" as const,
      left: count,
      op: last ? (">=" as const) : ("==" as const),
      right: String(rung.count),
    };
    const reason = why;
    const action: Action =
      rung.action === "timeout"
        ? { do: "timeout", member, duration: rung.duration ?? "1h", reason }
        : rung.action === "kick"
          ? { do: "kick", member, reason }
          : { do: "ban", member, reason, ...(rung.duration ? { duration: rung.duration } : {}) };
    return ifThen(when, [action]);
  });
}

export function describeLadder(rungs: readonly Rung[]): string {
  return rungs
    .map((rung) => {
      const length = rung.duration
        ? ` for ${describeSeconds(parseDuration(rung.duration) ?? 0)}`
        : rung.action === "timeout"
          ? " for 1 hour"
          : "";
      return `${rung.count} → ${rung.action}${length}`;
    })
    .join(", ");
}
