import type { Metadata } from "next";

import { getBotHeader } from "@/lib/bots/hosting";
import { listLogLines } from "@/lib/bots/logs";
import { firstParam, type SearchParams } from "@/lib/request/search-params";

import { loadForBotPage } from "../_components/load-bot";
import { LogViewer } from "./_components/log-viewer";

export const metadata: Metadata = { title: "Bot logs" };

export default async function BotLogsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: SearchParams;
}) {
  const { id } = await params;
  // ?line=<id>: a crash's "Open the log at this line".
  const line = firstParam((await searchParams).line);
  const {
    data: [bot, lines],
  } = await loadForBotPage(id, "/logs", (userId) =>
    Promise.all([getBotHeader(userId, id), listLogLines(userId, id, { limit: 500 })]),
  );
  return (
    <>
      <LogViewer botId={bot.id} initialLines={lines} focusLine={line && /^\d{1,20}$/.test(line) ? line : undefined} />
    </>
  );
}
