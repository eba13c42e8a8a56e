/**
 * Complete Migration: POST multipart/form-data with `name`, optional `description`, and either
 * `file` (an upload, zips up to 10 MB) or `code` (pasted). A route handler rather than a server
 * action because action bodies stop at 1 MB (see proxy.ts). Answers like a server action:
 * `{ ok: true, data } | { ok: false, error, fieldErrors?, code? }` (lib/user-route.ts).
 */
import { revalidatePath } from "next/cache";

import { ActionRefusal } from "@/lib/actions";
import { recordAudit } from "@/lib/audit/service";
import { importBot, ImportError } from "@/lib/bots/import/service";
import { importSchema, readImportForm } from "@/lib/bots/import/upload-form";
import { BotLimitError } from "@/lib/bots/service";
import { formRateLimit } from "@/lib/rate-limit";
import { userRoute } from "@/lib/user-route";

export const POST = userRoute("bots.import", importSchema, (userId, input) => importBot(userId, input), {
  input: readImportForm,
  status: 201,
  rateLimit: formRateLimit("bot-import"),
  refusal(error) {
    if (error instanceof ImportError) return new ActionRefusal(error.message, { code: "invalid" });
    if (error instanceof BotLimitError) return new ActionRefusal(error.message, { code: "plan_limit" });
    return error;
  },
  async after(userId, input, bot) {
    await recordAudit(userId, "bot.imported", { type: "bot", id: bot.id, label: input.name });
    revalidatePath("/dashboard/bots");
  },
});
