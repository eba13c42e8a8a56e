import { Bot, KeyRound, Plus, X } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";

import { BotCardMenu } from "@/components/bots/bot-card-menu";
import { languageLabels } from "@/components/bots/bot-header";
import { BotPowerControls } from "@/components/bots/bot-power-controls";
import { BotsSummary } from "@/components/bots/bots-summary";
import { DashboardPage, EmptyState } from "@/components/dashboard/dashboard-page";
import { Button } from "@/components/ui/button";
import { getBotsSummary } from "@/lib/analytics/summary";
import { requireUser } from "@/lib/auth/session";
import { botFilters, parseBotFilter } from "@/lib/bots/filters";
import { listBots } from "@/lib/bots/service";
import { firstParam, type SearchParams } from "@/lib/request/search-params";

export const metadata: Metadata = { title: "My Bots" };

export default async function BotsPage({ searchParams }: { searchParams: SearchParams }) {
  const filter = parseBotFilter(firstParam((await searchParams).filter));
  const user = await requireUser(filter ? `/dashboard/bots?filter=${filter}` : "/dashboard/bots");
  const [all, filtered, summary] = await Promise.all([
    listBots(user.id),
    filter ? listBots(user.id, filter) : null,
    getBotsSummary(user.id),
  ]);
  const bots = filtered ?? all;
  const online = all.filter((bot) => bot.status === "running").length;
  const activeFilter = botFilters.find((candidate) => candidate.id === filter);

  return (
    <DashboardPage title="My Bots" description="Your bots, their code and their tokens.">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BotsSummary total={all.length} online={online} {...summary} />
        <Button asChild>
          <Link href="/dashboard/bots/new">
            <Plus />
            Create New Bot
          </Link>
        </Button>
      </div>

      {activeFilter && (
        <div className="flex flex-wrap items-center gap-2 text-sm" role="status">
          <span className="text-muted-foreground">Filter:</span>
          <span className="font-medium">{activeFilter.label}</span>
          <span className="text-muted-foreground">— {activeFilter.description}</span>
          <Button asChild variant="ghost" size="sm">
            <Link href="/dashboard/bots">
              <X /> Clear filter
            </Link>
          </Button>
        </div>
      )}

      {all.length === 0 ? (
        <EmptyState icon={Bot} title="No bots yet">
          <p>Create your first bot from a template or from a blank project.</p>
        </EmptyState>
      ) : bots.length === 0 ? (
        <EmptyState icon={Bot} title="No bots match this filter">
          <p>{activeFilter?.description}</p>
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {bots.map((bot) => (
            <li
              key={bot.id}
              className="relative grid h-full gap-2 rounded-xl border border-border bg-card/60 p-4 transition-colors focus-within:border-primary/60 hover:border-primary/60"
            >
              <span className="flex items-start justify-between gap-2">
                <Link
                  href={`/dashboard/bots/${bot.id}`}
                  className="min-w-0 font-medium break-words after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
                >
                  {bot.name}
                </Link>
                <span className="relative z-10 flex shrink-0 items-center gap-1">
                  <BotCardMenu botId={bot.id} botName={bot.name} />
                </span>
              </span>
              {bot.description && <span className="line-clamp-2 text-sm text-muted-foreground">{bot.description}</span>}
              <span className="relative z-10 justify-self-start">
                <BotPowerControls
                  compact
                  botId={bot.id}
                  botName={bot.name}
                  status={bot.status}
                  desiredState={bot.desiredState}
                />
              </span>
              <span className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
                <span>{languageLabels[bot.language] ?? bot.language}</span>
                <span className="inline-flex items-center gap-1">
                  <KeyRound aria-hidden="true" className="size-3" />
                  {bot.tokenLast4 ? `Token ••••${bot.tokenLast4}` : "No token"}
                </span>
                <span>Updated {bot.updatedAt.toISOString().slice(0, 10)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </DashboardPage>
  );
}
