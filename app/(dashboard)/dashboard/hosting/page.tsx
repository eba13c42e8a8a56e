import type { Metadata } from "next";

import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { requireUser } from "@/lib/auth/session";
import { getHostingOverview } from "@/lib/hosting/queries";
import { operatorAccess } from "@/lib/support/admin";

import { HostingView } from "./_components/hosting-view";

export const metadata: Metadata = { title: "Hosting Status" };

export default async function HostingPage() {
  const user = await requireUser("/dashboard/hosting");
  const overview = await getHostingOverview(user.id, { operator: operatorAccess(user) === "granted" });
  return (
    <DashboardPage
      title="Hosting and Deployment"
      description="The runners that host your bots, their health, and your bots on them — live."
    >
      <HostingView initial={overview} />
    </DashboardPage>
  );
}
