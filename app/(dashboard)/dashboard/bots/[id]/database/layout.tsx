import { assertOwnedBot } from "@/lib/bots/service";

import { loadForBotPage } from "../_components/load-bot";

/**
 * The ownership check, above loading.tsx: once the loading state has streamed, a 404 could only
 * be rendered, not sent as the status. Here another user's bot is a real 404 response.
 */
export default async function BotDatabaseLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  await loadForBotPage(id, "/database", (userId) => assertOwnedBot(userId, id));
  return children;
}
