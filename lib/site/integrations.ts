import { Database, GitBranch, Music, Radio, ShieldAlert, Video, type LucideIcon } from "lucide-react";

import type { ProductStatus } from "./status";

/**
 * The six integration cards of /integrations (spec section 1), named by kind, not by brand. None
 * is a first-class connector yet, so all say Coming Soon, as /features and the chat widget do;
 * a bot's own code can already call any of these services over HTTPS.
 */
export interface Integration {
  name: string;
  description: string;
  status: ProductStatus;
  icon: LucideIcon;
  examples: string[];
}

export const integrations: Integration[] = [
  {
    name: "Music Streaming",
    description: "Search tracks, share what you are listening to and build playlists from a music streaming service.",
    status: "Coming Soon",
    icon: Music,
    examples: ["Track and album search", "Now-playing cards", "Shared playlists"],
  },
  {
    name: "Video Platform",
    description: "Announce new uploads from the channels your community follows, the moment they go public.",
    status: "Coming Soon",
    icon: Video,
    examples: ["New-upload alerts", "Video lookups", "Creator role pings"],
  },
  {
    name: "Live Streaming",
    description: "Tell your members when a streamer goes live and give streamers a role while they are on air.",
    status: "Coming Soon",
    icon: Radio,
    examples: ["Go-live alerts", "Live role", "Stream schedule posts"],
  },
  {
    name: "Code Hosting",
    description: "Post commits, pull requests, issues and releases from your repositories into the right channels.",
    status: "Coming Soon",
    icon: GitBranch,
    examples: ["Commit and release feeds", "Issue lookups", "Review reminders"],
  },
  {
    name: "Database APIs",
    description: "Read and write your own data over REST or SQL APIs, alongside the database built into every bot.",
    status: "Coming Soon",
    icon: Database,
    examples: ["REST and SQL connectors", "Credentials as secret variables", "Scheduled syncs"],
  },
  {
    name: "Moderation APIs",
    description: "Screen messages and images with content-classification services before they reach your members.",
    status: "Coming Soon",
    icon: ShieldAlert,
    examples: ["Toxicity scoring", "Image screening", "Automatic escalation"],
  },
];
