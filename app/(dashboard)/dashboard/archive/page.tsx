import { Archive, SearchX } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";

import { ArchiveFilters } from "@/components/archive/archive-filters";
import { ArchiveList } from "@/components/archive/archive-list";
import { ArchiveSummaryCards } from "@/components/archive/archive-summary";
import { toArchiveRow } from "@/components/archive/archive-view-model";
import { CleanArchiveButton } from "@/components/archive/clean-archive-button";
import { DashboardPage, EmptyState } from "@/components/dashboard/dashboard-page";
import { Button } from "@/components/ui/button";
import {
  archiveExpiryNoticeDays,
  archiveItemTypes,
  listArchive,
  summarizeArchive,
  type ArchiveTypeFilter,
} from "@/lib/archive/service";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Archive" };

function parseType(value: unknown): ArchiveTypeFilter {
  return typeof value === "string" && (archiveItemTypes as readonly string[]).includes(value)
    ? (value as ArchiveTypeFilter)
    : "all";
}

export default async function ArchivePage({ searchParams }: { searchParams: Promise<Record<string, unknown>> }) {
  const user = await requireUser("/dashboard/archive");
  const params = await searchParams;
  const search = typeof params.q === "string" ? params.q.slice(0, 100) : "";
  const type = parseType(params.type);
  const now = new Date();

  const all = await listArchive(user.id);
  const filtered = search || type !== "all" ? await listArchive(user.id, { search, type }) : all;
  const summary = summarizeArchive(all, now);
  const olderCount = all.filter((item) => item.expiresAt <= now).length;

  return (
    <DashboardPage
      title="Archive"
      description={`Archived bots, configs and backups. Restore or download them within 30 days; after that they are deleted for good (you get a notice ${archiveExpiryNoticeDays} days before).`}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 flex-1">
          <ArchiveFilters search={search} type={type} />
        </div>
        <CleanArchiveButton olderCount={olderCount} />
      </div>

      <ArchiveSummaryCards summary={summary} />

      {all.length === 0 ? (
        <EmptyState icon={Archive} title="Your archive is empty">
          <p>When you delete a bot it comes here with its code, versions and settings, ready to restore for 30 days.</p>
          <Button asChild variant="outline" className="mt-4">
            <Link href="/dashboard/bots">Go to My Bots</Link>
          </Button>
        </EmptyState>
      ) : filtered.length === 0 ? (
        <EmptyState icon={SearchX} title="No archived items match">
          <p>
            {type === "config" || type === "backup"
              ? `There are no archived ${type}s yet.`
              : "Try another name or clear the filters."}
          </p>
          <Button asChild variant="outline" className="mt-4">
            <Link href="/dashboard/archive">Clear filters</Link>
          </Button>
        </EmptyState>
      ) : (
        <ArchiveList rows={filtered.map((item) => toArchiveRow(item, now))} olderCount={olderCount} />
      )}
    </DashboardPage>
  );
}
