"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import { ActionRefusal, type ActionResult } from "@/lib/actions";
import { PlanLimitError } from "@/lib/billing/plans";
import { BotFilesError, BotNotFoundError } from "@/lib/bots/service";
import { formRateLimit } from "@/lib/rate-limit";
import { userAction } from "@/lib/user-action";

import { cleanArchive, purgeArchivedBot, restoreArchivedBot, restoreArchivedBots } from "./service";

/** Pages that show archived or restored bots. */
const archivePages = ["/dashboard/archive", "/dashboard/bots", "/dashboard"];

function refusalFor(error: unknown): unknown {
  // Another user's item answers exactly like a missing one.
  if (error instanceof BotNotFoundError) {
    return new ActionRefusal("This item is no longer in your archive.", { code: "not_found" });
  }
  if (error instanceof PlanLimitError) return new ActionRefusal(error.message, { code: error.code });
  if (error instanceof BotFilesError) return new ActionRefusal(error.message, { code: "invalid" });
  return error;
}

/** Like lib/bots/actions.ts botAction: signed-in user, parsed input, known errors as refusals. */
function archiveAction<S extends z.ZodType, T>(
  name: string,
  schema: S,
  run: (userId: string, input: z.infer<S>) => Promise<T>,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return userAction(name, schema, run, {
    // Each click is one request; bulk actions carry many ids in one.
    rateLimit: { ...formRateLimit("archive"), limit: 30 },
    refusal: refusalFor,
    after: () => {
      for (const path of archivePages) revalidatePath(path);
    },
  });
}

const itemId = z.string().min(1).max(64);
const itemIds = z.array(itemId).min(1, "Select at least one item").max(100);

export async function restoreArchiveItemAction(input: { id: string }): Promise<ActionResult<{ name: string }>> {
  return archiveAction("archive.restore", z.object({ id: itemId }), async (userId, { id }) => ({
    name: (await restoreArchivedBot(userId, id)).name,
  }))(input);
}

export async function deleteArchiveItemAction(input: { id: string }): Promise<ActionResult<{ name: string }>> {
  return archiveAction("archive.delete", z.object({ id: itemId }), async (userId, { id }) => ({
    name: (await purgeArchivedBot(userId, id)).name,
  }))(input);
}

/**
 * Bulk Restore: restores what the plan allows. Refused only when nothing could be restored; a
 * partial restore answers ok with the limit message for the toast.
 */
export async function restoreArchiveItemsAction(input: {
  ids: string[];
}): Promise<ActionResult<{ restored: number; missing: number; limitMessage: string | null }>> {
  return archiveAction("archive.restoreMany", z.object({ ids: itemIds }), async (userId, { ids }) => {
    const result = await restoreArchivedBots(userId, ids);
    if (result.restored.length === 0) {
      if (result.limitError) throw result.limitError;
      if (result.filesError) throw result.filesError;
      throw new BotNotFoundError();
    }
    return {
      restored: result.restored.length,
      missing: result.missing.length,
      limitMessage: result.limitError?.message ?? result.filesError?.message ?? null,
    };
  })(input);
}

/** Clean Archive: deletes for good every item archived more than 30 days ago. */
export async function cleanArchiveAction(): Promise<ActionResult<{ purged: number }>> {
  return archiveAction("archive.clean", z.object({}), (userId) => cleanArchive(userId))({});
}
