import {
  Blocks,
  Code2,
  Database,
  FlaskConical,
  Plug,
  Server,
  ShieldCheck,
  Sparkles,
  Terminal,
  type LucideIcon,
} from "lucide-react";

import type { ProductStatus } from "./status";

/** The six feature cards of /features (spec sections 1 and 3). */
export interface ProductFeature {
  name: string;
  description: string;
  status: ProductStatus;
  icon: LucideIcon;
  highlights: string[];
}

export const features: ProductFeature[] = [
  {
    name: "Visual Bot Builder",
    description:
      "Build commands, events and permissions as clear building blocks, no code needed. Cipher turns them into readable discord.js or discord.py code you can open, edit and host, and Check it runs that code in a private test server to prove every command and event does what you built.",
    status: "Available",
    icon: Blocks,
    highlights: [
      "Slash commands, buttons and menus",
      "Events and scheduled tasks",
      "Permission checks per command",
      "Check it: every command tried in a test server",
    ],
  },
  {
    name: "Custom Code Editor",
    description:
      "Open the code Cipher writes, in JavaScript (discord.js) or Python, and change anything in a full editor in your browser.",
    status: "Available",
    icon: Code2,
    highlights: ["Syntax highlighting and autocompletion", "Every save kept as a version", "Roll back in one click"],
  },
  {
    name: "Built-in Database",
    description:
      "Store per-server settings, economy balances, strikes and levels without renting or configuring a database yourself.",
    status: "Available",
    icon: Database,
    highlights: ["Ready the moment your bot starts", "Per-server and per-member data", "Browse and edit records"],
  },
  {
    name: "Advanced Moderation",
    description:
      "Strike ladders, timeouts, bans and auto-mod filters, built in the Visual Bot Builder or started from the Moderation Bot template, with every strike posted to #mod-log.",
    status: "Available",
    icon: ShieldCheck,
    highlights: ["Warnings, timeouts and bans", "Word and pattern filters", "Strikes logged in #mod-log"],
  },
  {
    name: "Real-time Testing",
    description:
      "Try your bot in a chat-platform simulator before it meets your members: send commands, click buttons and watch the replies.",
    status: "Available",
    icon: FlaskConical,
    highlights: [
      "A simulated server of its own for each bot, or one they share",
      "No risk to your real community",
      "Buttons, menus and forms to use",
    ],
  },
  {
    name: "Third-party Integrations",
    description:
      "Connect your bot to music, video, live-streaming and code-hosting services and to your own APIs with ready-made connectors.",
    status: "Coming Soon",
    icon: Plug,
    highlights: ["Go-live and new-upload alerts", "Repository notifications", "Secrets kept encrypted"],
  },
];

/** Beyond the six cards: what the rest of the platform does today, each with where to read more. */
export interface PlatformFeature {
  name: string;
  description: string;
  icon: LucideIcon;
  href: string;
  linkLabel: string;
}

export const platformFeatures: PlatformFeature[] = [
  {
    name: "Describe it, Cipher writes it",
    description:
      "Say what your bot should do in plain words. The AI builder turns it into blocks you can check, writes the code, and tries every command in a test server before you keep it.",
    icon: Sparkles,
    href: "/getting-started",
    linkLabel: "How to start",
  },
  {
    name: "Hosting with live logs and metrics",
    description:
      "Paste your bot token and Cipher runs the bot for you, restarts it after a crash, and shows its logs, CPU, memory and command analytics as they happen.",
    icon: Server,
    href: "/docs",
    linkLabel: "Read the docs",
  },
  {
    name: "REST API and command line",
    description:
      "Create, deploy, start and watch your bots from scripts and CI, or from your terminal with the Cipher CLI, with API keys (in the trial, and on Core and up).",
    icon: Terminal,
    href: "/api",
    linkLabel: "See the API",
  },
];
