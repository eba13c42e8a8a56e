import { FileCode } from "lucide-react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { Badge } from "@/components/ui/badge";
import { requireUser } from "@/lib/auth/session";
import { BotNotFoundError, getBot, listVersions } from "@/lib/bots/service";

import { TokenCard } from "./_components/token-card";

export const metadata: Metadata = { title: "Bot" };

async function loadBot(userId: string, id: string) {
  try {
    return await Promise.all([getBot(userId, id), listVersions(userId, id)]);
  } catch (error) {
    if (error instanceof BotNotFoundError) notFound();
    throw error;
  }
}

export default async function BotPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(`/dashboard/bots/${encodeURIComponent(id)}`);
  const [bot, versions] = await loadBot(user.id, id);
  const bytes = bot.files.reduce((total, file) => total + new TextEncoder().encode(file.content).length, 0);

  return (
    <DashboardPage title={bot.name} description={bot.description || undefined}>
      <div className="flex flex-wrap gap-2 text-sm">
        <Badge variant="outline" className="capitalize">
          {bot.status}
        </Badge>
        <Badge variant="outline">{bot.language}</Badge>
        {bot.templateId && <Badge variant="outline">Template: {bot.templateId}</Badge>}
      </div>

      <TokenCard botId={bot.id} tokenLast4={bot.tokenLast4} />

      <section aria-labelledby="files-heading" className="grid gap-3 rounded-xl border border-border bg-card/60 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="files-heading" className="text-lg font-semibold">
            Files
          </h2>
          <p className="text-sm text-muted-foreground">
            {bot.files.length} files, {(bytes / 1024).toFixed(1)} KB · version {versions[0]?.number ?? 1}
          </p>
        </div>
        <ul className="grid gap-1 font-mono text-sm">
          {bot.files.map((file) => (
            <li key={file.path} className="flex min-w-0 items-center gap-2">
              <FileCode aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <span className="break-all">{file.path}</span>
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted-foreground">
          Editing the code in the browser, version history and hosting come next; the files above are what the bot will
          run.
        </p>
      </section>
    </DashboardPage>
  );
}
