"use client";

import { Menu, PanelLeftClose, PanelLeftOpen } from "lucide-react";

import { Button } from "@/components/ui/button";

import { NotificationsButton } from "./notifications-button";
import { SearchBox } from "./search/search-box";
import { UserMenu } from "./user-menu";

export interface DashboardAccount {
  initial: string;
  name: string;
  email: string;
}

/** The bar above every dashboard page: drawer/collapse toggle, search, notifications, user menu. */
export function DashboardTopBar({
  account,
  collapsed,
  onToggleCollapsed,
  onOpenDrawer,
}: {
  account: DashboardAccount;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  onOpenDrawer: () => void;
}) {
  return (
    <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b border-border/60 bg-background/80 px-3 backdrop-blur-xl sm:gap-3 sm:px-6">
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open navigation"
        aria-haspopup="dialog"
        onClick={onOpenDrawer}
      >
        <Menu className="size-5" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="hidden md:inline-flex"
        aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
        aria-keyshortcuts="Control+B Meta+B"
        title={`${collapsed ? "Expand" : "Collapse"} sidebar (Ctrl+B)`}
        onClick={onToggleCollapsed}
      >
        {collapsed ? <PanelLeftOpen className="size-5" /> : <PanelLeftClose className="size-5" />}
      </Button>

      <div role="search" className="flex max-w-md min-w-0 flex-1">
        <SearchBox />
      </div>

      <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
        <NotificationsButton />
        <UserMenu {...account} />
      </div>
    </header>
  );
}
