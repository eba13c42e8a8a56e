import { Blocks, Code2, Database, FlaskConical, Plug, ShieldCheck, type LucideIcon } from "lucide-react";

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
      "Describe commands, events and permissions in plain words, then review them as clear building blocks before a line of code is written.",
    status: "Available",
    icon: Blocks,
    highlights: ["Slash commands, buttons and menus", "Events and scheduled tasks", "Permission checks per command"],
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
      "Strike ladders, timeouts, auto-mod filters and an audit trail your staff can trust, set up by describing your rules.",
    status: "Available",
    icon: ShieldCheck,
    highlights: ["Warnings, timeouts and bans", "Word, link and spam filters", "A log of every action"],
  },
  {
    name: "Real-time Testing",
    description:
      "Try your bot in a chat-platform simulator before it meets your members: send commands, click buttons and watch the replies.",
    status: "Coming Soon",
    icon: FlaskConical,
    highlights: [
      "A simulated server and members",
      "No risk to your real community",
      "Replay a conversation after a change",
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
