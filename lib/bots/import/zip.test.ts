import fc from "fast-check";
import { strToU8, zipSync, type Zippable } from "fflate";
import { describe, expect, it } from "vitest";

import { guideProjectFiles, guideProjectPaths, guideProjectZip } from "./fixtures/guide-project";
import { codeLikeText, hostileZips, writeZip } from "./fixtures/hostile-zips";
import { importLimits, importMessages, zipLimitMessages } from "./limits";
import { nodeInflate } from "./node-inflate";
import { readZip, streamingInflate } from "./zip";

describe("reading a zipped bot project", () => {
  it("keeps the guide layout's files unmodified, without the top folder, node_modules, .git, .env or binaries", async () => {
    const result = await readZip(guideProjectZip());
    if (!result.ok) throw new Error(result.error);
    expect(result.rootFolder).toBe("guide-bot");
    expect(result.files.map((file) => file.path)).toEqual(guideProjectPaths);
    for (const file of result.files) expect(file.content).toBe(guideProjectFiles[file.path]);
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        expect.stringContaining(".env: .env files may hold secrets"),
        "assets/logo.png: binary file".replace("assets", "guide-bot/assets"),
        expect.stringContaining("notes.bin.txt: binary file"),
      ]),
    );
  });

  it("keeps paths as they are when there is no single top folder", async () => {
    const result = await readZip(zipSync({ "index.js": strToU8("a"), "commands/ping.js": strToU8("b") }));
    expect(result).toMatchObject({
      ok: true,
      rootFolder: null,
      files: [{ path: "commands/ping.js" }, { path: "index.js" }],
    });
  });

  it(`refuses more than ${importLimits.zipEntries} entries and zips over 10 MB`, async () => {
    const many: Zippable = {};
    for (let index = 0; index <= importLimits.zipEntries; index += 1) many[`f${index}.js`] = strToU8("x");
    expect(await readZip(zipSync(many))).toEqual({ ok: false, error: importMessages.zipTooManyEntries });
    expect(await readZip(new Uint8Array(importLimits.zipBytes + 1))).toEqual({
      ok: false,
      error: importMessages.zipTooLarge,
    });
  });

  it("refuses files that are not zips, and zips with nothing to import", async () => {
    expect(await readZip(strToU8("not a zip"))).toEqual({ ok: false, error: importMessages.zipUnreadable });
    expect(await readZip(zipSync({ "node_modules/x.js": strToU8("x") }))).toEqual({
      ok: false,
      error: importMessages.zipEmpty,
    });
  });

  it("skips unsafe paths instead of writing outside the bot", async () => {
    const result = await readZip(
      zipSync({ "../evil.js": strToU8("x"), "ok.js": strToU8("y"), "a/../../b.js": strToU8("z") }),
    );
    expect(result).toMatchObject({ ok: true, files: [{ path: "ok.js" }] });
  });

  it("never throws on arbitrary bytes or damaged zips (fuzz)", async () => {
    const valid = guideProjectZip();
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), async (bytes) => void (await readZip(bytes))),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 20 }),
        async (edits) => {
          const damaged = valid.slice();
          for (const [at, value] of edits) damaged[at] = value;
          const result = await readZip(damaged);
          if (result.ok) for (const file of result.files) expect(file.content.includes("\u0000")).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** Runs `work` while a 1 ms ticker measures the longest time the event loop was held. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number; totalMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  try {
    const result = await work();
    const totalMs = performance.now() - started;
    // The gap that ends when the work does counts too.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { result, stallMs, totalMs };
  } finally {
    clearInterval(ticker);
  }
}

