import fc from "fast-check";
import { strToU8, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";

import { fuzzParameters } from "@/tests/fuzz/settings";

import { guideProjectZip } from "./fixtures/guide-project";
import { deflatedZeros, hostileZips, writeZip } from "./fixtures/hostile-zips";
import { importLimits } from "./limits";
import { nodeInflate } from "./node-inflate";
import { defaultSliceBytes, inflatePushCostBytes, readZip, streamingInflate, type ZipReadStats } from "./zip";

/** What 64 packed bytes (fflate's smallest push) can inflate to: deflate unpacks at most 1,032 to 1. */
const smallestPush = 64 * 1032;

let seeds: Uint8Array[] = [];

beforeAll(async () => {
  const zeros = await deflatedZeros(16);
  seeds = [
    guideProjectZip(),
    zipSync({ "index.js": strToU8("console.log(1)\n"), "lib/a.js": strToU8("module.exports = 1;\n") }),
    hostileZips.bomb(),
    writeZip([
      { name: "a.js", method: 8, packed: zeros, declaredSize: 10 },
      { name: "b.js", method: 8, packed: zeros, declaredSize: 10, sameDataAs: 0 },
    ]),
  ];
});

describe("reading damaged and hostile zips (fuzz)", () => {
  it("never throws, never unpacks past the limits, and shares the event loop, whatever the headers say", async () => {
    const edit = fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }));
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.array(edit, { maxLength: 12 }), fc.boolean(), async (which, edits, onServer) => {
        const zip = seeds[which % seeds.length]!.slice();
        // Headers sit at the start and the end: edit there more often than in the middle.
        for (const [at, value] of edits) {
          const spot =
            at % 2 === 0 ? at % Math.min(zip.length, 256) : zip.length - 1 - (at % Math.min(zip.length, 256));
          zip[spot] = value;
        }
        let stats: ZipReadStats | undefined;
        const result = await readZip(zip, {
          inflate: onServer ? nodeInflate : streamingInflate,
          onStats: (read) => (stats = read),
        });
        // The event loop is shared whatever the headers say: a slice ends at the first step that
        // fills it, and no step is more than one push, sized by what its entry may still unpack.
        expect(stats!.entries).toBeLessThanOrEqual(importLimits.zipEntries);
        expect(stats!.largestSliceBytes).toBeLessThanOrEqual(
          defaultSliceBytes + importLimits.fileBytesUnpacked + 2 * smallestPush + inflatePushCostBytes,
        );
        if (!result.ok) {
          expect(result.error.length).toBeGreaterThan(0);
          return;
        }
        const bytes = result.files.reduce((total, file) => total + new TextEncoder().encode(file.content).length, 0);
        expect(bytes).toBeLessThanOrEqual(importLimits.unzippedBytes);
        for (const file of result.files) expect(file.content.includes("\u0000")).toBe(false);
      }),
      fuzzParameters(150),
    );
  });
});
