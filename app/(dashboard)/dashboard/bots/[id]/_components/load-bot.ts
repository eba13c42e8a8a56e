import { notFound } from "next/navigation";

import { requireUser } from "@/lib/auth/session";
import { BotNotFoundError } from "@/lib/bots/service";

/**
 * The signed-in user and `load(userId)` for a bot page. Another user's bot (or an archived or
 * missing one) is a 404, exactly like an id that never existed.
 */
export async function loadForBotPage<T>(id: string, path: string, load: (userId: string) => Promise<T>) {
  const user = await requireUser(`/dashboard/bots/${encodeURIComponent(id)}${path}`);
  try {
    return { user, data: await load(user.id) };
  } catch (error) {
    if (error instanceof BotNotFoundError) notFound();
    throw error;
  }
}
