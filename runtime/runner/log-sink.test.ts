import { resolve } from "node:path";

import { describe, expect, it } from "vitest";

import { hostPathNames, lineSplitter, LogSink, pathReplacer, redactSecrets } from "./log-sink";
import { runtimeNodeModules } from "./paths";

const token = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gabcde.secret-token-part-0123456789abcdef";
const apiKey = "sk-live-51HxYzAbCdEfGhIjKlMnOp";

/** Every stored piece of `text` after the splitter and the sink, as the log table would get them. */
function stored(sink: LogSink, botId: string, text: string, maxPending: number): string[] {
  const lines: string[] = [];
  const splitter = lineSplitter((line, cut) => {
    // LogSink.add without the database: the same redaction and cut.
    let out = sink.redact(botId, line, cut);
    if (cut || out.length > 4096) out = out.slice(0, 4096);
    lines.push(out);
  }, maxPending);
  for (let i = 0; i < text.length; i += 1000) splitter.push(text.slice(i, i + 1000));
  splitter.end();
  return lines;
}

function leaks(lines: string[], secret: string): string[] {
  // Any 6 characters in a row of the secret count as a leak.
  const parts = Array.from({ length: secret.length - 5 }, (_, i) => secret.slice(i, i + 6));
  return lines.filter((line) => parts.some((part) => line.includes(part)));
}

describe("log redaction", () => {
  it("replaces the token and secret variables", () => {
    const sink = new LogSink();
    sink.setSecrets("bot", [token], [apiKey, "eu"]);
    expect(sink.redact("bot", `login ${token} with ${apiKey} in eu`)).toBe(
      "login [redacted token] with [redacted secret] in eu",
    );
    expect(sink.redact("other", `login ${token}`)).toBe(`login ${token}`);
  });

  it("leaves no part of a secret that a line's cut runs through", () => {
    const sink = new LogSink();
    sink.setSecrets("bot", [token], [apiKey]);
    for (const secret of [token, apiKey]) {
      for (let offset = 1; offset < secret.length; offset++) {
        const maxPending = 2000;
        // The secret straddles the splitter's cut at every possible position.
        const line = `${"a".repeat(maxPending - offset)}${secret}${"b".repeat(3000)}\nnext line ${secret}\n`;
        const lines = stored(sink, "bot", line, maxPending);
        expect(leaks(lines, secret), `offset ${offset}`).toEqual([]);
        expect(lines.at(-1)).toMatch(/^next line \[redacted (token|secret)\]$/);
      }
    }
  });

  it("replaces secrets of four characters or more, overlapping ones as one, escaped ones too", () => {
    const sink = new LogSink();
    sink.setSecrets("bot", [token], ["pin7", "abcdefgh", "efghijkl", 'say "hi"\\now']);
    expect(sink.redact("bot", "pin7 then abcdefghijkl end")).toBe("[redacted secret] then [redacted secret] end");
    // JSON.stringify / util.inspect of the value, as a bot or an error might print it.
    expect(sink.redact("bot", JSON.stringify({ value: 'say "hi"\\now' }))).toBe('{"value":"[redacted secret]"}');
  });

  it("hides each line of a secret that spans lines (stored before the settings refused it)", () => {
    const sink = new LogSink();
    sink.setSecrets("bot", [], ["first-line-part\nsecond-line-part"]);
    const lines: string[] = [];
    const splitter = lineSplitter((line, cut) => lines.push(sink.redact("bot", line, cut)));
    splitter.push("value: first-line-part\nsecond-line-part done\n");
    expect(lines).toEqual(["value: [redacted secret]", "[redacted secret] done"]);
  });

  it("cuts a secret at the end of a line to nothing of it", () => {
    const secrets = [{ value: token, label: "[redacted token]" }];
    expect(redactSecrets(`abc ${token.slice(0, 10)}`, secrets, true)).toBe("abc [redacted token]");
    expect(redactSecrets(`abc ${token.slice(0, 10)}`, secrets, false)).toBe(`abc ${token.slice(0, 10)}`);
  });

  it("drops the rest of an over-long line instead of storing pieces of it", () => {
    const lines: [string, boolean][] = [];
    const splitter = lineSplitter((line, cut) => lines.push([line, cut]), 10);
    splitter.push("0123456789abc");
    splitter.push("defgh");
    splitter.push("ij\nok\n");
    expect(lines).toEqual([
      ["0123456789", true],
      ["ok", false],
    ]);
  });

  it("shows the runner's paths on this host under neutral names", () => {
    const dataDir = resolve("/srv/cipher-data");
    const sink = new LogSink({ dataDir });
    const repo = resolve(".");
    const line = [
      `Error: ENOENT ${dataDir}/bots/bot1/app/index.js:3:7`,
      `at ${repo}/runtime/runner/preload/cipher-preload.cjs:10`,
      `at ${runtimeNodeModules()}/discord.js/src/index.js`,
      `file://${dataDir}/bots/other/scratch`,
    ].join(" | ");
    const out = sink.redact("bot1", line);
    expect(out).toBe(
      [
        "Error: ENOENT /bot/app/index.js:3:7",
        "at /cipher/runtime/runner/preload/cipher-preload.cjs:10",
        "at /cipher/node_modules/discord.js/src/index.js",
        "file:///runner-data/bots/other/scratch",
      ].join(" | "),
    );
    expect(out).not.toContain(repo);
    expect(hostPathNames(undefined, "bot1").map(([, name]) => name)).toContain("/cipher");
  });

  it("replaces paths in one pass, so a neutral name is never rewritten by a shorter path", () => {
    const neutral = pathReplacer([
      ["/app/.data/bots/b1", "/bot"],
      ["/app", "/cipher"],
    ]);
    expect(neutral("at /app/.data/bots/b1/app/index.js and /app/runtime (file:///app/x.js:1:2) '/app'")).toBe(
      "at /bot/app/index.js and /cipher/runtime (file:///cipher/x.js:1:2) '/cipher'",
    );
  });
});
