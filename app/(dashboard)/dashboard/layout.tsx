import type { Metadata } from "next";
import { cookies } from "next/headers";

import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import { isCollapsedCookie, sidebarCookie } from "@/components/dashboard/sidebar-state";
import { ThemeApplier } from "@/components/dashboard/theme-applier";
import { getCurrentUser } from "@/lib/auth/session";
import { botCounts } from "@/lib/bots/service";
import { accountBadge } from "@/lib/dashboard/account-display";
import { getPreferences } from "@/lib/preferences/service";

export const metadata: Metadata = {
  title: { default: "Dashboard", template: "%s · Dashboard · Cipher" },
  robots: { index: false, follow: false },
};

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await getCurrentUser();
  // Each page calls requireUser with its own path, so the sign-in page can send the user back
  // there; the layout does not know the path, and leaves the redirect to the page.
  if (!user) return children;
  const [cookieStore, counts, preferences] = await Promise.all([
    cookies(),
    botCounts(user.id),
    getPreferences(user.id),
  ]);
  const collapsed = isCollapsedCookie(cookieStore.get(sidebarCookie.name)?.value);
  const { initial, name } = accountBadge(user.email);

  return (
    <DashboardShell account={{ initial, name, email: user.email }} defaultCollapsed={collapsed} counts={counts}>
      <ThemeApplier theme={preferences.theme} />
      {children}
    </DashboardShell>
  );
}
