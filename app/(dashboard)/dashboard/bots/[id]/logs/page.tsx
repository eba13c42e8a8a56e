import type { Metadata } from "next";

import { getBotHeader } from "@/lib/bots/hosting";
import { listLogLines } from "@/lib/bots/logs";

import { loadForBotPage } from "../_components/load-bot";
import { LogViewer } from "./_components/log-viewer";

export const metadata: Metadata = { title: "Bot logs" };

export default async function BotLogsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const {
    data: [bot, lines],
  } = await loadForBotPage(id, "/logs", (userId) =>
    Promise.all([getBotHeader(userId, id), listLogLines(userId, id, { limit: 500 })]),
  );
  return (
    <>
      <LogViewer botId={bot.id} initialLines={lines} />
    </>
  );
}
