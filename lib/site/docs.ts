import {
  BookOpen,
  Braces,
  GraduationCap,
  LayoutTemplate,
  MessagesSquare,
  Rocket,
  Sparkles,
  type LucideIcon,
} from "lucide-react";

/** Sections and quick links of /docs (spec section 2). */
export interface DocsSection {
  title: string;
  description: string;
  href: string;
  icon: LucideIcon;
  topics: string[];
}

export const docsSections: DocsSection[] = [
  {
    title: "Getting Started",
    description: "Create an account, connect your bot token and have your first bot online in minutes.",
    href: "/getting-started",
    icon: Rocket,
    topics: ["Create your account", "Connect a bot token", "Build your first bot"],
  },
  {
    title: "API Reference",
    description: "Manage bots, commands and analytics from your own tools with the versioned REST API.",
    href: "/api",
    icon: Braces,
    topics: ["Authentication with API keys", "Bots and commands", "Usage and performance"],
  },
  {
    title: "Advanced Features",
    description: "Go further with the code editor, the built-in database, webhooks and team collaboration.",
    href: "/advanced-features",
    icon: Sparkles,
    topics: ["Versions and rollback", "Webhooks", "Health checks and restarts"],
  },
  {
    title: "Tutorials",
    description: "Step-by-step guides to moderation, music, custom commands, integrations and monitoring.",
    href: "/tutorials",
    icon: GraduationCap,
    topics: ["Build a moderation bot", "Custom commands", "Analytics and monitoring"],
  },
];

export interface QuickLink {
  label: string;
  description: string;
  href: string;
  icon: LucideIcon;
  external?: boolean;
}

export const communityInviteUrl = "https://discord.gg/cipher";

export const docsQuickLinks: QuickLink[] = [
  {
    label: "API Reference",
    description: "Endpoints, authentication and examples.",
    href: "/api",
    icon: BookOpen,
  },
  {
    label: "Bot Templates",
    description: "Start from a moderation, music, economy or commands bot.",
    href: "/templates",
    icon: LayoutTemplate,
  },
  {
    label: "Community Server",
    description: "Ask questions and share what you build.",
    href: communityInviteUrl,
    icon: MessagesSquare,
    external: true,
  },
];
