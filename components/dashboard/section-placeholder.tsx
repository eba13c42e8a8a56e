import { dashboardNav, dashboardSections } from "@/lib/dashboard/navigation";

import { DashboardPage, EmptyState } from "./dashboard-page";

type Section = keyof typeof dashboardSections;

/** A section whose screen comes with a later issue: its title, what will appear, Back to Dashboard. */
export function SectionPlaceholder({ section, children }: { section: Section; children?: React.ReactNode }) {
  const { title, description } = dashboardSections[section];
  const link = dashboardNav.find((item) => item.href === `/dashboard/${section}`);
  if (!link) throw new Error(`No sidebar link for /dashboard/${section}`);
  return (
    <DashboardPage title={title}>
      <EmptyState icon={link.icon} title="Nothing here yet">
        <p>{description}</p>
        {children}
      </EmptyState>
    </DashboardPage>
  );
}
