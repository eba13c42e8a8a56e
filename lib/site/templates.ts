import { Coins, Music, ShieldCheck, TerminalSquare, type LucideIcon } from "lucide-react";

/** The starter templates of /templates (spec sections 1 and 3). */
export type TemplateCategory = "Moderation" | "Entertainment" | "Gaming" | "Utility";

export interface BotTemplate {
  slug: string;
  name: string;
  category: TemplateCategory;
  description: string;
  icon: LucideIcon;
  features: string[];
}

export const templates: BotTemplate[] = [
  {
    slug: "moderation-bot",
    name: "Moderation Bot",
    category: "Moderation",
    description:
      "Keep your server safe with a strike ladder, timeouts, auto-mod filters and a log channel for your staff.",
    icon: ShieldCheck,
    features: [
      "Warn, timeout, kick and ban commands",
      "Automatic strike ladder",
      "Spam, link and word filters",
      "Mod log channel",
    ],
  },
  {
    slug: "music-bot",
    name: "Music Bot",
    category: "Entertainment",
    description: "Play music in your voice channels with a shared queue, skip voting and now-playing cards.",
    icon: Music,
    features: ["Queue, pause, resume and skip", "Skip voting", "Now-playing cards", "Volume and loop controls"],
  },
  {
    slug: "economy-bot",
    name: "Economy Bot",
    category: "Gaming",
    description: "Give your community a currency to earn and spend, with daily rewards, a shop and leaderboards.",
    icon: Coins,
    features: [
      "Balances in the built-in database",
      "Daily and weekly rewards",
      "Item shop and inventory",
      "Server leaderboard",
    ],
  },
  {
    slug: "custom-commands",
    name: "Custom Commands",
    category: "Utility",
    description: "Create your own slash commands, auto-responses and embeds for anything your server needs.",
    icon: TerminalSquare,
    features: ["Custom slash commands", "Keyword auto-responses", "Rich embed builder", "Role-restricted commands"],
  },
];

/** Where "Use Template" leads: sign-up, carrying the template to start from. */
export function templateSignupHref(template: Pick<BotTemplate, "slug">): string {
  return `/signup?template=${encodeURIComponent(template.slug)}`;
}
