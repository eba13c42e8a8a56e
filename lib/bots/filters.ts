/** The sidebar's Filters group (spec: Active Bots, Last Updated, High Usage), applied on My Bots. */
import { Activity, Clock, Zap, type LucideIcon } from "lucide-react";

export const botFilterIds = ["active", "recent", "usage"] as const;
export type BotFilter = (typeof botFilterIds)[number];

export const botFilters: { id: BotFilter; label: string; icon: LucideIcon; description: string }[] = [
  { id: "active", label: "Active Bots", icon: Zap, description: "Bots that are running or set to run." },
  { id: "recent", label: "Last Updated", icon: Clock, description: "Bots changed in the last 7 days, newest first." },
  {
    id: "usage",
    label: "High Usage",
    icon: Activity,
    // The runner's metrics (CPU, commands) replace this measure once hosting records them.
    description: "Bots using the most built-in database storage, most first.",
  },
];

export function parseBotFilter(value: string | undefined): BotFilter | undefined {
  return (botFilterIds as readonly string[]).includes(value ?? "") ? (value as BotFilter) : undefined;
}

export const recentDays = 7;
