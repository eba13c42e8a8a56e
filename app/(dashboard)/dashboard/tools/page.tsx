import type { Metadata } from "next";

import { SectionPlaceholder } from "@/components/dashboard/section-placeholder";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Tools" };

export default async function ToolsPage() {
  await requireUser("/dashboard/tools");
  return <SectionPlaceholder section="tools" />;
}
