import type { Metadata } from "next";

import { SectionPlaceholder } from "@/components/dashboard/section-placeholder";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Archive" };

export default async function ArchivePage() {
  await requireUser("/dashboard/archive");
  return <SectionPlaceholder section="archive" />;
}
