/**
 * Creates a bot from a migration: the upload is analysed again here (the browser's review is
 * only a preview), built into files and handed to createBot, which checks the bot limits.
 */
import { ZodError } from "zod";

import { createBot } from "../service";
import { analyzeImport, type ImportSource } from "./analyze";
import type { CommandReport } from "./bdfd-convert";
import { buildImport } from "./build";

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
  const analyzed = analyzeImport(input.source);
  if (!analyzed.ok) throw new ImportError(analyzed.error);
  const plan = buildImport(analyzed.analysis, input.name);
  try {
    const bot = await createBot(userId, {
      name: input.name,
      description: input.description,
      language: plan.language,
      files: plan.files,
    });
    return { id: bot.id, name: bot.name, kind: analyzed.analysis.kind, report: plan.report };
  } catch (error) {
    // botFilesSchema's messages ("A bot can have at most 200 files", "…limited to 1 MB in all").
    if (error instanceof ZodError) throw new ImportError(error.issues[0]?.message ?? "These files cannot be stored.");
    throw error;
  }
}
