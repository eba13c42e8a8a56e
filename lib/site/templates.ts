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
      "Keep your server safe with /warn and an automatic strike ladder: a warning, a 1-hour timeout, a 24-hour ban, then a permanent ban.",
    icon: ShieldCheck,
    features: [
      "/warn, /strikes and /clearstrikes",
      "Automatic strike ladder",
      "/purge up to 100 messages",
      "Actions posted to #mod-log",
    ],
  },
  {
    slug: "music-bot",
    name: "Music Bot",
    category: "Entertainment",
    description:
      "A song queue for each server: /play, /queue, /skip and /stop keep the list. It does not play audio: add a voice library to make it play (the code shows where).",
    icon: Music,
    features: ["/play adds to the queue", "/queue shows what is next", "/skip and /stop", "No audio playback yet"],
  },
  {
    slug: "economy-bot",
    name: "Economy Bot",
    category: "Gaming",
    description: "Give your community a currency to earn and share, with daily rewards and a leaderboard.",
    icon: Coins,
    features: [
      "Balances in the built-in database",
      "/daily reward every 24 hours",
      "/pay another member",
      "Server /leaderboard",
    ],
  },
  {
    slug: "custom-commands",
    name: "Custom Commands",
    category: "Utility",
    description: "Teach the bot your server's answers: add a trigger and a reply, and the bot responds to it.",
    icon: TerminalSquare,
    features: [
      "/cc add, /cc remove, /cc list",
      "Trigger-and-reply responses",
      "Stored in the built-in database",
      "Editable by Manage Server only",
    ],
  },
];

/**
 * Where "Open in Builder" leads: the template's card on Create New Bot, where the language is
 * chosen (signed-out visitors sign in first and land on the same page).
 */
export function templateBuilderHref(template: Pick<BotTemplate, "slug">): string {
  return `/dashboard/bots/new#${encodeURIComponent(template.slug)}`;
}
