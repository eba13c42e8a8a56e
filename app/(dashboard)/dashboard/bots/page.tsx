import { Bot } from "lucide-react";
import type { Metadata } from "next";

import { DashboardPage, EmptyState } from "@/components/dashboard/dashboard-page";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "My Bots" };

export default async function BotsPage() {
  await requireUser("/dashboard/bots");
  // The bot list, its summary cards and Create New Bot come with the bots issue.
  return (
    <DashboardPage title="My Bots">
      <EmptyState icon={Bot} title="No bots yet">
        <p>The bots you create or import will be listed here, with their status, commands and uptime.</p>
      </EmptyState>
    </DashboardPage>
  );
}
