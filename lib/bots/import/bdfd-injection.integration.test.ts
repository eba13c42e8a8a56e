/**
 * A BDFD export whose text holds a line terminator followed by code (U+2028, U+2029, a lone CR,
 * CR LF, LF, U+0085) in a command's name, trigger, description, BDScript and reply text: the
 * import stores code that parses, keeps that text inert, and the bot run by the real runner on
 * the simulator answers with the text while the payload never runs.
 */
import { createRequire } from "node:module";

import { strToU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import type { Runner } from "@/runtime/runner/runner";
import {
  openEventText,
  simulatorKey,
  startTestSimulator,
  worldIds,
  type TestSimulator,
} from "@/runtime/runner/simulator-support";
import { createUser, logText, tempDataDir, testRunner, waitFor, waitForStatus } from "@/runtime/runner/test-support";

import { getBot } from "../service";
import { codeString, jsCommentLines, templateText } from "./code-text";
import { javascriptSyntaxError } from "./parse-check";
import { assertGeneratedCodeParses, importBot, ImportError } from "./service";

// Ran, it logs "INJECTED-42"; as text it only ever reads "INJECTED-" + 6 * 7.
const payload = 'console.log("INJECTED-" + 6 * 7);';
const breaks = ["\u2028", "\u2029", "\r", "\r\n", "\n", "\u0085"];

function hostileExport(): Uint8Array {
  const commands = breaks.map((line, index) => ({
    name: `ping${index}${line}${payload}`,
    trigger: `!ping${index}${line}${payload}//`,
    description: `Replies${line}${payload}`,
    // Converted: the reply text holds the payload after a line break, then a plain reply.
    code: `Pong ${index}${line}${payload}`,
  }));
  commands.push({
    name: "legacy",
    trigger: `!legacy\u2028${payload}`,
    description: "BD.js",
    // BD.js becomes a stub that keeps the original code as a comment.
    code: `await reply("x")\u2028${payload}\u2029${payload}\r${payload}`,
    language: "1",
  } as (typeof commands)[number]);
  return strToU8(JSON.stringify({ name: `Hostile\u2028${payload}`, commands }));
}

let userId: string;
let simulator: TestSimulator;
let runner: Runner | undefined;
const data = tempDataDir();

beforeAll(async () => {
  userId = await createUser("import-injection");
  simulator = await startTestSimulator();
});

afterAll(async () => {
  await runner?.stop();
  await simulator?.close();
  await db.user.deleteMany({ where: { id: userId } });
  data.remove();
});

describe("text in a BDFD export never becomes code", () => {
  it("the helpers escape every line terminator (comment, string, template)", async () => {
    for (const line of breaks) {
      const text = `a${line}${payload}`;
      const comment = jsCommentLines(text);
      expect(comment.split("\n").every((row) => row.startsWith("//"))).toBe(true);
      expect(comment).not.toMatch(/[\r\u2028\u2029\u0085]/);
      const program = `${comment}\nglobalThis.value = [${codeString(text)}, \`${templateText(text)}\`];`;
      expect(await javascriptSyntaxError(program)).toBeNull();
      expect(program).not.toMatch(/[\r\u2028\u2029\u0085]/);
      const scope: { value?: string[] } = {};
      new Function("globalThis", program)(scope);
      expect(scope.value).toEqual([text, text]);
    }
  });

  it("the parse check refuses code that does not parse", async () => {
    expect(await javascriptSyntaxError("// ok\u2028 ) (")).toMatch(/^\d+:\d+ Unexpected/);
    expect(await javascriptSyntaxError("const a = 1;\n")).toBeNull();
  });

  it("an export with U+2028 and other line breaks before code imports as inert text, and the running bot never runs it", async () => {
    const imported = await importBot(userId, {
      source: { kind: "file", fileName: "hostile.json", data: hostileExport() },
      name: "Hostile import",
    });
    expect(imported.kind).toBe("bdfd");
    const stored = await getBot(userId, imported.id);
    const code = stored.files.filter((file) => file.path.endsWith(".js"));
    expect(code.length).toBeGreaterThanOrEqual(breaks.length + 2);
    for (const file of code) {
      expect(await javascriptSyntaxError(file.content), file.path).toBeNull();
      // Every raw line terminator other than \n is gone from generated code.
      expect(file.content, file.path).not.toMatch(/[\r\u2028\u2029\u0085]/);
    }
    // Executing each command module's top level (what happens at bot start) never runs the payload.
    const realRequire = createRequire(import.meta.url);
    for (const file of code.filter((entry) => entry.path.startsWith("commands/"))) {
      const logged: string[] = [];
      const load = (name: string) => (name === "../lib/bdfd" ? {} : realRequire(name));
      const loaded = { exports: {} as { data?: { name: string } } };
      new Function("require", "module", "console", file.content)(load, loaded, {
        log: (...args: unknown[]) => logged.push(args.join(" ")),
      });
      expect(logged, file.path).toEqual([]);
      expect(loaded.exports.data?.name, file.path).toMatch(/^[a-z0-9-]+$/);
    }

    // The real thing: the runner starts the imported bot against the simulator.
    const ids = await worldIds(simulator, userId, imported.id);
    const events = await openEventText(simulator, userId);
    await db.bot.update({ where: { id: imported.id }, data: { desiredState: "running", connectTo: "simulator" } });
    runner = await testRunner({
      dataDir: data.dir,
      simulatorUrl: simulator.url,
      controlKey: simulatorKey,
      timing: { readyTimeoutMs: 30_000 },
    });
    await runner.reconcile();
    await waitForStatus(imported.id, "running", 30_000).catch(async (error: unknown) => {
      throw new Error(`${(error as Error).message}\n${await logText(imported.id)}`);
    });
    const deadline = Date.now() + 20_000;
    let from = events.count;
    for (;;) {
      from = events.count;
      try {
        await simulator.call("POST", `/worlds/${userId}/interactions`, {
          botId: imported.id,
          channelId: ids.general,
          authorId: ids.owner,
          name: "ping0",
        });
        break;
      } catch (error) {
        if (!/: 404 /.test((error as Error).message) || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    // The reply carries the payload as text (U+2028 kept), proof the command ran and stayed inert.
    await events.waitFor(/Pong 0/, from);
    const logs = await waitFor(
      () => logText(imported.id),
      (text) => /Registered \d+ slash commands/.test(text),
    );
    expect(logs).not.toContain("INJECTED-42");
    events.close();
  }, 90_000);

  it("refuses the import with a clear error when generated code would not parse", async () => {
    // What the converter produced before the fix: a comment split on \n only, so U+2028 ended it.
    const oldComment = (text: string) =>
      text
        .split(/\r?\n/)
        .map((line) => `// ${line}`)
        .join("\n");
    const plan = {
      language: "javascript" as const,
      report: [],
      files: [{ path: "commands/x.js", content: `${oldComment("Pong\u2028) (")}\nmodule.exports = {};\n` }],
    };
    await expect(assertGeneratedCodeParses(plan)).rejects.toThrow(
      new ImportError(
        "This export could not be converted safely (commands/x.js would not be valid JavaScript), so nothing was imported. Please report it to support with the export file.",
      ),
    );
  });
});
