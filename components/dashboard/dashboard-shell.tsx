"use client";

import { useEffect, useState } from "react";

import { ChatWidget } from "@/components/chat-widget/chat-widget";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { cn } from "@/lib/utils";

import { DashboardSidebar, type SidebarCounts } from "./dashboard-sidebar";
import { DashboardTopBar, type DashboardAccount } from "./dashboard-top-bar";
import { writeSidebarCookie } from "./sidebar-state";

const desktopQuery = "(min-width: 768px)";

/**
 * The signed-in area's frame. From 768 px the sidebar is a column that collapses to icons
 * (remembered for 7 days, toggled with Ctrl/⌘+B); below it, a drawer opened from the top bar.
 */
export function DashboardShell({
  account,
  defaultCollapsed,
  counts,
  children,
}: {
  account: DashboardAccount;
  defaultCollapsed: boolean;
  counts: SidebarCounts;
  children: React.ReactNode;
}) {
  const [collapsed, setCollapsed] = useState(defaultCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    const desktop = window.matchMedia(desktopQuery);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "b" || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey)
        return;
      event.preventDefault();
      if (desktop.matches) setCollapsed((value) => !value);
      else setDrawerOpen((open) => !open);
    };
    // The drawer is for narrow screens only: widening the window closes it.
    const onWidthChange = () => desktop.matches && setDrawerOpen(false);
    window.addEventListener("keydown", onKeyDown);
    desktop.addEventListener("change", onWidthChange);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      desktop.removeEventListener("change", onWidthChange);
    };
  }, []);

  useEffect(() => writeSidebarCookie(collapsed), [collapsed]);

  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-primary-fill px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>

      <aside
        aria-label="Sidebar"
        className={cn(
          "hidden shrink-0 border-r border-border/60 bg-card/40 transition-[width] duration-200 md:block",
          collapsed ? "w-16" : "w-64",
        )}
      >
        <div className="sticky top-0 h-dvh">
          <DashboardSidebar collapsed={collapsed} counts={counts} />
        </div>
      </aside>

      <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
        <SheetContent side="left" className="w-72 gap-0 p-0">
          <SheetTitle className="sr-only">Dashboard navigation</SheetTitle>
          <SheetDescription className="sr-only">Sections of your Cipher dashboard</SheetDescription>
          <DashboardSidebar counts={counts} onNavigate={() => setDrawerOpen(false)} />
        </SheetContent>
      </Sheet>

      <div className="flex min-w-0 flex-1 flex-col">
        <DashboardTopBar
          account={account}
          collapsed={collapsed}
          onToggleCollapsed={() => setCollapsed((value) => !value)}
          onOpenDrawer={() => setDrawerOpen(true)}
        />
        {/* The chat button floats bottom right: from 640 px the content keeps a gutter clear of it,
            and on a phone the page ends below it, so it never covers the last action. */}
        <main id="main" tabIndex={-1} className="flex-1 px-4 pt-6 pb-24 outline-none sm:pr-24 sm:pl-6 lg:pt-8 lg:pl-8">
          {children}
        </main>
      </div>
      {/* The same support chat as the public site: 'Chat with Cipher' and Live Chat open it. */}
      <ChatWidget />
    </div>
  );
}
