import { notFound } from "next/navigation";

import { BotHeader } from "@/components/bots/bot-header";
import { dashboardWidth } from "@/components/dashboard/dashboard-page";
import { getCurrentUser } from "@/lib/auth/session";
import { getBotHeader } from "@/lib/bots/hosting";
import { BotNotFoundError } from "@/lib/bots/service";
import { cn } from "@/lib/utils";

/**
 * Every tab of a bot shares this: one width and one header (name, power controls, tabs), so the
 * title and the tab bar stay where they are while the tabs change below them. It also checks
 * ownership before any tab's loading state streams: another user's bot is a real 404 response.
 * A signed-out visitor gets the tab itself, which sends them to sign in and back to that tab.
 */
export default async function BotLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  const user = await getCurrentUser();
  if (!user) return children;
  const bot = await getBotHeader(user.id, id).catch((error: unknown) => {
    if (error instanceof BotNotFoundError) notFound();
    throw error;
  });
  return (
    <div className={cn(dashboardWidth, "grid gap-6")}>
      <BotHeader bot={bot} />
      {children}
    </div>
  );
}
