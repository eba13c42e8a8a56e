import type { Metadata } from "next";

import { SectionPlaceholder } from "@/components/dashboard/section-placeholder";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Integrations" };

export default async function IntegrationsPage() {
  await requireUser("/dashboard/integrations");
  return <SectionPlaceholder section="integrations" />;
}
