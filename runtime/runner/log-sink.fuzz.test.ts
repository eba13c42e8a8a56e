/**
 * Whatever a bot prints, however its output is chunked and cut, no secret of it (the token and
 * every secret variable, of 8 characters or more) reaches a stored log line.
 */
import { inspect } from "node:util";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { fuzzParameters } from "@/tests/fuzz/settings";

import { lineSplitter, LogSink } from "./log-sink";

const secretChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.+/=\"'\\ ");
const secret = fc.string({ unit: secretChar, minLength: 8, maxLength: 40 }).filter((value) => value.trim() === value);
const noise = fc.string({ unit: fc.constantFrom(...'ab \n\t[]{}"\\é😀\u200b\u202e'), maxLength: 60 });

function storedLines(sink: LogSink, botId: string, chunks: string[], maxPending: number): string[] {
  const lines: string[] = [];
  const splitter = lineSplitter((line, cut) => {
    let out = sink.redact(botId, line, cut);
    if (cut || out.length > 4096) out = out.slice(0, 4096);
    lines.push(out);
  }, maxPending);
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return lines;
}

describe("log redaction under random output", () => {
  it("never stores a secret of 8+ characters, whole, JSON-escaped or as util.inspect shows it", () => {
    fc.assert(
      fc.property(
        fc.array(secret, { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(noise, fc.nat({ max: 3 }), fc.constantFrom("raw", "json", "inspect")), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.integer({ min: 16, max: 200 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 }),
        (secrets, pieces, maxPending, chunkSizes) => {
          const sink = new LogSink();
          const [token, ...variables] = secrets;
          sink.setSecrets("bot", [token], variables);
          const text = pieces
            .map(([before, which, form]) => {
              const value = secrets[which % secrets.length]!;
              return `${before}${form === "json" ? JSON.stringify(value) : form === "inspect" ? inspect({ value }) : value}`;
            })
            .join("");
          const chunks: string[] = [];
          for (let at = 0, i = 0; at < text.length; i++) {
            const size = chunkSizes[i % chunkSizes.length]!;
            chunks.push(text.slice(at, at + size));
            at += size;
          }
          const stored = storedLines(sink, "bot", chunks, maxPending).join("\n");
          for (const value of secrets) {
            expect(stored).not.toContain(value);
            expect(stored).not.toContain(JSON.stringify(value).slice(1, -1));
            expect(stored).not.toContain(inspect(value).slice(1, -1));
          }
        },
      ),
      fuzzParameters(600),
    );
  });
});
