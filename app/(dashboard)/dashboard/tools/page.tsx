import type { Metadata } from "next";
import Link from "next/link";

import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { Button } from "@/components/ui/button";
import { apiKeysAllowed } from "@/lib/api-keys/service";
import { requireUser } from "@/lib/auth/session";
import { listBots } from "@/lib/bots/service";
import { quickActions, tools } from "@/lib/dashboard/tools";

import { ToolsBrowser } from "./_components/tools-browser";

export const metadata: Metadata = { title: "Tools" };

export default async function ToolsPage() {
  const user = await requireUser("/dashboard/tools");
  const [bots, proUnlocked] = await Promise.all([listBots(user.id), apiKeysAllowed(user.id)]);
  const available = tools.filter((tool) => tool.status === "Available").length;

  return (
    <DashboardPage
      title="Tools and Utilities"
      description={`${available} tools available, ${tools.length - available} with Pro. Each opens where the work happens.`}
    >
      <ToolsBrowser bots={bots.map(({ id, name }) => ({ id, name }))} proUnlocked={proUnlocked} />
      <section
        aria-labelledby="quick-actions-heading"
        className="grid gap-3 rounded-xl border border-border bg-card/60 p-5"
      >
        <h2 id="quick-actions-heading" className="text-lg font-semibold">
          Quick Actions
        </h2>
        <div className="flex flex-wrap gap-2">
          {quickActions.map((action) => (
            <Button key={action.href} asChild variant="outline">
              <Link href={action.href}>{action.label}</Link>
            </Button>
          ))}
        </div>
      </section>
    </DashboardPage>
  );
}
