/**
 * Reads discord.py code for the review step: prefix commands (@bot.command, @commands.command,
 * hybrid commands), slash commands (@tree.command, @app_commands.command, @bot.slash_command),
 * events (@bot.event / @Cog.listener() on an `on_*` function) and intents (discord.Intents.X(),
 * `intents.x = True`, Intents(x=True)). Decorators are paired with the next `def` line.
 */
import { FindingsBuilder, matches, type CodeFindings } from "./code-findings";

type SourceFile = { path: string; content: string };

type Decorator = { kind: "slash" | "prefix" | "both" | "event"; name: string | null };

function decoratorKind(line: string): Decorator | null {
  const decorator = /^@([\w.]{1,120})\s*(\((.*))?$/.exec(line);
  if (!decorator) return null;
  const target = decorator[1]!;
  const args = decorator[3] ?? "";
  const name = /\bname\s*=\s*['"]([^'"]{1,64})['"]/.exec(args)?.[1] ?? null;
  if (/(^|\.)(hybrid_command)$/.test(target)) return { kind: "both", name };
  if (/(^|\.)tree\.command$|^app_commands\.command$|(^|\.)slash_command$|(^|\.)user_command$/.test(target)) {
    return { kind: "slash", name };
  }
  if (/(^|\.)command$/.test(target)) return { kind: "prefix", name };
  if (/(^|\.)event$|(^|\.)listener$/.test(target)) return { kind: "event", name: null };
  return null;
}

function readFile(file: SourceFile, found: FindingsBuilder) {
  let pending: Decorator[] = [];
  for (const rawLine of file.content.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line.startsWith("@")) {
      const decorator = decoratorKind(line);
      if (decorator) pending.push(decorator);
      continue;
    }
    const definition = /^(?:async\s+)?def\s+(\w{1,64})\s*\(/.exec(line);
    if (definition) {
      const functionName = definition[1]!;
      for (const decorator of pending) {
        const name = decorator.name ?? functionName;
        if (decorator.kind === "event") {
          if (functionName.startsWith("on_")) found.event(functionName);
        } else if (decorator.kind === "both") {
          found.command(name, "prefix", file.path);
          found.command(name, "slash", file.path);
        } else {
          found.command(name, decorator.kind, file.path);
        }
      }
      pending = [];
    } else if (line && !line.startsWith("#")) {
      pending = [];
    }
  }

  const source = file.content;
  for (const match of matches(source, /\.content(?:\.lower\(\))?\.startswith\(\s*['"]([^'"\s]{1,64})['"]/)) {
    found.command(match[1]!, "prefix", file.path);
  }
  for (const match of matches(source, /\.content(?:\.lower\(\))?\s*==\s*['"]([^'"\s]{1,64})['"]/)) {
    found.command(match[1]!, "prefix", file.path);
  }
  for (const match of matches(source, /\.add_listener\(\s*\w{1,64}\s*,\s*['"](on_\w{1,60})['"]/))
    found.event(match[1]!);

  for (const match of matches(source, /\bIntents\.(default|all|none)\s*\(\s*\)/)) found.intent(match[1]!);
  for (const match of matches(source, /\bintents\.(\w{1,64})\s*=\s*True\b/)) found.intent(match[1]!);
  for (const match of matches(source, /\bIntents\s*\(([^)]{0,400})\)/)) {
    for (const flag of matches(match[1]!, /(\w{1,64})\s*=\s*True\b/)) found.intent(flag[1]!);
  }
}

export function analyzeDiscordPy(files: SourceFile[]): CodeFindings {
  const found = new FindingsBuilder();
  for (const file of files) readFile(file, found);
  return found.build();
}
