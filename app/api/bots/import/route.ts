/**
 * Complete Migration: POST multipart/form-data with `name`, optional `description`, and either
 * `file` (an upload, zips up to 10 MB) or `code` (pasted). A route handler rather than a server
 * action because action bodies stop at 1 MB (see proxy.ts). Answers like a server action:
 * `{ ok: true, data } | { ok: false, error, fieldErrors?, code? }` (lib/user-route.ts).
 */
import { revalidatePath } from "next/cache";
import { z } from "zod";

import { ActionRefusal } from "@/lib/actions";
import { recordAudit } from "@/lib/audit/service";
import { importLimits, importMessages } from "@/lib/bots/import/limits";
import { importBot, ImportError } from "@/lib/bots/import/service";
import { botDetailsSchema } from "@/lib/bots/schemas";
import { BotLimitError } from "@/lib/bots/service";
import { formRateLimit } from "@/lib/rate-limit";
import { userRoute } from "@/lib/user-route";

/** The largest upload plus room for the multipart framing and the name fields. */
const bodyLimitBytes = importLimits.zipBytes + 64 * 1024;

const importSchema = botDetailsSchema.pick({ name: true, description: true }).extend({
  source: z.union(
    [
      z.object({ kind: z.literal("file"), fileName: z.string(), data: z.instanceof(Uint8Array) }),
      z.object({ kind: z.literal("paste"), text: z.string() }),
    ],
    { error: "Upload a file or paste your bot code." },
  ),
});

const tooLarge = () => new ActionRefusal(importMessages.zipTooLarge, { code: "too_large" });

/** The body, refused once it grows past `limit` (the upload is not read any further). */
async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

async function readImportForm(request: Request): Promise<unknown> {
  const body = await readCapped(request, bodyLimitBytes);
  let form: FormData;
  try {
    form = await new Response(body, {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    throw new ActionRefusal("The upload could not be read. Please try again.", { code: "unreadable" });
  }
  const file = form.get("file");
  const code = form.get("code");
  return {
    name: String(form.get("name") ?? ""),
    description: String(form.get("description") ?? ""),
    source:
      file instanceof File
        ? { kind: "file", fileName: file.name, data: new Uint8Array(await file.arrayBuffer()) }
        : typeof code === "string"
          ? { kind: "paste", text: code }
          : undefined,
  };
}

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
