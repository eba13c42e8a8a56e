/**
 * What the review step shows for code: the commands, events and intents found by reading the
 * source (regular expressions without nested quantifiers, so any input is scanned in linear
 * time). Shared by the discord.js and discord.py readers.
 */
export type FoundCommand = { name: string; kind: "slash" | "prefix"; file: string };
export type CodeFindings = { commands: FoundCommand[]; events: string[]; intents: string[] };

const maxItems = 200;

export class FindingsBuilder {
  private readonly commands = new Map<string, FoundCommand>();
  private readonly events = new Set<string>();
  private readonly intents = new Set<string>();

  command(name: string, kind: FoundCommand["kind"], file: string) {
    const clean = name.trim();
    if (!clean || clean.length > 64 || clean.includes("${") || this.commands.size >= maxItems) return;
    const key = `${kind}:${clean.toLowerCase()}`;
    if (!this.commands.has(key)) this.commands.set(key, { name: clean, kind, file });
  }

  event(name: string) {
    if (name && name.length <= 64 && this.events.size < maxItems) this.events.add(name);
  }

  intent(name: string) {
    if (name && name.length <= 64 && this.intents.size < maxItems) this.intents.add(name);
  }

  build(): CodeFindings {
    return {
      commands: [...this.commands.values()].sort(
        (a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name),
      ),
      events: [...this.events].sort(),
      intents: [...this.intents].sort(),
    };
  }
}

export function* matches(source: string, pattern: RegExp): Generator<RegExpExecArray> {
  const global = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
  for (let match = global.exec(source); match; match = global.exec(source)) {
    if (match[0].length === 0) global.lastIndex += 1;
    yield match;
  }
}
