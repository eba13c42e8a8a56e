import type { Metadata } from "next";

import { BotCodeEditor } from "@/components/code-editor/bot-code-editor";
import { getBot, latestVersionNumber } from "@/lib/bots/service";
import { firstParam, type SearchParams } from "@/lib/request/search-params";

import { loadForBotPage } from "../_components/load-bot";

export const metadata: Metadata = { title: "Code" };

export default async function BotCodePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: SearchParams;
}) {
  const { id } = await params;
  const file = firstParam((await searchParams).file);
  const {
    data: [bot, version],
  } = await loadForBotPage(id, "/code", (userId) => Promise.all([getBot(userId, id), latestVersionNumber(userId, id)]));

  return (
    <>
      <BotCodeEditor botId={bot.id} initialFiles={bot.files} initialVersion={version} initialPath={file} />
    </>
  );
}
