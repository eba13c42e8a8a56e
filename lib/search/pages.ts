/**
 * The dashboard's pages and settings the search box finds by name or by what they hold. Static
 * data with no server imports, so the palette can show it before anything is typed.
 */
import type { SearchResult } from "./types";

interface SearchablePage {
  title: string;
  href: string;
  /** What the page is for, shown under the title. */
  subtitle: string;
  /** Other words a user might type to reach it. */
  keywords: string[];
}

export const searchablePages: SearchablePage[] = [
  { title: "Dashboard", href: "/dashboard", subtitle: "Mission Control", keywords: ["home", "overview"] },
  { title: "My Bots", href: "/dashboard/bots", subtitle: "Every bot you own", keywords: ["bots", "list"] },
  {
    title: "Create New Bot",
    href: "/dashboard/bots/new",
    subtitle: "Start from a template or a blank bot",
    keywords: ["new", "add", "template", "build"],
  },
  {
    title: "Hosting",
    href: "/dashboard/hosting",
    subtitle: "Hosting status of your bots",
    keywords: ["servers", "deploy", "uptime", "status"],
  },
  {
    title: "Analytics",
    href: "/dashboard/analytics",
    subtitle: "Usage and stats",
    keywords: ["stats", "usage", "metrics", "charts"],
  },
  {
    title: "Integrations",
    href: "/dashboard/integrations",
    subtitle: "Connected services and webhooks",
    keywords: ["webhook", "connect", "services"],
  },
  { title: "Tools", href: "/dashboard/tools", subtitle: "Utilities for your bots", keywords: ["utilities"] },
  {
    title: "Archive",
    href: "/dashboard/archive",
    subtitle: "Deleted bots, ready to restore",
    keywords: ["deleted", "restore", "backup", "trash"],
  },
  {
    title: "Support",
    href: "/dashboard/support",
    subtitle: "Tickets and help",
    keywords: ["help", "tickets", "faq", "contact"],
  },
  {
    title: "Account Settings",
    href: "/dashboard/settings",
    subtitle: "Profile, password, delete account",
    keywords: ["settings", "profile", "password", "username", "account", "delete"],
  },
  {
    title: "Billing & Plan",
    href: "/dashboard/billing",
    subtitle: "Your plan, limits and usage",
    keywords: ["billing", "plan", "trial", "credits", "pricing", "subscription", "upgrade"],
  },
  {
    title: "Activity Log",
    href: "/dashboard/activity",
    subtitle: "What was done on your account",
    keywords: ["activity", "audit", "logs", "history", "sign-in", "security"],
  },
  {
    title: "Preferences",
    href: "/dashboard/preferences",
    subtitle: "Theme and email notifications",
    keywords: ["preferences", "theme", "dark", "light", "email", "notifications"],
  },
];

function asResult(page: SearchablePage): SearchResult {
  return { id: `page:${page.href}`, title: page.title, subtitle: page.subtitle, href: page.href };
}

/** Pages whose title or keywords contain the query, case-insensitively; title matches first. */
export function matchPages(query: string, limit: number): SearchResult[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const byTitle = searchablePages.filter((page) => page.title.toLowerCase().includes(needle));
  const byKeyword = searchablePages.filter(
    (page) => !byTitle.includes(page) && page.keywords.some((keyword) => keyword.includes(needle)),
  );
  return [...byTitle, ...byKeyword].slice(0, limit).map(asResult);
}

/** What the palette offers before anything is typed. */
export const suggestedPages: SearchResult[] = [
  "/dashboard/bots",
  "/dashboard/bots/new",
  "/dashboard/settings",
  "/dashboard/billing",
  "/dashboard/activity",
  "/dashboard/preferences",
]
  .map((href) => searchablePages.find((page) => page.href === href))
  .filter((page): page is SearchablePage => page !== undefined)
  .map(asResult);
