import type { Metadata } from "next";

import { SectionPlaceholder } from "@/components/dashboard/section-placeholder";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Hosting Status" };

export default async function HostingPage() {
  await requireUser("/dashboard/hosting");
  return <SectionPlaceholder section="hosting" />;
}
