import { db } from "@/lib/db";

import type { ContactMessage } from "./schemas";

/** Stores a message from /contact; returns its id. */
export async function saveContactMessage(message: ContactMessage): Promise<string> {
  const { id } = await db.contactMessage.create({ data: message, select: { id: true } });
  return id;
}
