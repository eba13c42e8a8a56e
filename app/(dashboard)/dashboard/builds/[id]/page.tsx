import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { BuildView } from "@/components/ai-builder/build-view";
import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { getBuildView } from "@/lib/ai-builder/build/service";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Build" };

const idPattern = /^[a-z0-9]{1,64}$/i;

/** One AI build: its steps as they happen, the plan, the checks, and what to do next. */
export default async function BuildPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(`/dashboard/builds/${encodeURIComponent(id)}`);
  const view = idPattern.test(id) ? await getBuildView(user.id, id) : null;
  if (!view) notFound();
  const title = view.kind === "change" ? `Changing ${view.bot?.name ?? "your bot"}` : "Building your bot";
  return (
    <DashboardPage
      title={title}
      description="Cipher understands your words, plans the bot, writes its code and proves it in a private test server."
    >
      <BuildView initial={view} />
    </DashboardPage>
  );
}
