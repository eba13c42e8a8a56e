/**
 * The JavaScript compiler: a checked blueprint (lib/blueprint/schema.ts, `checkBlueprint`) into a
 * discord.js 14 project in the layout of the discord.js guide and Cipher's templates, behaving as
 * lib/blueprint/README.md says. The same blueprint always gives the same files, sorted by path.
 *
 *   index.js, deploy-commands.js            javascript-project.ts
 *   commands/*.js, prefix-commands/*.js     javascript-commands.ts
 *   events/*.js                             javascript-events.ts
 *   lib/blueprint-runtime.js                javascript-runtime-*.ts (the same for every bot)
 *   lib/data.js, lib/tables.js, lib/db.js   javascript-project.ts, javascript-db.ts
 *   README.md, package.json                 javascript-readme.ts, javascript-project.ts
 *   cipher.blueprint.json                   the blueprint itself
 */
import { blueprintFileName, type Blueprint } from "../schema";
import { prefixCommandFile, slashCommandFile } from "./javascript-commands";
import { dbFileText } from "./javascript-db";
import { eventFiles } from "./javascript-events";
import { dataFile, deployFile, indexFile, packageFile, tablesFile } from "./javascript-project";
import { readmeFile } from "./javascript-readme";
import { runtimeActions } from "./javascript-runtime-actions";
import { runtimeEntry } from "./javascript-runtime-entry";
import { runtimeFailures } from "./javascript-runtime-failures";
import { runtimeRun } from "./javascript-runtime-run";
import { runtimeStore } from "./javascript-runtime-store";
import { runtimeIntro, runtimeText } from "./javascript-runtime-text";
import { runtimeTimers } from "./javascript-runtime-timers";
import { generatedHeader, type CompiledFile } from "./literals";

export type { CompiledFile };

/** lib/blueprint-runtime.js: the helpers every generated command and event calls. */
export const blueprintRuntimeText = [
  generatedHeader("//"),
  runtimeIntro,
  runtimeText,
  runtimeFailures,
  runtimeRun,
  runtimeActions,
  runtimeStore,
  runtimeTimers,
  runtimeEntry,
].join("");

export function compileJavaScript(blueprint: Blueprint): CompiledFile[] {
  const files: (CompiledFile | null)[] = [
    indexFile(blueprint),
    deployFile(),
    ...blueprint.commands.map((command, index) =>
      command.type === "prefix" ? prefixCommandFile(command, index, blueprint) : slashCommandFile(command, index),
    ),
    ...eventFiles(blueprint),
    { path: "lib/blueprint-runtime.js", content: blueprintRuntimeText },
    { path: "lib/db.js", content: `${generatedHeader("//")}${dbFileText}` },
    dataFile(blueprint),
    tablesFile(blueprint),
    packageFile(blueprint),
    readmeFile(blueprint),
    { path: blueprintFileName, content: `${JSON.stringify(blueprint, null, 2)}\n` },
  ];
  return files
    .filter((file): file is CompiledFile => file !== null)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
