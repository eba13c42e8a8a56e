import { ArrowLeft } from "lucide-react";
import Link from "next/link";

import { BotPowerControls } from "@/components/bots/bot-power-controls";
import { BotTabs } from "@/components/bots/bot-tabs";
import { InviteButton } from "@/components/bots/invite-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { getBotTemplate } from "@/lib/bots/templates";

export const languageLabels: Record<string, string> = {
  javascript: "JavaScript",
  typescript: "TypeScript",
  python: "Python",
};

/** Every bot page starts with this (the bot layout): Back to My Bots, the name, its badges and the bot's tabs. */
export function BotHeader({
  bot,
}: {
  bot: {
    id: string;
    name: string;
    description: string;
    status: string;
    desiredState: string;
    language: string;
    templateId: string | null;
  };
}) {
  const template = bot.templateId ? getBotTemplate(bot.templateId) : undefined;
  return (
    <div className="grid gap-3">
      <Button asChild variant="ghost" size="sm" className="-ml-2 justify-self-start text-muted-foreground">
        <Link href="/dashboard/bots">
          <ArrowLeft />
          My Bots
        </Link>
      </Button>
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{bot.name}</h1>
        {bot.description && <p className="text-muted-foreground">{bot.description}</p>}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BotPowerControls botId={bot.id} botName={bot.name} status={bot.status} desiredState={bot.desiredState} />
        <InviteButton botId={bot.id} botName={bot.name} />
      </div>
      <div className="flex flex-wrap gap-2 text-sm">
        <Badge variant="outline">{languageLabels[bot.language] ?? bot.language}</Badge>
        {template && <Badge variant="outline">Template: {template.name}</Badge>}
        {template?.limitation && (
          <Badge variant="outline" className="border-warning/50 bg-warning/15 text-amber-800 dark:text-warning">
            {template.limitation}
          </Badge>
        )}
      </div>
      <BotTabs botId={bot.id} />
    </div>
  );
}
