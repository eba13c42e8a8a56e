/**
 * The import upload as the route reads it: multipart/form-data with `name`, optional
 * `description`, and either `file` (an upload, zips up to 10 MB) or `code` (pasted), read with a
 * cap on the bytes that really arrive. Apart from the route so scripts/bench-import.ts posts to
 * the same reader over HTTP.
 */
import { z } from "zod";

import { ActionRefusal } from "@/lib/actions";
import { botDetailsSchema } from "@/lib/bots/schemas";

import { importLimits, importMessages } from "./limits";

/** The largest upload plus room for the multipart framing and the name fields. */
export const bodyLimitBytes = importLimits.zipBytes + 64 * 1024;

export const importSchema = botDetailsSchema.pick({ name: true, description: true }).extend({
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

export async function readImportForm(request: Request): Promise<unknown> {
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
