/**
 * Reading the outbox table that sendEmail writes: the /dev/outbox page lists it, and tests use
 * `latestEmailTo` + `extractLinks` to follow the links a flow mailed.
 */
import { db } from "@/lib/db";
import type { OutboxEmail } from "@/lib/generated/prisma/client";

import { redactExpiredOutbox } from "./redact";

export { extractLinks } from "./links";

export type { OutboxEmail };

/** An outbox row without its bodies, for lists. */
export type OutboxEmailSummary = Omit<OutboxEmail, "html" | "text" | "secretHashes" | "redactAt">;

const summary = {
  id: true,
  to: true,
  subject: true,
  template: true,
  provider: true,
  providerId: true,
  error: true,
  createdAt: true,
} as const;

const newestFirst = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/** The newest messages first, optionally only those to one address. */
export async function listOutbox({ to, limit }: { to?: string; limit: number }): Promise<OutboxEmailSummary[]> {
  await redactExpiredOutbox();
  return db.outboxEmail.findMany({
    where: to ? { to: normalize(to) } : undefined,
    orderBy: newestFirst,
    take: limit,
    select: summary,
  });
}

/** One message with its bodies, or null. */
export async function getOutboxEmail(id: string): Promise<OutboxEmail | null> {
  await redactExpiredOutbox();
  return db.outboxEmail.findUnique({ where: { id } });
}

/** The newest message to an address (any case), optionally of one template, or null. */
export async function latestEmailTo(address: string, template?: string): Promise<OutboxEmail | null> {
  return db.outboxEmail.findFirst({
    where: { to: normalize(address), ...(template ? { template } : {}) },
    orderBy: newestFirst,
  });
}

function normalize(address: string): string {
  return address.trim().toLowerCase();
}
