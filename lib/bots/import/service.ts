/**
 * Creates a bot from a migration: the upload is analysed again here (the browser's review is
 * only a preview), built into files and handed to createBot, which checks the bot limits.
 */
import { BotFilesError, createBot } from "../service";
import { analyzeImport, type ImportSource } from "./analyze";
import type { CommandReport } from "./bdfd-convert";
import { buildImport, type ImportPlan } from "./build";
import { nodeInflate } from "./node-inflate";
import { javascriptSyntaxError } from "./parse-check";

/** A refusal the user can act on; the message is for them. */
export class ImportError extends Error {}

export type ImportedBot = {
  id: string;
  name: string;
  kind: "bdfd" | "code" | "project";
  report: CommandReport[] | null;
};

export async function importBot(
  userId: string,
  input: { source: ImportSource; name: string; description?: string },
): Promise<ImportedBot> {
  const analyzed = await analyzeImport(input.source, { inflate: nodeInflate });
  if (!analyzed.ok) throw new ImportError(analyzed.error);
  const plan = buildImport(analyzed.analysis, input.name);
  if (analyzed.analysis.kind === "bdfd") await assertGeneratedCodeParses(plan);
  try {
    const bot = await createBot(userId, {
      name: input.name,
      description: input.description,
      language: plan.language,
      files: plan.files,
    });
    return { id: bot.id, name: bot.name, kind: analyzed.analysis.kind, report: plan.report };
  } catch (error) {
    // botFilesSchema's messages ("A bot can have at most 200 files", two paths of one file…).
    if (error instanceof BotFilesError) throw new ImportError(error.message);
    throw error;
  }
}

/**
 * Code Cipher wrote (a converted BDFD export) must parse before it is stored; code the user
 * uploaded is theirs and kept as it is. A failure here is a converter bug, so nothing is stored.
 */
export async function assertGeneratedCodeParses(plan: ImportPlan): Promise<void> {
  for (const file of plan.files) {
    if (!file.path.endsWith(".js")) continue;
    const error = await javascriptSyntaxError(file.content);
    if (error !== null) {
      console.error(`[import] generated ${file.path} does not parse (${error}); import refused`);
      throw new ImportError(
        `This export could not be converted safely (${file.path} would not be valid JavaScript), so nothing was imported. Please report it to support with the export file.`,
      );
    }
  }
}
