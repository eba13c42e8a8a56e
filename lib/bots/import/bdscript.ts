/**
 * A tolerant reader for BDScript, the language of Bot Designer for Discord: text with `$function`
 * and `$function[arg;arg]` calls that nest. It never throws and reads each character once, so any
 * input (however malformed) parses in linear time; nesting deeper than `maxDepth` stays text.
 */
export type BdNode = { type: "text"; value: string } | { type: "call"; name: string; args: BdNode[][] | null };

const maxDepth = 24;

export function parseBdScript(source: string): BdNode[] {
  return readSequence({ source, index: 0 }, 0, false).nodes;
}

type Reader = { source: string; index: number };

function readSequence(reader: Reader, depth: number, inArgs: boolean): { nodes: BdNode[]; stop: "]" | ";" | "end" } {
  const nodes: BdNode[] = [];
  let text = "";
  const flush = () => {
    if (text) nodes.push({ type: "text", value: text });
    text = "";
  };
  const { source } = reader;
  while (reader.index < source.length) {
    const char = source[reader.index]!;
    if (char === "\\" && reader.index + 1 < source.length && "[];$\\".includes(source[reader.index + 1]!)) {
      text += source[reader.index + 1];
      reader.index += 2;
      continue;
    }
    if (inArgs && (char === "]" || char === ";")) {
      reader.index += 1;
      flush();
      return { nodes, stop: char };
    }
    if (char === "$" && /[A-Za-z]/.test(source[reader.index + 1] ?? "")) {
      flush();
      nodes.push(readCall(reader, depth));
      continue;
    }
    text += char;
    reader.index += 1;
  }
  flush();
  return { nodes, stop: "end" };
}

function readCall(reader: Reader, depth: number): BdNode {
  const { source } = reader;
  const start = reader.index + 1;
  let end = start;
  while (end < source.length && /[A-Za-z0-9]/.test(source[end]!)) end += 1;
  const name = source.slice(start, end);
  reader.index = end;
  if (source[end] !== "[" || depth >= maxDepth) return { type: "call", name, args: null };
  reader.index = end + 1;
  const args: BdNode[][] = [];
  for (;;) {
    const part = readSequence(reader, depth + 1, true);
    args.push(part.nodes);
    if (part.stop !== ";") break;
  }
  return { type: "call", name, args };
}

/** Every function name used (lower case), nested ones included. */
export function calledFunctions(nodes: BdNode[]): Set<string> {
  const names = new Set<string>();
  const stack = [...nodes];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type !== "call") continue;
    names.add(node.name.toLowerCase());
    for (const arg of node.args ?? []) stack.push(...arg);
  }
  return names;
}

/** The source text of nodes, as written (used for report lines and comments). */
export function nodesToText(nodes: BdNode[]): string {
  return nodes
    .map((node) =>
      node.type === "text"
        ? node.value
        : `$${node.name}${node.args ? `[${node.args.map((arg) => nodesToText(arg)).join(";")}]` : ""}`,
    )
    .join("");
}
