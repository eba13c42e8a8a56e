"use client";

import Link from "next/link";
import { useSelectedLayoutSegment } from "next/navigation";
import { useEffect, useRef } from "react";

import { cn } from "@/lib/utils";

export const botTabs = [
  { id: "overview", label: "Overview", segment: null },
  { id: "builder", label: "Builder", segment: "builder" },
  { id: "code", label: "Code", segment: "code" },
  { id: "test", label: "Test", segment: "test" },
  { id: "logs", label: "Logs", segment: "logs" },
  { id: "metrics", label: "Metrics", segment: "metrics" },
  { id: "history", label: "History", segment: "history" },
  { id: "database", label: "Database", segment: "database" },
  { id: "settings", label: "Settings", segment: "settings" },
] as const;

/**
 * The bot's tabs, in the bot layout: the active one is the route below it, so the bar itself never
 * re-renders on a tab change. On a narrow screen the strip scrolls and keeps the active tab in view.
 */
export function BotTabs({ botId }: { botId: string }) {
  const segment = useSelectedLayoutSegment();
  const active = botTabs.find((tab) => tab.segment === segment)?.id ?? "overview";
  const activeLink = useRef<HTMLAnchorElement>(null);
  const strip = useRef<HTMLElement>(null);

  useEffect(() => {
    // Only the strip scrolls, sideways, to show the active tab; the page never moves.
    const link = activeLink.current;
    const nav = strip.current;
    if (!link || !nav) return;
    const left = link.offsetLeft - nav.offsetLeft;
    if (left < nav.scrollLeft || left + link.offsetWidth > nav.scrollLeft + nav.clientWidth) {
      nav.scrollLeft = left - (nav.clientWidth - link.offsetWidth) / 2;
    }
  }, [active]);

  return (
    <nav ref={strip} aria-label="Bot sections" className="-mx-1 [scrollbar-width:thin] overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-border px-1">
        {botTabs.map((tab) => (
          <li key={tab.id}>
            <Link
              ref={tab.id === active ? activeLink : undefined}
              href={`/dashboard/bots/${botId}${tab.segment ? `/${tab.segment}` : ""}`}
              aria-current={tab.id === active ? "page" : undefined}
              className={cn(
                "-mb-px inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                tab.id === active
                  ? "border-primary text-foreground"
                  : "border-transparent text-muted-foreground hover:text-foreground",
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
