/**
 * How deep input may nest. JSON.parse takes any depth, but everything after it (zod, Prisma,
 * JSON.stringify, React) recurses and overflows the stack somewhere past a few thousand levels.
 * No form or API body of ours nests beyond a dozen; 64 leaves room and refuses the rest.
 */
export const maxInputDepth = 64;

/** True when `value` nests objects/arrays deeper than `max` (checked without recursion). */
export function nestsDeeperThan(value: unknown, max = maxInputDepth): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (depth >= max) return true;
    if (ArrayBuffer.isView(current) || current instanceof Blob || current instanceof Date) continue;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
  }
  return false;
}

export const tooDeepMessage = `The request nests data more than ${maxInputDepth} levels deep, which Cipher does not accept.`;
