import { CloudOff } from "lucide-react";
import type { Metadata } from "next";

import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { requireUser } from "@/lib/auth/session";
import { listBots } from "@/lib/bots/service";
import { getWorld, SimulatorError } from "@/lib/simulator/client";
import type { WorldSnapshot } from "@/lib/simulator/types";

import { RetryButton } from "./_components/retry-button";
import { WorldView } from "./_components/world-view";

export const metadata: Metadata = { title: "Discord Simulator" };

async function loadWorld(userId: string): Promise<{ world: WorldSnapshot } | { error: string }> {
  try {
    return { world: await getWorld(userId) };
  } catch (error) {
    // The simulator is down or refused: the page says so instead of failing.
    if (error instanceof SimulatorError) return { error: error.message };
    throw error;
  }
}

export default async function SimulatorPage({ searchParams }: { searchParams: Promise<{ server?: string }> }) {
  const user = await requireUser("/dashboard/tools/simulator");
  const { server } = await searchParams;
  const [bots, loaded] = await Promise.all([listBots(user.id), loadWorld(user.id)]);

  return (
    <DashboardPage
      title="Discord Simulator"
      description="Your simulated Discord servers, where your bots are tested: a shared one, and one of its own for each bot tested alone. Nothing here reaches Discord."
    >
      {"error" in loaded ? (
        <div
          role="alert"
          className="grid justify-items-start gap-2 rounded-xl border border-destructive/50 bg-destructive/5 p-6"
        >
          <CloudOff aria-hidden="true" className="size-6 text-destructive" />
          <h2 className="text-lg font-semibold">The simulator is unavailable</h2>
          <p className="text-sm text-muted-foreground">{loaded.error}</p>
          <RetryButton />
        </div>
      ) : (
        <WorldView
          initialWorld={loaded.world}
          initialServerId={typeof server === "string" ? server : undefined}
          bots={bots.map(({ id, name, connectTo }) => ({ id, name, onDiscord: connectTo !== "simulator" }))}
        />
      )}
    </DashboardPage>
  );
}
