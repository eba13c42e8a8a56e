import type { Metadata } from "next";

import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { requireUser } from "@/lib/auth/session";
import { creditSpending, creditStatus } from "@/lib/billing/credits";

import { CreditsCard } from "./_components/credits-card";
import { CurrentPlanCard } from "./_components/current-plan-card";
import { PaymentNotice } from "./_components/payment-notice";
import { PlanComparison } from "./_components/plan-comparison";
import { UsageCard } from "./_components/usage-card";
import { getPlanStatus } from "./plan-status";

export const metadata: Metadata = { title: "Billing & Plan" };

export default async function BillingPage() {
  const user = await requireUser("/dashboard/billing");
  const [status, credits] = await Promise.all([getPlanStatus(user.id), creditStatus(user.id)]);
  const spending = await creditSpending(user.id, credits.periodStart);

  return (
    <DashboardPage title="Billing & Plan" description="Your plan, what it includes and how much of it you use.">
      <PaymentNotice />
      <div className="grid gap-6 lg:grid-cols-2">
        <CurrentPlanCard status={status} />
        <UsageCard status={status} />
      </div>
      <CreditsCard credits={credits} spending={spending} />
      <PlanComparison currentPlan={status.planId} />
    </DashboardPage>
  );
}
