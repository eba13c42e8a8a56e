import { History } from "lucide-react";
import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { DashboardPage, EmptyState } from "@/components/dashboard/dashboard-page";
import { listAuditEvents } from "@/lib/audit/service";
import { requireUser } from "@/lib/auth/session";

import { ActivityPagination, pageHref } from "./_components/activity-pagination";
import { ActivityTable } from "./_components/activity-table";
import { pageParam } from "./page-param";

export const metadata: Metadata = { title: "Activity Log" };

export default async function ActivityPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser("/dashboard/activity");
  const log = await listAuditEvents(user.id, { page: pageParam((await searchParams).page) });
  // A page past the end (an old link, events gone with a deleted bot…) shows the last one.
  if (log.page > log.pages) redirect(pageHref(log.pages));

  return (
    <DashboardPage
      title="Activity Log"
      description="What was done on your account: sign-ins, changes to your bots and support tickets."
    >
      {log.total === 0 ? (
        <EmptyState icon={History} title="No activity yet">
          Sign-ins, changes to your bots and support tickets will be listed here, with the time and the address they
          came from.
        </EmptyState>
      ) : (
        <>
          <ActivityTable events={log.events} />
          <ActivityPagination page={log.page} pages={log.pages} total={log.total} pageSize={log.pageSize} />
        </>
      )}
    </DashboardPage>
  );
}
