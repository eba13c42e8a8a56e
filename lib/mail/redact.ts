/**
 * Live confirmation and reset links must not sit in the stored emails. A message that carries
 * single-use secrets lists their SHA-256 in `secretHashes`; its bodies are redacted:
 * - at once when a mail provider sends it (the recipient's inbox has the link, the table need not);
 * - otherwise (the local outbox is how a newcomer confirms without a mail service) once the
 *   link is used (`redactUsedSecret`, called when the token is consumed) or has expired
 *   (`redactExpiredOutbox`, run whenever the outbox is read; a dead link left until then opens nothing).
 */
import { createHash } from "node:crypto";

import { db } from "@/lib/db";

export const redactedMark = "[redacted]";

/** The same digest lib/auth/tokens.ts stores for its tokens. */
export function secretHash(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/**
 * Replaces every secret in `body` whose hash is in `hashes`. The secrets are found by scanning
 * for base64url/hex runs and hashing each, so nothing but the hash has to be kept.
 */
export function redactSecrets(body: string, hashes: Iterable<string>): string {
  const wanted = new Set(hashes);
  if (!wanted.size) return body;
  return body.replace(/[A-Za-z0-9_-]{16,}/g, (candidate) =>
    wanted.has(secretHash(candidate)) ? redactedMark : candidate,
  );
}

async function redactRows(
  where: { id: string; secretHashes: string[] }[],
  hashesToRemove: (row: string[]) => string[],
) {
  for (const row of where) {
    const remove = hashesToRemove(row.secretHashes);
    const message = await db.outboxEmail.findUnique({ where: { id: row.id }, select: { html: true, text: true } });
    if (!message) continue;
    await db.outboxEmail.updateMany({
      // Compare-and-set on the hashes: two redactions at once do not undo each other.
      where: { id: row.id, secretHashes: { equals: row.secretHashes } },
      data: {
        html: redactSecrets(message.html, remove),
        text: redactSecrets(message.text, remove),
        secretHashes: row.secretHashes.filter((hash) => !remove.includes(hash)),
      },
    });
  }
}

/** Redacts a used (or refused) single-use secret from every stored message that holds it. */
export async function redactUsedSecret(secret: string): Promise<void> {
  const hash = secretHash(secret);
  const rows = await db.outboxEmail.findMany({
    where: { secretHashes: { has: hash } },
    select: { id: true, secretHashes: true },
  });
  await redactRows(rows, () => [hash]);
}

/** Redacts the secrets of every message whose links have expired. */
export async function redactExpiredOutbox(now = new Date()): Promise<void> {
  const rows = await db.outboxEmail.findMany({
    where: { redactAt: { lte: now }, NOT: { secretHashes: { isEmpty: true } } },
    select: { id: true, secretHashes: true },
    take: 500,
  });
  await redactRows(rows, (hashes) => hashes);
}
