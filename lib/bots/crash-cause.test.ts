import { describe, expect, it } from "vitest";

import { crashCause, type CrashLine } from "./crash-cause";

let next = 0;
const log = (...entries: [string, string][]): CrashLine[] =>
  entries.map(([stream, line]) => ({ id: String((next += 1)), stream, line }));
const crashed = { status: "crashed", statusReason: "Exited unexpectedly (exit code 1)." };

describe("why a bot crashed", () => {
  it("a syntax error names the file and line Node printed above it, and the line to open", () => {
    const lines = log(
      ["system", "Starting (attempt 1)."],
      ["stderr", "/bot/app/commands/ping.js:12"],
      ["stderr", "    await interaction.reply(`Pong!`;"],
      ["stderr", "                                   ^"],
      ["stderr", ""],
      ["stderr", "SyntaxError: missing ) after argument list"],
      ["stderr", "    at wrapSafe (node:internal/modules/cjs/loader:1378:20)"],
      ["system", "Status: crashed. Exited unexpectedly (exit code 1)."],
    );
    const cause = crashCause(crashed, lines)!;
    expect(cause.kind).toBe("syntax_error");
    expect(cause.summary).toBe("SyntaxError: missing ) after argument list");
    expect(cause.where).toEqual({ file: "commands/ping.js", line: 12 });
    expect(cause.lineId).toBe(lines[5]!.id);
    expect(cause.advice).toMatch(/does not parse/);
  });

  it("a Python traceback points at the bot's own file, not the library's", () => {
    const lines = log(
      ["stderr", "Traceback (most recent call last):"],
      ["stderr", '  File "/bot/app/main.py", line 30, in <module>'],
      ["stderr", "    client.run(os.environ['DISCORD_TOKEN'])"],
      ["stderr", '  File "/cipher/python/discord/client.py", line 860, in run'],
      ["stderr", "discord.errors.LoginFailure: Improper token has been passed."],
    );
    const cause = crashCause(crashed, lines)!;
    expect(cause.kind).toBe("invalid_token");
    expect(cause.where).toEqual({ file: "main.py", line: 30 });
    expect(cause.advice).toMatch(/Reset Token/);
  });

  it("names missing intents, missing modules and memory, and says when the crash-loop guard stopped it", () => {
    const intents = crashCause(crashed, log(["stderr", "Error [DisallowedIntents]: Used disallowed intents"]))!;
    expect(intents.kind).toBe("disallowed_intents");
    expect(intents.advice).toMatch(/Privileged Gateway Intents/);

    const missing = crashCause(
      crashed,
      log(
        ["stderr", "Error: Cannot find module './commands/Ping'"],
        ["stderr", "    at Object.<anonymous> (/bot/app/index.js:5:18)"],
        ["stderr", "    at Module._compile (node:internal/modules/cjs/loader:1554:14)"],
      ),
    )!;
    expect(missing.kind).toBe("module_not_found");
    expect(missing.where).toEqual({ file: "index.js", line: 5 });

    const memory = crashCause(
      {
        status: "crashed",
        statusReason: "Used more than 256 MB of memory. It crashed 5 times within 10 minutes, so it stays stopped.",
      },
      log(["stdout", "caching everything"]),
    )!;
    expect(memory.kind).toBe("out_of_memory");
    expect(memory.halted).toBe(true);
    expect(memory.advice).toMatch(/stopped restarting it/);
  });

  it("an uncaught error shows its message and where in the bot's code it was thrown", () => {
    const cause = crashCause(
      { status: "restarting", statusReason: "Exited unexpectedly (exit code 1). Restarting in 2 s." },
      log(
        ["stdout", "Logged in as Bot#0001"],
        ["stderr", "/cipher/node_modules/discord.js/src/client/Client.js:1"],
        ["stderr", "TypeError: Cannot read properties of undefined (reading 'send')"],
        ["stderr", "    at Client.<anonymous> (/bot/app/events/ready.js:7:30)"],
      ),
    )!;
    expect(cause.kind).toBe("error");
    expect(cause.summary).toBe("TypeError: Cannot read properties of undefined (reading 'send')");
    expect(cause.where).toEqual({ file: "events/ready.js", line: 7 });
  });

  it("says nothing about a bot that is running or stopped on purpose", () => {
    expect(crashCause({ status: "running", statusReason: null }, log(["stderr", "SyntaxError: x"]))).toBeNull();
    expect(crashCause({ status: "stopped", statusReason: "Stopped." }, [])).toBeNull();
  });
});
