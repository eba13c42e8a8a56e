/**
 * Idempotency-Key on POST /api/v1 (as Stripe and the IETF draft do it): the first request with a
 * key runs and its answer is kept for 24 hours; a retry with the same key and the same body gets
 * that answer again (Idempotent-Replayed: true) and runs nothing; the same key with another body
 * is refused (422), and a retry while the first still runs is refused (409). An answer of 5xx is
 * not kept, so the retry runs.
 */
import { createHash } from "node:crypto";

import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

import { problem } from "./problem";

export const idempotencyKeyMaxLength = 255;
const keptForMs = 24 * 60 * 60 * 1000;

export type IdempotencyStart =
  { kind: "run"; finish(response: Response): Promise<Response> } | { kind: "answer"; response: Response };

/** userId: keys are the account's, whichever of its API keys or logins sends them. */
export async function startIdempotent(
  userId: string,
  idempotencyKey: string,
  request: { method: string; path: string; body: string },
): Promise<IdempotencyStart> {
  if (!idempotencyKey.trim() || idempotencyKey.length > idempotencyKeyMaxLength) {
    return {
      kind: "answer",
      response: problem(400, "invalid", `Idempotency-Key must be 1–${idempotencyKeyMaxLength} characters.`),
    };
  }
  const bodyHash = createHash("sha256").update(request.body).digest("hex");
  const since = new Date(Date.now() - keptForMs);
  if (Math.random() < 0.01) {
    void db.idempotentRequest.deleteMany({ where: { createdAt: { lt: since } } }).catch(() => undefined);
  }
  let row;
  try {
    row = await db.idempotentRequest.create({
      data: { userId, idempotencyKey, method: request.method, path: request.path, bodyHash },
      select: { id: true },
    });
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    const seen = await db.idempotentRequest.findUnique({
      where: { userId_idempotencyKey: { userId, idempotencyKey } },
    });
    if (seen && seen.createdAt < since) {
      // Older than a day: forgotten, so this request runs as a new one.
      await db.idempotentRequest.delete({ where: { id: seen.id } }).catch(() => undefined);
      return startIdempotent(userId, idempotencyKey, request);
    }
    if (!seen || seen.method !== request.method || seen.path !== request.path || seen.bodyHash !== bodyHash) {
      return {
        kind: "answer",
        response: problem(
          422,
          "idempotency_conflict",
          "This Idempotency-Key was already used for a different request. Use a new key for a new request.",
        ),
      };
    }
    if (seen.status === null) {
      return {
        kind: "answer",
        response: problem(409, "conflict", "A request with this Idempotency-Key is still running. Retry in a moment.", {
          headers: { "Retry-After": "1" },
        }),
      };
    }
    return {
      kind: "answer",
      response: new Response(seen.response, {
        status: seen.status,
        headers: {
          "Content-Type": seen.status >= 400 ? "application/problem+json" : "application/json",
          "Cache-Control": "no-store",
          "Idempotent-Replayed": "true",
        },
      }),
    };
  }
  return {
    kind: "run",
    async finish(response) {
      if (response.status >= 500) {
        await db.idempotentRequest.delete({ where: { id: row.id } }).catch(() => undefined);
        return response;
      }
      const text = response.status === 204 ? "" : await response.clone().text();
      await db.idempotentRequest.update({ where: { id: row.id }, data: { status: response.status, response: text } });
      return response;
    },
  };
}
