import { requireUser } from "@/lib/auth/session";
import { botCounts } from "@/lib/bots/service";
import { commanderName } from "@/lib/dashboard/account-display";

import { MissionControl } from "./_components/mission-control";
import { WelcomePanel } from "./_components/welcome-panel";

export default async function DashboardHomePage() {
  const user = await requireUser("/dashboard");
  // What the runner observed: running bots, and crashed ones (the badge names the problem).
  const counts = await botCounts(user.id);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 pb-16">
      <WelcomePanel name={commanderName(user)} activeBots={counts.online} crashedBots={counts.crashed} />
      <MissionControl />
    </div>
  );
}
