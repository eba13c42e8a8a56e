import { requireUser } from "@/lib/auth/session";
import { countRunningBots } from "@/lib/bots/service";
import { commanderName } from "@/lib/dashboard/account-display";

import { FloatingChatButton } from "./_components/floating-chat-button";
import { MissionControl } from "./_components/mission-control";
import { WelcomePanel } from "./_components/welcome-panel";

export default async function DashboardHomePage() {
  const user = await requireUser("/dashboard");
  // "Active" is what the runner observed running (0 until hosting exists).
  const activeBots = await countRunningBots(user.id);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 pb-16">
      <WelcomePanel name={commanderName(user)} activeBots={activeBots} />
      <MissionControl />
      <FloatingChatButton />
    </div>
  );
}
