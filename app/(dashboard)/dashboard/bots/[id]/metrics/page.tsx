import type { Metadata } from "next";

import { getBotHeader } from "@/lib/bots/hosting";
import { getBotMetrics } from "@/lib/hosting/queries";

import { loadForBotPage } from "../_components/load-bot";
import { MetricsView } from "./_components/metrics-view";

export const metadata: Metadata = { title: "Bot metrics" };

export default async function BotMetricsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const {
    data: [bot, metrics],
  } = await loadForBotPage(id, "/metrics", (userId) =>
    Promise.all([getBotHeader(userId, id), getBotMetrics(userId, id, "1h")]),
  );
  return (
    <>
      <MetricsView botId={bot.id} initial={metrics} />
    </>
  );
}
