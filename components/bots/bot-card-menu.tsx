"use client";

import { Code2, Eye, MoreVertical, Settings, Trash2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

import { DeleteBotDialog } from "./delete-bot-button";

/** A bot card's menu: View Details, Edit Bot, Settings, Delete Bot (spec, My Bots). */
export function BotCardMenu({ botId, botName }: { botId: string; botName: string }) {
  const [deleting, setDeleting] = useState(false);
  const base = `/dashboard/bots/${botId}`;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={`Actions for ${botName}`}>
            <MoreVertical />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem asChild>
            <Link href={base}>
              <Eye /> View Details
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href={`${base}/code`}>
              <Code2 /> Edit Bot
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href={`${base}/settings`}>
              <Settings /> Settings
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(true)}>
            <Trash2 /> Delete Bot
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DeleteBotDialog botId={botId} botName={botName} open={deleting} onOpenChange={setDeleting} />
    </>
  );
}
