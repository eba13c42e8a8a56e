/** The signed-in area's sidebar, user menu and section pages (spec section 2, "Dashboard"). */
import {
  Activity,
  Archive,
  BarChart3,
  Bot,
  Clock,
  CreditCard,
  LayoutDashboard,
  LifeBuoy,
  Plug,
  Server,
  Settings,
  SlidersHorizontal,
  Wrench,
  Zap,
  type LucideIcon,
} from "lucide-react";

export interface DashboardLink {
  href: string;
  label: string;
  icon: LucideIcon;
}

export const dashboardHome = "/dashboard";
export const settingsHref = "/dashboard/settings";
/** Create New Bot opens My Bots until the bot editor exists (bots issue). */
export const createBotHref = "/dashboard/bots";

/**
 * No counts next to the links: the spec's sample numbers ("3", "2 online", "5") would be made up
 * until bots, hosting and integrations exist; those issues add real ones.
 */
export const dashboardNav: DashboardLink[] = [
  { href: dashboardHome, label: "Dashboard", icon: LayoutDashboard },
  { href: "/dashboard/bots", label: "My Bots", icon: Bot },
  { href: "/dashboard/hosting", label: "Hosting Status", icon: Server },
  { href: "/dashboard/analytics", label: "Analytics", icon: BarChart3 },
  { href: "/dashboard/integrations", label: "Integrations", icon: Plug },
  { href: "/dashboard/tools", label: "Tools", icon: Wrench },
  { href: "/dashboard/archive", label: "Archive", icon: Archive },
  { href: "/dashboard/support", label: "Support", icon: LifeBuoy },
];

/** The sidebar's Filters group: shown as in the spec, with no behaviour yet. */
export const dashboardFilters: { label: string; icon: LucideIcon }[] = [
  { label: "Active Bots", icon: Zap },
  { label: "Last Updated", icon: Clock },
  { label: "High Usage", icon: Activity },
];

/** The user menu's links, in the spec's order; Log Out follows them. */
export const userMenuLinks: DashboardLink[] = [
  { href: settingsHref, label: "Account Settings", icon: Settings },
  { href: "/dashboard/billing", label: "Billing & Plan", icon: CreditCard },
  { href: "/dashboard/activity", label: "Activity Log", icon: Activity },
  { href: "/dashboard/preferences", label: "Preferences", icon: SlidersHorizontal },
];

/** The link whose section contains `pathname` (Dashboard only for /dashboard itself). */
export function isActiveLink(href: string, pathname: string): boolean {
  if (href === dashboardHome) return pathname === dashboardHome;
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The six section pages that wait for their own issues: what each will show. */
export const dashboardSections = {
  hosting: {
    title: "Hosting Status",
    description: "Your hosted bots' servers will appear here, with CPU, memory, uptime and restart controls.",
  },
  analytics: {
    title: "Analytics",
    description: "Command usage, uptime and activity for each of your bots will appear here once they are running.",
  },
  integrations: {
    title: "Integrations",
    description: "The services you connect to your bots, and their webhook settings, will appear here.",
  },
  tools: {
    title: "Tools",
    description: "Utilities for building, testing and maintaining your bots will appear here.",
  },
  archive: {
    title: "Archive",
    description: "Bots, configurations and backups you archive will appear here, ready to restore or download.",
  },
  support: {
    title: "Support",
    description: "Your support tickets and answers to common questions will appear here.",
  },
} satisfies Record<string, { title: string; description: string }>;
