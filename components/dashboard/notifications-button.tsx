"use client";

import { Bell, BellOff } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";

/** The top bar's bell. Nothing sends notifications yet, so it says so. */
export function NotificationsButton() {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Notifications">
          <Bell className="size-5" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-64">
        <div className="flex flex-col items-center gap-2 py-4 text-center">
          <BellOff aria-hidden="true" className="size-6 text-muted-foreground" />
          <p className="text-sm font-medium">No notifications yet</p>
          <p className="text-xs text-muted-foreground">Alerts about your bots will show up here.</p>
        </div>
      </PopoverContent>
    </Popover>
  );
}
