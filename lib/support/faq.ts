/**
 * The support page's FAQ (spec: "A FAQ list with a search box and view counts"). Entries are
 * data; how often each was opened is counted in the FaqView table, keyed by `slug`.
 */
import { freeTrial } from "@/lib/site/pricing";

export interface FaqEntry {
  slug: string;
  question: string;
  answer: string;
  category: "Getting Started" | "Bots" | "Hosting" | "Security" | "Billing" | "Account";
}

export const faqEntries: FaqEntry[] = [
  {
    slug: "connect-bot-token",
    category: "Getting Started",
    question: "How do I connect my Discord bot?",
    answer:
      "Create an application in the Discord Developer Portal, add a bot user and copy its token. In Cipher, open the bot from My Bots and paste the token into the Bot token card. Verify checks it with Discord and shows which bot it belongs to.",
  },
  {
    slug: "bot-languages",
    category: "Bots",
    question: "Which languages can my bot be written in?",
    answer:
      "JavaScript and TypeScript with discord.js, or Python with discord.py. Choose the language when you create the bot; you can change it later under the bot's Settings, but Cipher does not convert existing code.",
  },
  {
    slug: "bot-offline",
    category: "Hosting",
    question: "Why is my bot offline?",
    answer:
      "A bot goes offline when it is stopped, has no token, or its code crashed. Open it from My Bots to check its status and that a token is set, fix the code in the Code tab, save with Ctrl+S (⌘+S on a Mac) and start it again. If it still will not stay online, open a ticket with the bot's name.",
  },
  {
    slug: "token-security",
    category: "Security",
    question: "Is my bot token stored securely?",
    answer:
      "Yes. Tokens are encrypted with AES-256-GCM before they are stored, and the dashboard only ever shows the last four characters. Only the runner decrypts a token, to start your bot. You can replace or remove a token at any time.",
  },
  {
    slug: "restore-old-version",
    category: "Bots",
    question: "Can I go back to an earlier version of my code?",
    answer:
      "Every save creates a version. Open the bot's History tab to compare any version with the current code and restore it; a restore is saved as a new version. Your plan keeps the latest saves (100 on the trial and Core); older ones drop off.",
  },
  {
    slug: "import-existing-bot",
    category: "Getting Started",
    question: "Can I import a bot I built somewhere else?",
    answer:
      "Yes. Use Migration (/bot-migration) or Create New Bot → Import to upload an export from a visual bot builder (.bd or .json) or your own code (.js, .ts, .py or .txt files, or a .zip of the project). You review what was detected before the bot is created.",
  },
  {
    slug: "built-in-database",
    category: "Bots",
    question: "Where can my bot store data?",
    answer:
      "Each bot has a built-in key-value database: get, set, delete, list keys by prefix and increment counters from your code. Browse and edit the keys in the bot's Database tab.",
  },
  {
    slug: "free-trial",
    category: "Billing",
    question: "What does the free trial include?",
    answer: `New accounts get a ${freeTrial.days}-day free trial with $${(freeTrial.creditsCents / 100).toFixed(0)} in credits. Plans start at $5 a month (Starter); Core adds hosted deployment and unlimited bots. See Pricing for every plan.`,
  },
  {
    slug: "change-password",
    category: "Account",
    question: "How do I change my password?",
    answer:
      "Open the user menu in the top bar and choose Account Settings. Changing your password signs you out on every other device.",
  },
];

export function isFaqSlug(slug: string): boolean {
  return faqEntries.some((entry) => entry.slug === slug);
}

/** Entries whose question, answer or category contain every word of `query` (case-insensitive). */
export function searchFaq(entries: FaqEntry[], query: string): FaqEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return entries;
  return entries.filter((entry) => {
    const text = `${entry.question} ${entry.answer} ${entry.category}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
