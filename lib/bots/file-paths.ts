/**
 * The one rule for a bot's file paths, used wherever files come in: the editor's save, a new bot
 * (blank, template, import), a zip or JSON import, a version restore and an archive restore; the
 * runner checks it again before it writes anything. A path is normalised first (backslashes,
 * `.` and empty segments, a leading slash), then a set of paths is refused when two of them
 * could not both exist on a disk: the same file twice, a file that is also a folder of another
 * (`lib` and `lib/x.js`), or names that differ only in case (the bot may be exported to macOS
 * or Windows). Pure, so the browser runs it too.
 */

export const filePathLimits = {
  /** Characters in a whole path (all ASCII, so also bytes). */
  path: 200,
  /** Characters in a path as sent, before `.` and empty segments are removed. */
  rawPath: 1024,
  /** Bytes in one folder or file name (most file systems stop at 255). */
  segment: 255,
} as const;

export const filePathMessages = {
  characters: "Use letters, digits, '.', '-', '_' and '/' in file paths",
  empty: "A file needs a name",
  tooLong: `File paths are at most ${filePathLimits.path} characters`,
} as const;

const allowedCharacters = /^[A-Za-z0-9._\-/ ]+$/;
/** Names Windows keeps for devices, with or without an extension (`con.txt` too). */
const windowsDeviceName = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

export type PathCheck = { ok: true; path: string } | { ok: false; error: string };

const quoted = (path: string) => JSON.stringify(path);

/**
 * `raw` as stored: forward slashes, no leading slash, no `.` or empty segments. Refused when it
 * names nothing, leaves the bot's folder, uses other characters, a reserved name or is too long.
 */
export function normaliseFilePath(raw: string): PathCheck {
  const trimmed = raw.trim();
  if (!trimmed) return { ok: false, error: filePathMessages.empty };
  if (trimmed.length > filePathLimits.rawPath) return { ok: false, error: filePathMessages.tooLong };
  const segments = trimmed
    .replaceAll("\\", "/")
    .split("/")
    .filter((segment) => segment !== "" && segment !== ".");
  if (segments.length === 0) return { ok: false, error: `${quoted(trimmed)} is a folder, not a file name` };
  if (segments.includes("..")) {
    return {
      ok: false,
      error: `${quoted(trimmed)}: ".." is not allowed in file paths (it would point outside the bot's files)`,
    };
  }
  const path = segments.join("/");
  // "/ a.js": the space led only once the slash was gone; normalising again must change nothing.
  if (path !== path.trimStart()) return normaliseFilePath(path);
  if (!allowedCharacters.test(path)) return { ok: false, error: filePathMessages.characters };
  if (path.length > filePathLimits.path) return { ok: false, error: filePathMessages.tooLong };
  for (const segment of segments) {
    if (new TextEncoder().encode(segment).byteLength > filePathLimits.segment) {
      return { ok: false, error: `${quoted(path)}: a folder or file name is at most ${filePathLimits.segment} bytes` };
    }
    if (windowsDeviceName.test(segment)) {
      return {
        ok: false,
        error: `${quoted(path)}: ${segment} is a device name Windows reserves, so the file could not be saved there. Rename it.`,
      };
    }
    if (/[. ]$/.test(segment)) {
      return {
        ok: false,
        error: `${quoted(path)}: a folder or file name cannot end with a dot or a space (Windows drops it). Rename it.`,
      };
    }
    if (segment.toLowerCase() === ".git") {
      return { ok: false, error: `${quoted(path)}: .git is where Git keeps its own data, not a place for bot files` };
    }
  }
  if (segments[0]!.toLowerCase() === "node_modules") {
    return {
      ok: false,
      error: `${quoted(path)}: node_modules/ is provided by Cipher when the bot runs; list packages in package.json instead`,
    };
  }
  return { ok: true, path };
}

/**
 * The first pair of `paths` that cannot both exist on a disk, as a message naming both; null when
 * every path is valid and there is no such pair. Paths are normalised first.
 */
export function filePathClash(paths: readonly string[]): string | null {
  /** Lower-cased normal path → the path as given. */
  const files = new Map<string, string>();
  /** Lower-cased folder → the first path as given that needs it. */
  const folders = new Map<string, string>();
  for (const raw of paths) {
    const check = normaliseFilePath(raw);
    if (!check.ok) return check.error;
    const key = check.path.toLowerCase();
    const same = files.get(key);
    if (same !== undefined) {
      if (same === raw) return `Two files are named ${raw}`;
      const sameNormal = normaliseFilePath(same);
      if (sameNormal.ok && sameNormal.path === check.path) {
        return `${quoted(same)} and ${quoted(raw)} are the same file. Keep one of them.`;
      }
      return `${quoted(same)} and ${quoted(raw)} differ only in upper and lower case, which macOS and Windows treat as the same file. Rename one of them.`;
    }
    const parentOfOther = folders.get(key);
    if (parentOfOther !== undefined) return folderClash(raw, parentOfOther);
    files.set(key, raw);
    const segments = key.split("/");
    for (let end = 1; end < segments.length; end += 1) {
      const folder = segments.slice(0, end).join("/");
      const file = files.get(folder);
      if (file !== undefined) return folderClash(file, raw);
      if (!folders.has(folder)) folders.set(folder, raw);
    }
  }
  return null;
}

function folderClash(file: string, inside: string): string {
  return `${quoted(file)} is a file, so ${quoted(inside)} cannot be in a folder of that name. Rename one of them.`;
}

/** Every path normalised, or the first refusal (a bad path or a clash, naming both paths). */
export function checkFilePaths(paths: readonly string[]): { ok: true; paths: string[] } | { ok: false; error: string } {
  const clash = filePathClash(paths);
  if (clash !== null) return { ok: false, error: clash };
  return { ok: true, paths: paths.map((path) => (normaliseFilePath(path) as { ok: true; path: string }).path) };
}
