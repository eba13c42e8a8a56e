/** Copy and data of the landing page (spec sections 1 and 2). Marketing claims, not measurements. */

/**
 * The hero's examples. Each builds, offline, a bot that does what its words say
 * (lib/ai-builder/cases-examples.ts checks it in the simulator); a music bot is not one Cipher can
 * build from words (no voice), so it is not offered.
 */
export const heroPromptExamples = [
  "A moderation bot: warn on the first strike, 1-hour timeout on the second, 24-hour ban on the third",
  "A ticket bot: /ticket opens a private support channel for you, and /close deletes it",
  "An XP bot: 10 XP per message, 100 XP per level, and a /rank command",
];

/** The hero prompt box's placeholder (an example as well). */
export const heroPromptPlaceholder =
  "Welcome new members in #welcome, give them the Member role, and delete invite links.";

export const stats = [
  { value: "99.9%", label: "Uptime" },
  { value: "2.3M+", label: "Commands run" },
  { value: "50k+", label: "Builders" },
  { value: "4.9/5", label: "Average rating" },
];

export const steps = [
  {
    title: "Paste Token",
    description:
      "Create an application in the Discord Developer Portal and paste its bot token. We encrypt it at rest and never show it again.",
    icon: "key",
  },
  {
    title: "Prompt AI",
    description:
      "Describe what your bot should do in plain words. Cipher writes the commands, events and data model for you.",
    icon: "sparkles",
  },
  {
    title: "Edit Code",
    description:
      "Open the generated JavaScript or Python in the browser editor. Change anything, keep every version, roll back in a click.",
    icon: "code",
  },
  {
    title: "Host Bot",
    description:
      "Press Start. Your bot runs on our infrastructure with live logs, restarts on failure and analytics for every command.",
    icon: "rocket",
  },
] as const;

export const migrationPoints = [
  "Import exports from visual bot builders",
  "Move over from other hosting panels",
  "Upload custom Discord.js code as it is",
];

export const hostingPoints = [
  "99.9% uptime on global infrastructure",
  "Live logs, metrics and crash alerts",
  "Automatic restarts and version rollback",
];

export const useCases = [
  {
    title: "Moderation",
    description: "Strike ladders, timeouts, auto-mod filters and an audit trail your staff can trust.",
    icon: "shield",
  },
  {
    title: "Support Tickets",
    description: "Private ticket channels, transcripts and staff assignment from a single button.",
    icon: "ticket",
  },
  {
    title: "Gaming",
    description: "Leaderboards, match making, stat lookups and tournament brackets.",
    icon: "gamepad",
  },
  {
    title: "Music",
    description: "Queues, playlists, skip votes and now-playing cards for your voice channels.",
    icon: "music",
  },
  {
    title: "Event Management",
    description: "Scheduled events, RSVPs, reminders and automatic role pings.",
    icon: "calendar",
  },
  {
    title: "Role Management",
    description: "Reaction roles, self-assign menus, verification gates and timed roles.",
    icon: "users",
  },
] as const;

export const testimonials = [
  {
    quote:
      "I described the moderation rules we had been enforcing by hand and had a working bot in ten minutes. Mod actions went down 40% in the first month.",
    name: "Maya R.",
    role: "Admin, 18k-member art community",
  },
  {
    quote:
      "We moved three bots from a hosting panel in an afternoon. The live logs alone saved us hours of guessing every week.",
    name: "Devon K.",
    role: "Bot developer",
  },
  {
    quote:
      "Our ticket bot now answers 2,000 requests a week and I never wrote a line of code. When I wanted a tweak, I just asked.",
    name: "Priya S.",
    role: "Community lead, indie game studio",
  },
];

export const sampleBotCode = `import { Client, Events, GatewayIntentBits } from "discord.js";

const client = new Client({ intents: [GatewayIntentBits.Guilds] });
const strikes = new Map();

client.on(Events.InteractionCreate, async (interaction) => {
  if (!interaction.isChatInputCommand()) return;
  if (interaction.commandName !== "warn") return;

  const member = interaction.options.getMember("user");
  const count = (strikes.get(member.id) ?? 0) + 1;
  strikes.set(member.id, count);

  if (count === 2) await member.timeout(60 * 60 * 1000);
  await interaction.reply(\`Strike \${count} for \${member}\`);
});

client.login(process.env.DISCORD_TOKEN);`;
