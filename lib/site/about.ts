/** Copy and data of /about (spec sections 1 and 2). Stats are marketing claims, not measurements. */
import { Eye, HeartHandshake, Lock, Sparkles, type LucideIcon } from "lucide-react";

export const aboutStats = [
  { value: "99.9%", label: "Uptime" },
  { value: "24/7", label: "Support" },
  { value: "4.9/5", label: "Average rating" },
  { value: "2.3M+", label: "Commands run" },
  { value: "50k+", label: "Builders" },
];

export const aboutStory = {
  eyebrow: "Our story",
  title: "Started in 2025 by people who run Discord communities",
  paragraphs: [
    "Cipher began in 2025 with a simple frustration. Running a Discord community meant either living with a generic bot that almost did what we needed, or spending weekends learning an API, renting a server and babysitting a process that crashed at 3 AM.",
    "Large language models had become good at writing code, but a snippet in a chat window is not a bot. It still needs a token, a place to run, logs when something breaks and a way to change it next week. So we built the whole path: describe the bot in plain words, get real discord.js or Python code, edit it in the browser, paste your token and press Start.",
    "Today Cipher is used by moderators, streamers, game studios, study groups and professional bot developers. Some never open the code editor; others rewrite every line. Both are exactly who we build for.",
  ],
};

export interface CompanyValue {
  title: string;
  description: string;
  icon: LucideIcon;
}

export const companyValues: CompanyValue[] = [
  {
    title: "You own your bot",
    description:
      "The code Cipher writes is yours: readable, exportable, and free of lock-in. Download it and run it anywhere, any time.",
    icon: Sparkles,
  },
  {
    title: "Security by default",
    description:
      "Bot tokens are encrypted before they are stored, every bot runs isolated from every other, and we never show a token again once it is saved.",
    icon: Lock,
  },
  {
    title: "No black boxes",
    description:
      "Live logs, metrics and a clear changelog for every version. When something goes wrong you should see why, not guess.",
    icon: Eye,
  },
  {
    title: "Communities first",
    description:
      "We build for the people who keep servers friendly and alive. Their feedback decides our roadmap, and a human answers support around the clock.",
    icon: HeartHandshake,
  },
];

export const founder = {
  name: "Alex Morgan",
  initials: "AM",
  role: "Founder & CEO",
  bio: [
    "Alex moderated gaming and study communities for years before writing their first bot, then spent far longer keeping it online than building it.",
    "Cipher is the tool Alex wished existed back then: one place where anyone can go from an idea to a bot that is running, monitored and safe with a token.",
  ],
  quote: "A great bot should take an afternoon to describe, not a month to build and a server to keep alive.",
};
