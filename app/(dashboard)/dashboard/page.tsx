import { dashboardWidth } from "@/components/dashboard/dashboard-page";
import { requireUser } from "@/lib/auth/session";
import { botCounts } from "@/lib/bots/service";
import { commanderName, isReturning } from "@/lib/dashboard/account-display";
import { firstRunChecklist, milestoneTimes, recordMilestone } from "@/lib/onboarding/milestones";
import { cn } from "@/lib/utils";

import { FirstRunChecklist } from "./_components/first-run-checklist";
import { MissionControl } from "./_components/mission-control";
import { WelcomePanel } from "./_components/welcome-panel";

export default async function DashboardHomePage() {
  const user = await requireUser("/dashboard");
  // What the runner observed: running bots, and crashed ones (the badge names the problem).
  const [counts, milestones] = await Promise.all([botCounts(user.id), milestoneTimes(user.id)]);
  const checklist = await firstRunChecklist(user.id, milestones);
  if (!milestones.dashboard_seen) await recordMilestone(user.id, "dashboard_seen");

  return (
    <div className={cn(dashboardWidth, "grid gap-8 pb-16")}>
      <WelcomePanel
        name={commanderName(user)}
        returning={isReturning(milestones.dashboard_seen, user.session.signedInAt)}
        activeBots={counts.online}
        crashedBots={counts.crashed}
      />
      {!checklist.finished && <FirstRunChecklist steps={checklist.steps} />}
      <MissionControl />
    </div>
  );
}
