import type { Metadata } from "next";

import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { parsePeriod } from "@/lib/analytics/periods";
import { getAnalytics } from "@/lib/analytics/queries";
import { requireUser } from "@/lib/auth/session";
import { firstParam, type SearchParams } from "@/lib/request/search-params";

import { AnalyticsView } from "./_components/analytics-view";

export const metadata: Metadata = { title: "Analytics" };

export default async function AnalyticsPage({ searchParams }: { searchParams: SearchParams }) {
  const period = parsePeriod(firstParam((await searchParams).period));
  const user = await requireUser(`/dashboard/analytics?period=${period}`);
  const data = await getAnalytics(user.id, period);
  return (
    <DashboardPage
      title="Analytics"
      description="What your bots handled: commands, users, response times and errors, from the runner."
    >
      {/* Keyed by period: another period is a fresh view with the server's numbers. */}
      <AnalyticsView key={period} initial={data} />
    </DashboardPage>
  );
}
