import { ArrowLeft } from "lucide-react";
import Link from "next/link";

import { BotPowerControls } from "@/components/bots/bot-power-controls";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { getBotTemplate } from "@/lib/bots/templates";
import { cn } from "@/lib/utils";

export const botTabs = [
  { id: "overview", label: "Overview", href: "" },
  { id: "builder", label: "Builder", href: "/builder" },
  { id: "code", label: "Code", href: "/code" },
  { id: "test", label: "Test", href: "/test" },
  { id: "logs", label: "Logs", href: "/logs" },
  { id: "metrics", label: "Metrics", href: "/metrics" },
  { id: "history", label: "History", href: "/history" },
  { id: "database", label: "Database", href: "/database" },
  { id: "settings", label: "Settings", href: "/settings" },
] as const;
export type BotTab = (typeof botTabs)[number]["id"];

export const languageLabels: Record<string, string> = {
  javascript: "JavaScript",
  typescript: "TypeScript",
  python: "Python",
};

/** Every bot page starts with this: Back to My Bots, the name, its badges and the bot's tabs. */
export function BotHeader({
  bot,
  active,
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
  active: BotTab;
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
      <BotPowerControls botId={bot.id} botName={bot.name} status={bot.status} desiredState={bot.desiredState} />
      <div className="flex flex-wrap gap-2 text-sm">
        <Badge variant="outline">{languageLabels[bot.language] ?? bot.language}</Badge>
        {template && <Badge variant="outline">Template: {template.name}</Badge>}
        {template?.limitation && (
          <Badge variant="outline" className="border-warning/40 bg-warning/10 text-warning">
            {template.limitation}
          </Badge>
        )}
      </div>
      <nav aria-label="Bot sections" className="-mx-1 overflow-x-auto">
        <ul className="flex min-w-max gap-1 border-b border-border px-1">
          {botTabs.map((tab) => (
            <li key={tab.id}>
              <Link
                href={`/dashboard/bots/${bot.id}${tab.href}`}
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
    </div>
  );
}
