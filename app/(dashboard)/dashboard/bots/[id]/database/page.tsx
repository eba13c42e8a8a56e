import { ArrowLeft, Database } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";

import { AddKeyButton } from "@/components/bots/database/add-key-button";
import { DatabaseApiReference, DatabaseHelp } from "@/components/bots/database/database-help";
import { KeySearch } from "@/components/bots/database/key-search";
import { KeysPagination } from "@/components/bots/database/keys-pagination";
import { KeysTable } from "@/components/bots/database/keys-table";
import { UsageMeters } from "@/components/bots/database/usage-meters";
import { Button } from "@/components/ui/button";
import { loadBotDatabase } from "@/lib/bots/kv";
import { parseWholeNumber } from "@/lib/validation/numbers";
import { findUnstorable } from "@/lib/validation/text";

import { loadForBotPage } from "../_components/load-bot";

export const metadata: Metadata = { title: "Database" };

const dateTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  hourCycle: "h23",
  timeZone: "UTC",
});

function single(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

export default async function BotDatabasePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const query = await searchParams;
  // A filter PostgreSQL cannot compare (NUL, a broken emoji) filters nothing.
  const typed = single(query.prefix).slice(0, 256);
  const prefix = findUnstorable(typed) ? "" : typed;
  const page = parseWholeNumber(single(query.page), 1, 1_000_000) ?? 1;
  const {
    data: { bot, usage, keys },
  } = await loadForBotPage(id, "/database", (userId) => loadBotDatabase(userId, id, { prefix, page }));
  const basePath = `/dashboard/bots/${bot.id}/database`;
  const empty = usage.keys === 0;

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Database aria-hidden="true" className="size-5 text-primary" /> Built-in database
          </h2>
          <p className="text-sm text-muted-foreground">
            Keys and values your bot stores with <code className="font-mono">db.set()</code>. Edit them here.
          </p>
        </div>
        <Button asChild variant="ghost" size="sm" className="text-muted-foreground">
          <Link href={`/dashboard/bots/${bot.id}`}>
            <ArrowLeft />
            Back to bot
          </Link>
        </Button>
      </div>

      <UsageMeters keys={usage.keys} bytes={usage.bytes} limits={usage.limits} />

      {empty ? (
        <section
          aria-labelledby="kv-empty-heading"
          className="grid justify-items-center gap-4 rounded-xl border border-dashed border-border bg-card/40 px-4 py-10 text-center sm:px-8"
        >
          <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
            <Database aria-hidden="true" className="size-6" />
          </span>
          <div className="grid gap-1">
            <h3 id="kv-empty-heading" className="text-lg font-semibold">
              No keys yet
            </h3>
            <p className="max-w-lg text-sm text-muted-foreground">
              Your bot keeps data here between restarts: settings, balances, counters. Add a key by hand, or let your
              bot&apos;s code write one.
            </p>
          </div>
          <AddKeyButton botId={bot.id} />
          <DatabaseApiReference className="w-full max-w-2xl border-t border-border pt-4" />
        </section>
      ) : (
        <section aria-label="Keys" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <KeySearch prefix={prefix} />
            <AddKeyButton botId={bot.id} />
          </div>
          {keys.total === 0 ? (
            <div className="grid justify-items-center gap-2 rounded-xl border border-dashed border-border bg-card/40 px-4 py-10 text-center text-sm">
              <p className="font-medium">
                No keys start with <span className="font-mono break-all">{prefix}</span>
              </p>
              <Link href={basePath} className="text-primary underline-offset-4 hover:underline">
                Show all keys
              </Link>
            </div>
          ) : (
            <>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {prefix
                  ? `${keys.total.toLocaleString("en-US")} ${keys.total === 1 ? "key starts" : "keys start"} with “${prefix}”`
                  : `${keys.total.toLocaleString("en-US")} ${keys.total === 1 ? "key" : "keys"}, sorted by key`}
              </p>
              <KeysTable
                botId={bot.id}
                rows={keys.rows.map((row) => ({
                  key: row.key,
                  preview: row.preview,
                  size: row.size,
                  updatedAt: row.updatedAt.toISOString(),
                  updatedLabel: dateTime.format(row.updatedAt),
                }))}
              />
              <KeysPagination
                basePath={basePath}
                prefix={prefix}
                page={keys.page}
                pageCount={keys.pageCount}
                total={keys.total}
              />
            </>
          )}
          <DatabaseHelp />
        </section>
      )}
    </>
  );
}
