/**
 * The channels and roles a blueprint bot looked for by name and did not find since it last
 * started, read from its log lines (`[blueprint] /suggest: send failed: there is no text channel
 * named #suggestions`, the same in both languages; lib/blueprint/README.md), for Overview to say
 * in plain words what its server lacks.
 */
import type { BotPlaces } from "@/lib/simulator/places";

const failure = /\[blueprint\] .+?: \w+ failed: there is no (?:text channel named #(\S+)|role named (.+))$/;
const started = /^Starting \S+ \(/;

export function missingPlaces(lines: { stream: string; line: string }[]): BotPlaces {
  const since = lines.findLastIndex((item) => item.stream === "system" && started.test(item.line));
  const places: BotPlaces = { channels: [], roles: [] };
  for (const { line } of lines.slice(since + 1)) {
    const found = failure.exec(line.trim());
    if (!found) continue;
    const [list, name] = found[1] !== undefined ? [places.channels, found[1]] : [places.roles, found[2]!];
    if (!list.some((item) => item.toLowerCase() === name.toLowerCase())) list.push(name);
  }
  return places;
}
