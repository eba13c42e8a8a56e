import fc from "fast-check";
import { strToU8, zipSync, type Zippable } from "fflate";
import { describe, expect, it } from "vitest";

import { guideProjectFiles, guideProjectPaths, guideProjectZip } from "./fixtures/guide-project";
import { codeLikeText, hostileZips, writeZip } from "./fixtures/hostile-zips";
import { importLimits, importMessages, zipLimitMessages } from "./limits";
import { nodeInflate } from "./node-inflate";
import {
  defaultSliceBytes,
  inflatePushCostBytes,
  readZip,
  streamingInflate,
  type Inflater,
  type ZipReadStats,
} from "./zip";

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

/**
 * Reads `zip` while a neighbour counts the turns it gets on the event loop (one per turn: a
 * setImmediate that schedules itself), with the reader's own account of how it shared the work.
 */
async function readBeside(zip: Uint8Array, inflate: Inflater) {
  let stats: ZipReadStats | undefined;
  let turns = 0;
  let reading = true;
  const neighbour = () => {
    if (!reading) return;
    turns += 1;
    setImmediate(neighbour);
  };
  setImmediate(neighbour);
  try {
    const result = await readZip(zip, { inflate, onStats: (read) => (stats = read) });
    return { result, stats: stats!, turns };
  } finally {
    reading = false;
  }
}

/**
 * The most work between two turns of the event loop: a slice ends at the first step that fills
 * it, and a step is at most 128 KB here (64 KB of text decoded, or one push: what 16 KB of
 * packed text inflates to, and fflate's cost of a push).
 */
const mostWorkPerTurn = defaultSliceBytes + 128 * 1024;
/** What 64 packed bytes (fflate's smallest push) can inflate to: deflate unpacks at most 1,032 to 1. */
const smallestPush = 64 * 1032;

describe.each([
  // fflate inflates on this thread: its work is each byte inflated, then each byte decoded.
  ["in the browser (fflate, in pieces)", streamingInflate, 2],
  // zlib inflates in the thread pool: this thread only decodes.
  ["on the server (zlib, in the thread pool)", nodeInflate, 1],
] as const)("hostile zip files %s", (_, inflate, workPerByte) => {
  const read = (zip: Uint8Array) => readZip(zip, { inflate });

  it("entries that declare 1,000 bytes and inflate to 200 MB each are refused at once, naming the limit, without holding the event loop", async () => {
    const zip = await hostileZips.lyingSizes(200, 3);
    const { result, stats } = await readBeside(zip, inflate);
    expect(result).toEqual({ ok: false, error: zipLimitMessages.lyingSize("bot/src/data-0.txt", 1000) });
    expect(result.ok || result.error).toContain("1000 bytes its zip header declares");
    // Refused at the first entry, a few KB into its 200 MB; the other two are never touched.
    expect(stats.entries).toBe(1);
    expect(stats.workBytes).toBeLessThanOrEqual(1000 + smallestPush + inflatePushCostBytes);
  });

  it("a bomb (1,000 KB of zeros packed 1,000 to 1) is refused by the compression ratio", async () => {
    expect(await read(hostileZips.bomb())).toEqual({ ok: false, error: zipLimitMessages.ratio("index.js") });
  });

  it("400 entries sharing one 900 KB file are refused once the real bytes pass 8 MB, sharing the event loop", async () => {
    const zip = hostileZips.overlapping();
    const { result, stats, turns } = await readBeside(zip, inflate);
    expect(result).toEqual({ ok: false, error: zipLimitMessages.totalTooLarge });
    expect(zipLimitMessages.totalTooLarge).toContain("more than 8 MB (the limit for an import)");
    // Nine copies fit in 8 MB and the tenth passes it: the other 390 are never inflated.
    expect(stats.entries).toBe(10);
    expect(stats.workBytes).toBeGreaterThanOrEqual(9 * 900 * 1024 * workPerByte);
    expect(stats.largestSliceBytes).toBeLessThanOrEqual(mostWorkPerTurn);
    expect(stats.yields).toBeGreaterThanOrEqual(Math.floor(stats.workBytes / mostWorkPerTurn));
    expect(turns).toBeGreaterThanOrEqual(stats.yields);
  });

  it("ordinary files adding up to more than 8 MB are refused by the total", async () => {
    expect(await read(hostileZips.tooMuchText())).toEqual({ ok: false, error: zipLimitMessages.totalTooLarge });
  });

  it("60,000 entries are refused from the directory's count, before anything is inflated", async () => {
    const zip = hostileZips.manyEntries();
    const { result, stats } = await readBeside(zip, inflate);
    expect(result).toEqual({ ok: false, error: importMessages.zipTooManyEntries });
    expect(stats).toMatchObject({ entries: 0, workBytes: 0 });
  });

  it("paths nested 20,000 folders deep are skipped as too long, before anything is unpacked", async () => {
    const zip = hostileZips.deepNesting();
    const { result, stats } = await readBeside(zip, inflate);
    expect(result).toEqual({ ok: false, error: importMessages.zipEmpty });
    expect(stats).toMatchObject({ entries: 100, workBytes: 0 });
  });

  it("an honest project just under the limits is read whole, a slice at a time", async () => {
    const files: Zippable = {};
    for (let index = 0; index < 8; index += 1) {
      files[`src/part-${index}.js`] = strToU8(codeLikeText(900 * 1024, index + 1));
    }
    const zip = zipSync(files);
    const { result, stats, turns } = await readBeside(zip, inflate);
    expect(result).toMatchObject({ ok: true });
    if (result.ok) expect(result.files.map((file) => file.content.length)).toEqual(Array(8).fill(900 * 1024));
    // Every byte's work is counted, and no slice of it is more than one turn's worth.
    expect(stats.workBytes).toBeGreaterThanOrEqual(8 * 900 * 1024 * workPerByte);
    expect(stats.largestSliceBytes).toBeLessThanOrEqual(mostWorkPerTurn);
    expect(stats.yields).toBeGreaterThanOrEqual(Math.floor(stats.workBytes / mostWorkPerTurn));
    expect(turns).toBeGreaterThanOrEqual(stats.yields);
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
