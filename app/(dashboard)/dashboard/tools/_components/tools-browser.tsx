"use client";

import { ArrowRight, Bot, Lock } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toolCategories, tools, type Tool, type ToolCategory } from "@/lib/dashboard/tools";
import { cn } from "@/lib/utils";

/**
 * Category filter buttons and the tool cards; bot tools ask which bot to open. Pro Only tools open
 * when the plan includes them (`proUnlocked`), else their Upgrade goes to Billing & Plan.
 */
export function ToolsBrowser({ bots, proUnlocked }: { bots: { id: string; name: string }[]; proUnlocked: boolean }) {
  const router = useRouter();
  const [category, setCategory] = useState<ToolCategory | "All">("All");
  const [picking, setPicking] = useState<Tool | null>(null);
  const shown = category === "All" ? tools : tools.filter((tool) => tool.category === category);

  const launch = (tool: Tool) => {
    if (!tool.launch) return;
    if (tool.launch.kind === "page") return router.push(tool.launch.href);
    if (bots.length === 1) return router.push(`/dashboard/bots/${bots[0]!.id}${tool.launch.path}`);
    setPicking(tool);
  };

  return (
    <div className="grid gap-4">
      <div role="group" aria-label="Filter tools by category" className="flex flex-wrap gap-2">
        {(["All", ...toolCategories] as const).map((option) => (
          <Button
            key={option}
            type="button"
            size="sm"
            variant={category === option ? "default" : "outline"}
            aria-pressed={category === option}
            onClick={() => setCategory(option)}
          >
            {option}
          </Button>
        ))}
      </div>

      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {shown.map((tool) => {
          const pro = tool.status === "Pro Only" && !proUnlocked;
          return (
            <li key={tool.id} className="flex flex-col gap-3 rounded-xl border border-border bg-card/60 p-5">
              <div className="flex items-start justify-between gap-3">
                <span
                  className={cn(
                    "grid size-10 place-items-center rounded-lg",
                    pro ? "bg-muted text-muted-foreground" : "bg-primary/10 text-primary",
                  )}
                >
                  <tool.icon aria-hidden="true" className="size-5" />
                </span>
                <Badge
                  variant="outline"
                  className={
                    tool.status === "Pro Only" ? "border-amber-500/50 text-amber-800 dark:text-amber-300" : undefined
                  }
                >
                  {tool.status}
                </Badge>
              </div>
              <div className="grid flex-1 gap-1">
                <h2 className="font-semibold">{tool.name}</h2>
                <p className="text-sm text-muted-foreground">{tool.description}</p>
                <p className="text-xs text-muted-foreground">{tool.category}</p>
              </div>
              {pro ? (
                // The spec's disabled Upgrade: plans cannot be bought yet, so there is nowhere to send anyone.
                <div className="grid justify-items-start gap-1">
                  <Button type="button" variant="outline" disabled>
                    <Lock /> Upgrade<span className="sr-only"> for {tool.name}</span>
                  </Button>
                  <p className="text-xs text-muted-foreground">Comes with the trial and the Core plan and up.</p>
                </div>
              ) : (
                <Button
                  type="button"
                  className="justify-self-start"
                  onClick={() => launch(tool)}
                  disabled={tool.launch?.kind === "bot" && bots.length === 0}
                  title={tool.launch?.kind === "bot" && bots.length === 0 ? "Create a bot first" : undefined}
                >
                  Launch<span className="sr-only"> {tool.name}</span> <ArrowRight />
                </Button>
              )}
            </li>
          );
        })}
      </ul>

      <Dialog open={picking !== null} onOpenChange={(open) => !open && setPicking(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Open {picking?.name} for…</DialogTitle>
            <DialogDescription>Choose one of your bots.</DialogDescription>
          </DialogHeader>
          <ul className="grid max-h-80 gap-1 overflow-y-auto">
            {bots.map((bot) => (
              <li key={bot.id}>
                <Link
                  href={`/dashboard/bots/${bot.id}${picking?.launch?.kind === "bot" ? picking.launch.path : ""}`}
                  onClick={() => setPicking(null)}
                  className="flex items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <Bot aria-hidden="true" className="size-4 text-muted-foreground" />
                  {bot.name}
                </Link>
              </li>
            ))}
          </ul>
        </DialogContent>
      </Dialog>
    </div>
  );
}
