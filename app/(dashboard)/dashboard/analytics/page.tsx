import type { Metadata } from "next";

import { SectionPlaceholder } from "@/components/dashboard/section-placeholder";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Analytics" };

export default async function AnalyticsPage() {
  await requireUser("/dashboard/analytics");
  return <SectionPlaceholder section="analytics" />;
}
