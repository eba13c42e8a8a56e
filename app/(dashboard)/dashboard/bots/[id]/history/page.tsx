import { History } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { getBot, keptVersionsFor, listVersions } from "@/lib/bots/service";

import { loadForBotPage } from "../_components/load-bot";

export const metadata: Metadata = { title: "History" };

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default async function BotHistoryPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const {
    user,
    data: [bot, versions, kept],
  } = await loadForBotPage(id, "/history", (userId) =>
    Promise.all([getBot(userId, id), listVersions(userId, id), keptVersionsFor(userId)]),
  );
  const current = versions[0]?.number;

  return (
    <>
      <section aria-labelledby="history-heading" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="history-heading" className="flex items-center gap-2 text-lg font-semibold">
            <History aria-hidden="true" className="size-5 text-primary" /> Versions
          </h2>
          <p className="text-sm text-muted-foreground">
            Your last {kept} saves are kept. Compare any version with the current code, or restore it as a new version.
          </p>
        </div>
        <ol className="grid gap-2">
          {versions.map((version) => (
            <li
              key={version.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-border bg-card/60 px-4 py-3"
            >
              <span className="font-mono text-sm font-semibold">v{version.number}</span>
              <span className="min-w-0 flex-1">
                <span className="block break-words">{version.message}</span>
                <span className="block text-xs text-muted-foreground">
                  {version.authorId === user.id ? "You" : "Someone else"} ·{" "}
                  <time dateTime={version.createdAt.toISOString()}>{dateTime.format(version.createdAt)} UTC</time>
                </span>
              </span>
              {version.number === current ? (
                <Badge variant="outline">Current</Badge>
              ) : (
                <Button asChild variant="outline" size="sm">
                  <Link href={`/dashboard/bots/${bot.id}/history/${version.number}`}>
                    Compare<span className="sr-only"> version {version.number} with the current code</span>
                  </Link>
                </Button>
              )}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
