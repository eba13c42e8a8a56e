import { requireUser } from "@/lib/auth/session";
import { commanderName } from "@/lib/dashboard/account-display";

import { FloatingChatButton } from "./_components/floating-chat-button";
import { MissionControl } from "./_components/mission-control";
import { WelcomePanel } from "./_components/welcome-panel";

export default async function DashboardHomePage() {
  const user = await requireUser("/dashboard");
  // Bots do not exist yet; the bots issue counts the user's online bots here.
  const activeBots = 0;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 pb-16">
      <WelcomePanel name={commanderName(user)} activeBots={activeBots} />
      <MissionControl />
      <FloatingChatButton />
    </div>
  );
}
