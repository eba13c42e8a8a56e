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
  tokens.forEach((token, i) => {
    if (reader.isClaimed(token)) return;
    if (token.number !== undefined && token.number >= 1 && token.number <= 100 && Number.isInteger(token.number)) {
      const next = tokens[i + 1];
      const unit = next && warnWords.includes(next.base);
      const bare = counts.length > 0 && !(next && unitWords.includes(next.lower));
      if (unit || (bare && ["at", "after", "to", ",", "and", "then", "="].includes(tokens[i - 1]?.lower ?? ""))) {
        counts.push({ at: i, count: token.number, tokens: unit ? [token, next] : [token] });
      }
    }
    const ladderActionsByWord = {
      mute: "timeout",
      timeout: "timeout",
      kick: "kick",
      ban: "ban",
      tempban: "ban",
    } as const;
    const action =
      token.kind === "word" ? ladderActionsByWord[token.base as keyof typeof ladderActionsByWord] : undefined;
    if (action) {
      const length = reader.duration(tokens[i + 1]) ?? reader.duration(tokens[Math.max(0, i - 3)]);
      const close = length && Math.abs(tokens.indexOf(length.tokens[0]!) - i) <= 4 && action !== "kick" ? length : null;
      actions.push({
        at: i,
        rung: { action, ...(close ? { duration: close.text } : {}) },
        tokens: [token, ...(close?.tokens ?? [])],
      });
    }
  });
  const rungs: Rung[] = [];
  counts.forEach((count, n) => {
    const nextAt = counts[n + 1]?.at ?? tokens.length;
    const previousAt = counts[n - 1]?.at ?? -1;
    const after = actions.find((a) => a.at > count.at && a.at < nextAt);
    const before = [...actions].reverse().find((a) => a.at < count.at && a.at > previousAt);
    const chosen = after ?? before;
    if (!chosen) return;
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