describe.each([
  ["in the browser (fflate, in pieces)", streamingInflate],
  ["on the server (zlib, in the thread pool)", nodeInflate],
])("hostile zip files %s", (_, inflate) => {
  const read = (zip: Uint8Array) => readZip(zip, { inflate });

  it("entries that declare 1,000 bytes and inflate to 200 MB each are refused at once, naming the limit, without holding the event loop", async () => {
    const zip = await hostileZips.lyingSizes(200, 3);
    const { result, stallMs, totalMs } = await longestStall(() => read(zip));
    expect(result).toEqual({ ok: false, error: zipLimitMessages.lyingSize("bot/src/data-0.txt", 1000) });
    expect(result.ok || result.error).toContain("1000 bytes its zip header declares");
    expect(totalMs).toBeLessThan(2000);
    expect(stallMs).toBeLessThan(150);
  });

  it("a bomb (1,000 KB of zeros packed 1,000 to 1) is refused by the compression ratio", async () => {
    expect(await read(hostileZips.bomb())).toEqual({ ok: false, error: zipLimitMessages.ratio("index.js") });
  });

  it("400 entries sharing one 900 KB file are refused once the real bytes pass 8 MB", async () => {
    const zip = hostileZips.overlapping();
    const { result, stallMs } = await longestStall(() => read(zip));
    expect(result).toEqual({ ok: false, error: zipLimitMessages.totalTooLarge });
    expect(zipLimitMessages.totalTooLarge).toContain("more than 8 MB (the limit for an import)");
    expect(stallMs).toBeLessThan(150);
  });

  it("ordinary files adding up to more than 8 MB are refused by the total", async () => {
    expect(await read(hostileZips.tooMuchText())).toEqual({ ok: false, error: zipLimitMessages.totalTooLarge });
  });

  it("60,000 entries are refused from the directory's count, before anything is inflated", async () => {
    const zip = hostileZips.manyEntries();
    const { result, totalMs } = await longestStall(() => read(zip));
    expect(result).toEqual({ ok: false, error: importMessages.zipTooManyEntries });
    expect(totalMs).toBeLessThan(100);
  });

  it("paths nested 20,000 folders deep are skipped as too long, quickly", async () => {
    const zip = hostileZips.deepNesting();
    const { result, totalMs } = await longestStall(() => read(zip));
    expect(result).toEqual({ ok: false, error: importMessages.zipEmpty });
    expect(totalMs).toBeLessThan(1000);
  });

  it("an honest project just under the limits is read whole", async () => {
    const files: Zippable = {};
    for (let index = 0; index < 8; index += 1) {
      files[`src/part-${index}.js`] = strToU8(codeLikeText(900 * 1024, index + 1));
    }
    const zip = zipSync(files);
    const { result, stallMs } = await longestStall(() => read(zip));
    expect(result).toMatchObject({ ok: true });
    if (result.ok) expect(result.files.map((file) => file.content.length)).toEqual(Array(8).fill(900 * 1024));
    expect(stallMs).toBeLessThan(150);
  });
});

describe("zip entries and paths", () => {
  it("a stored entry whose size differs from its header, or data past the end, is unreadable", async () => {
    const text = new TextEncoder().encode("hello");
    expect(await readZip(writeZip([{ name: "a.js", method: 0, packed: text, declaredSize: 3 }]))).toMatchObject({
      ok: false,
    });
    const truncated = writeZip([{ name: "a.js", method: 0, packed: text, declaredSize: 5 }]);
    expect(await readZip(truncated)).toMatchObject({ ok: true, files: [{ path: "a.js", content: "hello" }] });
    expect(await readZip(truncated.subarray(0, 40))).toEqual({ ok: false, error: importMessages.zipUnreadable });
  });

  it("two paths of one file in a zip are refused, naming both", async () => {
    expect(await readZip(zipSync({ lib: strToU8("a"), "lib/x.js": strToU8("b") }))).toEqual({
      ok: false,
      error:
        '"lib" is a file, so "lib/x.js" cannot be in a folder of that name. Rename one of them. (in this zip file)',
    });
    expect(await readZip(zipSync({ "Index.js": strToU8("a"), "index.js": strToU8("b") }))).toMatchObject({
      ok: false,
      error: expect.stringContaining('"Index.js" and "index.js" differ only in upper and lower case'),
    });
    // Backslashes and "./" are one spelling of a path: stored normalised.
    expect(await readZip(zipSync({ "src\\a.js": strToU8("a"), "./b.js": strToU8("b") }))).toMatchObject({
      ok: true,
      files: [{ path: "b.js" }, { path: "src/a.js" }],
    });
  });

  it(`the limits are what the messages say (${importLimits.unzippedBytes / 1024 / 1024} MB in all, 1 MB a file, ${importLimits.compressionRatio} to 1)`, () => {
    expect(zipLimitMessages.fileTooLarge("a.js")).toContain("more than 1 MB (the limit for one file of a bot)");
    expect(zipLimitMessages.ratio("a.js")).toContain(
      `more than ${importLimits.compressionRatio} to 1 (the limit for an import)`,
    );
  });
});
