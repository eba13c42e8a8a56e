import { describe, expect, it } from "vitest";

import { blankBotFiles } from "@/lib/bots/starter-files";
import { loadTemplateFiles, templateIds } from "@/lib/bots/templates";

import { botTokenInText, firstSyntaxProblem } from "./syntax-check";

describe("whether a file parses, before the editor saves it", () => {
  it("every starter and template file parses", async () => {
    for (const language of ["javascript", "typescript", "python"] as const) {
      for (const file of blankBotFiles(language)) expect(firstSyntaxProblem(file.path, file.content)).toBeNull();
    }
    for (const id of templateIds) {
      for (const file of await loadTemplateFiles(id)) {
        expect(firstSyntaxProblem(file.path, file.content), `${id}/${file.path}`).toBeNull();
      }
    }
  });

  it("names the line of the first error in JavaScript, TypeScript, Python and JSON", () => {
    expect(
      firstSyntaxProblem("commands/ping.js", "module.exports = {\n  run() {\n    reply('Pong!'\n  }\n};\n"),
    ).toEqual({
      path: "commands/ping.js",
      line: 4,
    });
    expect(firstSyntaxProblem("index.js", "const a = 1;\nfunction broken()\n")).toEqual({ path: "index.js", line: 3 });
    expect(firstSyntaxProblem("esm.js", 'import x from "y";\nx(;\n')?.line).toBe(2);
    expect(firstSyntaxProblem("cjs.js", "#!/usr/bin/env node\nreturn;\n")).toBeNull();
    expect(firstSyntaxProblem("index.ts", "const x: number = ;\n")).toEqual({ path: "index.ts", line: 1 });
    expect(firstSyntaxProblem("main.py", "def ping(:\n    pass\n")?.line).toBe(1);
    expect(firstSyntaxProblem("config.json", '{\n  "a": 1,\n}\n')?.line).toBe(3);
    expect(firstSyntaxProblem("README.md", "# (unclosed")).toBeNull();
  });

  it("recognises a pasted bot token, and not an ordinary dotted name", () => {
    const token = `MTEyMjMzNDQ1NTY2Nzc4ODk5.GaBcDe.${"x".repeat(38)}`;
    expect(botTokenInText.test(`client.login("${token}")`)).toBe(true);
    expect(botTokenInText.test("interaction.options.getString")).toBe(false);
  });
});
