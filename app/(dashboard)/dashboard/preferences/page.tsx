import type { Metadata } from "next";

import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { ThemeApplier } from "@/components/dashboard/theme-applier";
import { requireUser } from "@/lib/auth/session";
import { getPreferences } from "@/lib/preferences/service";

import { PreferencesForm } from "./_components/preferences-form";

export const metadata: Metadata = { title: "Preferences" };

export default async function PreferencesPage() {
  const user = await requireUser("/dashboard/preferences");
  const preferences = await getPreferences(user.id);

  return (
    <DashboardPage title="Preferences" description="How the dashboard looks and which emails Cipher sends you." narrow>
      {/* The layout applies the saved theme everywhere; this one makes a change show at once here. */}
      <ThemeApplier theme={preferences.theme} />
      <PreferencesForm defaultValues={preferences} email={user.email} />
    </DashboardPage>
  );
}
