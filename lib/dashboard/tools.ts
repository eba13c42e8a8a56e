/** Tools and Utilities (spec: tool cards with a category and Available / Pro Only status). */
import {
  Archive,
  Code2,
  Database,
  FlaskConical,
  History,
  KeyRound,
  ShieldCheck,
  Upload,
  type LucideIcon,
} from "lucide-react";

export const toolCategories = ["Development", "Data", "Monitoring", "Deployment", "Security"] as const;
export type ToolCategory = (typeof toolCategories)[number];

export interface Tool {
  id: string;
  name: string;
  description: string;
  icon: LucideIcon;
  category: ToolCategory;
  status: "Available" | "Pro Only";
  /**
   * Where Launch goes. `bot` tools open on one of the user's bots (`/dashboard/bots/<id><href>`),
   * chosen in a picker; `page` tools go straight to `href`.
   */
  launch?: { kind: "bot"; path: string } | { kind: "page"; href: string };
}

export const tools: Tool[] = [
  {
    id: "code-editor",
    name: "Code Editor",
    description: "Edit a bot's files in the browser with highlighting, search, syntax checks and versions.",
    icon: Code2,
    category: "Development",
    status: "Available",
    launch: { kind: "bot", path: "/code" },
  },
  {
    id: "migration",
    name: "Bot Migration",
    description: "Import a Bot Designer for Discord export, discord.js or discord.py code, or a zipped project.",
    icon: Upload,
    category: "Development",
    status: "Available",
    launch: { kind: "page", href: "/bot-migration" },
  },
  {
    id: "database",
    name: "Database Browser",
    description: "Browse, search and edit the keys a bot keeps in its built-in database.",
    icon: Database,
    category: "Data",
    status: "Available",
    launch: { kind: "bot", path: "/database" },
  },
  {
    id: "export",
    name: "Archive & Export",
    description: "Download a bot with its code, versions and settings as a file, or bring a deleted bot back.",
    icon: Archive,
    category: "Data",
    status: "Available",
    launch: { kind: "page", href: "/dashboard/archive" },
  },
  {
    id: "versions",
    name: "Version History",
    description: "Compare any saved version of a bot with its current code and restore it.",
    icon: History,
    category: "Monitoring",
    status: "Available",
    launch: { kind: "bot", path: "/history" },
  },
  {
    id: "token-check",
    name: "Token Check",
    description: "Ask Discord whose token a bot has, without the token ever reaching your browser.",
    icon: ShieldCheck,
    category: "Security",
    status: "Available",
    launch: { kind: "bot", path: "" },
  },
  {
    id: "simulator",
    name: "Discord Simulator",
    description:
      "See your simulated Discord server: channels, members, roles, recent messages and bans. Add members or reset it.",
    icon: FlaskConical,
    category: "Deployment",
    status: "Available",
    launch: { kind: "page", href: "/dashboard/tools/simulator" },
  },
  {
    id: "api-keys",
    name: "API Keys",
    description: "Keys for the Cipher REST API, to manage bots from your own scripts and CI.",
    icon: KeyRound,
    category: "Security",
    status: "Pro Only",
    launch: { kind: "page", href: "/dashboard/tools/api-keys" },
  },
];

export const quickActions: { label: string; href: string }[] = [
  { label: "Create New Bot", href: "/dashboard/bots/new" },
  { label: "Import Existing Bot", href: "/bot-migration" },
  { label: "Open a Support Ticket", href: "/dashboard/support" },
  { label: "View Activity Log", href: "/dashboard/activity" },
];
