"use client";

import { Plus } from "lucide-react";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useId } from "react";

import { useLiveBotCounts } from "@/components/bots/live-status";
import { Button } from "@/components/ui/button";
import { botFilters } from "@/lib/bots/filters";
import { dashboardHome, dashboardNav, isActiveLink } from "@/lib/dashboard/navigation";
import { cn } from "@/lib/utils";

import { BrandMark } from "./brand-mark";

/**
 * The sidebar's contents: brand, Create New Bot, the Navigation and Filters groups. Rendered in
 * the desktop column (optionally collapsed to icons) and in the narrow-screen drawer.
 */
export interface SidebarCounts {
  total: number;
  online: number;
}

const createBotHref = "/dashboard/bots/new";

/** What a navigation link shows beside its label: real counts of the user's bots. */
function badgeFor(href: string, counts: SidebarCounts): { text: string; label: string } | undefined {
  if (href === "/dashboard/bots") return { text: String(counts.total), label: `${counts.total} bots` };
  if (href === "/dashboard/hosting") return { text: `${counts.online} online`, label: `${counts.online} online` };
  return undefined;
}

export function DashboardSidebar({
  collapsed = false,
  counts,
  onNavigate,
}: {
  collapsed?: boolean;
  counts: SidebarCounts;
  onNavigate?: () => void;
}) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const liveCounts = useLiveBotCounts(counts);
  // The sidebar renders twice (column and drawer); ids must differ.
  const badgeIdPrefix = useId();
  const activeFilter = pathname === "/dashboard/bots" ? searchParams.get("filter") : null;

  return (
    <div className="flex h-full flex-col gap-6 overflow-y-auto px-3 py-4">
      <Link
        href={dashboardHome}
        onClick={onNavigate}
        aria-label="Cipher dashboard"
        className={cn(
          "flex items-center gap-2.5 rounded-md px-1.5 py-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
          collapsed && "justify-center px-0",
        )}
      >
        <BrandMark className="size-8 shrink-0" />
        {!collapsed && (
          <span className="grid leading-tight">
            <span className="text-base font-semibold tracking-tight">Cipher</span>
            <span className="text-xs text-muted-foreground">Bot Command Center</span>
          </span>
        )}
      </Link>

      <Button asChild className={cn("shadow-[0_0_24px_var(--glow)]", collapsed ? "size-10 self-center p-0" : "w-full")}>
        <Link href={createBotHref} onClick={onNavigate} aria-label={collapsed ? "Create New Bot" : undefined}>
          <Plus />
          {!collapsed && "Create New Bot"}
        </Link>
      </Button>

      <nav aria-labelledby="dashboard-nav-heading" className="grid gap-2">
        <h2
          id="dashboard-nav-heading"
          className={cn(
            "px-2 text-xs font-medium tracking-wider text-muted-foreground uppercase",
            collapsed && "sr-only",
          )}
        >
          Navigation
        </h2>
        <ul className="grid gap-1">
          {dashboardNav.map(({ href, label, icon: Icon }) => {
            const active = isActiveLink(href, pathname);
            const badge = badgeFor(href, liveCounts);
            return (
              <li key={href}>
                <Link
                  href={href}
                  onClick={onNavigate}
                  aria-current={active ? "page" : undefined}
                  // The name stays the section's label; the count is its description.
                  aria-label={badge ? label : undefined}
                  aria-describedby={badge ? `${badgeIdPrefix}-${href.replaceAll("/", "-")}` : undefined}
                  title={collapsed ? label : undefined}
                  className={cn(
                    "flex items-center gap-3 rounded-md px-2 py-2 text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                    active && "bg-primary/15 font-medium text-foreground ring-1 ring-primary/30 ring-inset",
                    collapsed && "justify-center",
                  )}
                >
                  <Icon aria-hidden="true" className={cn("size-4 shrink-0", active && "text-primary")} />
                  <span className={cn("flex-1", collapsed && "sr-only")}>{label}</span>
                  {badge && (
                    <span
                      id={`${badgeIdPrefix}-${href.replaceAll("/", "-")}`}
                      className={cn(
                        "rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground tabular-nums",
                        collapsed && "sr-only",
                      )}
                    >
                      {collapsed ? badge.label : badge.text}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {!collapsed && (
        <section aria-labelledby="dashboard-filters-heading" className="grid gap-2">
          <h2
            id="dashboard-filters-heading"
            className="px-2 text-xs font-medium tracking-wider text-muted-foreground uppercase"
          >
            Filters
          </h2>
          <ul className="grid gap-1">
            {botFilters.map(({ id, label, icon: Icon, description }) => {
              const active = activeFilter === id;
              return (
                <li key={id}>
                  <Link
                    href={active ? "/dashboard/bots" : `/dashboard/bots?filter=${id}`}
                    onClick={onNavigate}
                    aria-current={active ? "true" : undefined}
                    title={description}
                    className={cn(
                      "flex w-full items-center gap-3 rounded-md px-2 py-2 text-left text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                      active && "bg-primary/15 font-medium text-foreground ring-1 ring-primary/30 ring-inset",
                    )}
                  >
                    <Icon aria-hidden="true" className={cn("size-4 shrink-0", active && "text-primary")} />
                    <span className="flex-1">{label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
