import { describe, expect, it } from "vitest";

import { filePathClash, filePathLimits, normaliseFilePath } from "./file-paths";
import { botFilesSchema } from "./schemas";

const file = (path: string) => ({ path, content: "" });

describe("a bot's file paths", () => {
  it("are normalised: backslashes, '.' and empty segments, a leading slash", () => {
    expect(normaliseFilePath("a/./b.js")).toEqual({ ok: true, path: "a/b.js" });
    expect(normaliseFilePath("/src//commands\\ping.js")).toEqual({ ok: true, path: "src/commands/ping.js" });
    expect(normaliseFilePath("  index.js ")).toEqual({ ok: true, path: "index.js" });
  });

  it("refuse a path that names no file, or leaves the bot's files", () => {
    for (const path of ["", " ", ".", "./", "/", "a/./"]) {
      expect(normaliseFilePath(path).ok, path).toBe(path === "a/./");
    }
    expect(normaliseFilePath(".")).toEqual({ ok: false, error: '"." is a folder, not a file name' });
    expect(normaliseFilePath("a/../../b.js")).toMatchObject({ ok: false, error: expect.stringContaining('".."') });
    // Two dots inside a name are only a name.
    expect(normaliseFilePath("notes..txt")).toEqual({ ok: true, path: "notes..txt" });
  });

  it("refuse names Windows reserves, names ending in a dot or space, .git and node_modules", () => {
    for (const path of ["CON", "con.js", "lib/NUL", "COM1.txt", "lpt9/x.js", "aux.json"]) {
      expect(normaliseFilePath(path), path).toMatchObject({ ok: false, error: expect.stringContaining("Windows") });
    }
    expect(normaliseFilePath("console.js")).toMatchObject({ ok: true });
    expect(normaliseFilePath("a./b.js")).toMatchObject({ ok: false, error: expect.stringContaining("dot or a space") });
    expect(normaliseFilePath(".git/config")).toMatchObject({ ok: false, error: expect.stringContaining(".git") });
    expect(normaliseFilePath("node_modules/x.js")).toMatchObject({ ok: false });
    expect(normaliseFilePath("src/node_modules.md")).toMatchObject({ ok: true });
  });

  it("refuse paths that are too long", () => {
    expect(normaliseFilePath("a".repeat(filePathLimits.path))).toMatchObject({ ok: true });
    expect(normaliseFilePath("a".repeat(filePathLimits.path + 1))).toMatchObject({
      ok: false,
      error: `File paths are at most ${filePathLimits.path} characters`,
    });
  });

  it("refuse a file that is also a folder of another file, naming both", () => {
    expect(filePathClash(["lib", "lib/x.js"])).toBe(
      '"lib" is a file, so "lib/x.js" cannot be in a folder of that name. Rename one of them.',
    );
    expect(filePathClash(["package.json/x.js", "package.json"])).toBe(
      '"package.json" is a file, so "package.json/x.js" cannot be in a folder of that name. Rename one of them.',
    );
    expect(filePathClash(["a/b/c/d.js", "a/b"])).toContain('"a/b" is a file, so "a/b/c/d.js"');
    expect(filePathClash(["LIB", "lib/x.js"])).toContain('"LIB" is a file, so "lib/x.js"');
  });

  it("refuse two spellings of one file and case-only clashes, naming both", () => {
    expect(filePathClash(["a/./b.js", "a/b.js"])).toBe('"a/./b.js" and "a/b.js" are the same file. Keep one of them.');
    expect(filePathClash(["/index.js", "index.js"])).toContain('"/index.js" and "index.js" are the same file');
    expect(filePathClash(["Index.js", "index.js"])).toBe(
      '"Index.js" and "index.js" differ only in upper and lower case, which macOS and Windows treat as the same file. Rename one of them.',
    );
    expect(filePathClash(["Src/a.js", "src/A.js"])).toContain("differ only in upper and lower case");
    expect(filePathClash(["index.js", "index.js"])).toBe("Two files are named index.js");
  });

  it("accept files side by side in folders whose names differ only in case", () => {
    expect(filePathClash(["Lib/a.js", "lib/b.js", "index.js", "lib.js", "libx/y.js"])).toBeNull();
  });

  it("are refused by the schema every save, import and restore goes through, and stored normalised", () => {
    const refused = botFilesSchema.safeParse([file("lib"), file("lib/x.js")]);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toContain('"lib" is a file, so "lib/x.js"');
    expect(botFilesSchema.parse([file("./src/a.js"), file("\\index.js")]).map((f) => f.path)).toEqual([
      "src/a.js",
      "index.js",
    ]);
  });
});
