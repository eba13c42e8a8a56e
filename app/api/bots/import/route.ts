/**
 * Complete Migration: POST multipart/form-data with `name`, optional `description`, and either
 * `file` (an upload, zips up to 10 MB) or `code` (pasted). A route handler rather than a server
 * action because action bodies stop at 1 MB (see proxy.ts). Answers like a server action:
 * `{ ok: true, data } | { ok: false, error, fieldErrors?, code? }`.
 */
import { revalidatePath } from "next/cache";
import { NextResponse } from "next/server";

import { unexpectedErrorMessage } from "@/lib/action-result";
import { recordAudit } from "@/lib/audit/service";
import { getCurrentUser } from "@/lib/auth/session";
import { importLimits, importMessages } from "@/lib/bots/import/limits";
import { importBot, ImportError } from "@/lib/bots/import/service";
import { botDetailsSchema } from "@/lib/bots/schemas";
import { BotLimitError } from "@/lib/bots/service";
import { consumeRateLimit, formRateLimit, rateLimitedMessage } from "@/lib/rate-limit";
import { getClientIp } from "@/lib/request/client-ip";

/** The largest upload plus room for the multipart framing and the name fields. */
const bodyLimitBytes = importLimits.zipBytes + 64 * 1024;

const detailsSchema = botDetailsSchema.pick({ name: true, description: true });

function answer(status: number, body: object) {
  return NextResponse.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

const refuse = (status: number, error: string, extra: object = {}) => answer(status, { ok: false, error, ...extra });

/** The body, or null once it grows past `limit` (the upload is not read any further). */
async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
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
      return null;
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

export async function POST(request: Request) {
  const user = await getCurrentUser();
  if (!user) return refuse(401, "Your session has ended. Please sign in again.", { code: "signed_out" });

  const limited = await consumeRateLimit(formRateLimit("bot-import"), await getClientIp());
  if (!limited.allowed) return refuse(429, rateLimitedMessage, { code: "rate_limited" });

  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > bodyLimitBytes) return refuse(413, importMessages.zipTooLarge);
  const body = await readCapped(request, bodyLimitBytes);
  if (!body) return refuse(413, importMessages.zipTooLarge);

  let form: FormData;
  try {
    form = await new Response(body, {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    return refuse(400, "The upload could not be read. Please try again.");
  }

  const details = detailsSchema.safeParse({ name: form.get("name") ?? "", description: form.get("description") ?? "" });
  if (!details.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of details.error.issues) (fieldErrors[issue.path.join(".") || "_form"] ??= []).push(issue.message);
    return refuse(400, "Please check the highlighted fields.", { fieldErrors });
  }

  const file = form.get("file");
  const code = form.get("code");
  const source =
    file instanceof File
      ? { kind: "file" as const, fileName: file.name, data: new Uint8Array(await file.arrayBuffer()) }
      : typeof code === "string"
        ? { kind: "paste" as const, text: code }
        : null;
  if (!source) return refuse(400, "Upload a file or paste your bot code.");

  try {
    const bot = await importBot(user.id, { source, ...details.data });
    await recordAudit(user.id, "bot.imported", { type: "bot", id: bot.id, label: details.data.name });
    revalidatePath("/dashboard/bots");
    return answer(201, { ok: true, data: bot });
  } catch (error) {
    if (error instanceof ImportError) return refuse(422, error.message, { code: "invalid" });
    if (error instanceof BotLimitError) return refuse(409, error.message, { code: "bot_limit" });
    console.error("[api:bots.import] failed", { userId: user.id, kind: source.kind }, error);
    return refuse(500, unexpectedErrorMessage);
  }
}
