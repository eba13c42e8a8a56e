"use client";

import { AlertTriangle, Bot, MessageCircle } from "lucide-react";
import Link from "next/link";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { openSupportChat } from "@/lib/support/chat-events";

import { AgentCipherAvatar } from "./agent-cipher-avatar";

/** The top of the dashboard home: the greeting and Agent Cipher with the system badges. */
export function WelcomePanel({
  name,
  returning,
  activeBots,
  crashedBots,
}: {
  name: string;
  /** Seen the dashboard before: "Welcome back"; a new account's first visit: "Welcome". */
  returning: boolean;
  activeBots: number;
  /** Bots the runner marked crashed: the badge says so instead of 'All Systems Operational'. */
  crashedBots: number;
}) {
  return (
    <section
      aria-labelledby="welcome-heading"
      className="relative isolate grid gap-6 overflow-hidden rounded-2xl border border-primary/25 bg-card p-6 sm:p-8 lg:grid-cols-[1fr_auto] lg:items-center"
    >
      <div className="absolute -top-24 -right-16 -z-10 size-72 rounded-full bg-primary/20 blur-3xl" />
      <div className="absolute inset-0 -z-10 bg-grid [mask-image:linear-gradient(to_right,black,transparent_70%)]" />

      <div className="grid min-w-0 gap-3">
        <p className="text-sm font-medium text-primary">Mission briefing</p>
        <h1 id="welcome-heading" className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          {returning ? "Welcome back" : "Welcome"},{" "}
          <span className="text-gradient [overflow-wrap:anywhere]">Commander {name}</span>
        </h1>
        <p className="max-w-xl text-muted-foreground">
          Build, host and watch your Discord bots from here. Agent Cipher is standing by.
        </p>
        <div className="mt-1 flex flex-wrap gap-2">
          {crashedBots > 0 ? (
            <Badge
              asChild
              variant="outline"
              className="border-destructive/40 bg-destructive/10 text-red-700 dark:text-red-300"
            >
              <Link href="/dashboard/bots">
                <AlertTriangle />
                {crashedBots} {crashedBots === 1 ? "Bot Needs" : "Bots Need"} Attention
              </Link>
            </Badge>
          ) : (
            <Badge variant="outline" className="border-success/30 bg-success/10 text-success">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-success" />
              All Systems Operational
            </Badge>
          )}
          <Badge variant="outline" className="border-primary/30 bg-primary/10 text-primary">
            <Bot />
            {activeBots} {activeBots === 1 ? "Bot" : "Bots"} Active
          </Badge>
        </div>
      </div>

      <div className="flex items-center gap-4 rounded-xl border border-border/60 bg-background/60 p-4 lg:w-80">
        <AgentCipherAvatar className="size-16 shrink-0" />
        <div className="grid min-w-0 gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-semibold">Agent Cipher</p>
            <Badge variant="outline" className="border-success/30 bg-success/10 text-success">
              <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-success" />
              Online
            </Badge>
          </div>
          <Button size="sm" onClick={() => openSupportChat()} className="justify-self-start">
            <MessageCircle />
            Chat with Cipher
          </Button>
        </div>
      </div>
    </section>
  );
}
