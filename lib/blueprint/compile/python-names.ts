/**
 * Python names for what the blueprint names. Only names the schema already restricts
 * (`commandName`: [a-z0-9_-], `identifier`: [a-z][a-z0-9_]) ever become code, and each is made
 * a valid, unused Python identifier here; everything else enters code through `pyString`.
 */

const keywords = new Set(
  (
    "False None True and as assert async await break class continue def del elif else except finally for " +
    "from global if import in is lambda nonlocal not or pass raise return try while with yield match case " +
    // Names the generated modules themselves use.
    "discord app_commands runtime run Run interaction message re math"
  ).split(" "),
);

/** "8ball" → "command_8ball", "do-it" → "do_it", "class" → "class_". */
export function pythonName(name: string, prefix = "command"): string {
  let python = name.replace(/-/g, "_");
  if (/^[0-9_]/.test(python)) python = `${prefix}_${python.replace(/^_+/, "")}`;
  if (keywords.has(python)) python = `${python}_`;
  return python;
}

/** Hands out names unique within one Python module: "warn", then "warn_2". */
export class NameScope {
  private readonly used = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const name of reserved) this.used.add(name);
  }

  take(wanted: string): string {
    let name = wanted;
    for (let count = 2; this.used.has(name); count++) name = `${wanted}_${count}`;
    this.used.add(name);
    return name;
  }
}

/** A Python number literal that is a float (so arithmetic never turns into Python's exact ints). */
export function floatLiteral(value: number): string {
  if (Number.isNaN(value)) return 'float("nan")';
  if (!Number.isFinite(value)) return value > 0 ? 'float("inf")' : '-float("inf")';
  const text = String(value);
  return /[.e]/.test(text) ? text : `${text}.0`;
}

/** A Python int literal for a whole number (or a float literal when it is not one). */
export function numberLiteral(value: number, integer: boolean): string {
  return integer && Number.isSafeInteger(value) ? String(value) : floatLiteral(value);
}

/** Python source lines indented by `depth` levels of four spaces. */
export function indent(lines: string[], depth: number): string[] {
  const pad = " ".repeat(depth * 4);
  return lines.map((line) => (line ? pad + line : line));
}
