import {
  BarChart3,
  Building2,
  Code2,
  Database,
  HeartPulse,
  KeyRound,
  ShieldCheck,
  Users,
  Webhook,
  type LucideIcon,
} from "lucide-react";

/** The six cards, code example and enterprise list of /advanced-features (spec section 2). */
export interface AdvancedFeature {
  name: string;
  description: string;
  icon: LucideIcon;
  highlights: string[];
  /** Said on the card when it is not in the product yet (the others are). */
  status?: "Coming Soon";
}

export const advancedFeatures: AdvancedFeature[] = [
  {
    name: "Custom Code Editor with Versions",
    description:
      "A full editor for JavaScript and Python in the browser. Every save is a version you can compare and restore.",
    icon: Code2,
    highlights: ["Side-by-side diffs", "One-click rollback", "Ask the agent to explain any line"],
  },
  {
    name: "Built-in Database",
    description: "Persistent storage for every bot, with no connection strings to manage and records you can browse.",
    icon: Database,
    highlights: ["Per-server and per-member data", "Browse and edit records", "Kept with an archived bot"],
  },
  {
    name: "Webhooks",
    description: "Send bot events to your own services, or trigger your bot from outside with signed webhook calls.",
    icon: Webhook,
    highlights: ["Signed payloads with a secret", "Test deliveries from the dashboard", "Automatic retries"],
    status: "Coming Soon",
  },
  {
    name: "Analytics",
    description: "See which commands are used, by how many members, how fast they answer and where errors happen.",
    icon: BarChart3,
    highlights: ["Command usage and users", "Latency and error rates", "24-hour to 90-day views"],
  },
  {
    name: "Auto-restart & Health Checks",
    description: "Cipher watches every hosted bot and brings it back after a crash, with live logs to show you why.",
    icon: HeartPulse,
    highlights: ["Restart on failure", "Gateway connection checks", "Crash alerts"],
  },
  {
    name: "Team Collaboration",
    description: "Build bots with your staff: invite teammates, give them roles and share one bill on the Teams plan.",
    icon: Users,
    highlights: ["Role-based access control", "50 viewer seats", "Centralized billing"],
    status: "Coming Soon",
  },
];

export const enterpriseHighlights: { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: "SSO / SAML and SCIM",
    description: "Sign in with your identity provider and provision or remove users automatically.",
    icon: KeyRound,
  },
  {
    title: "Role-based access",
    description: "Decide who can view, edit, deploy or manage billing for every bot.",
    icon: ShieldCheck,
  },
  {
    title: "Annual agreements",
    description: "An annual commitment from 20 users, with invoicing and terms that fit your organisation.",
    icon: Building2,
  },
];

export const advancedCodeExample = {
  points: [
    "Real discord.js v14 or Python code, not a locked-in format",
    "Slash commands, buttons, modals and permission overwrites",
    "Ask the agent to change it, or edit it yourself",
  ],
  filename: "commands/ticket.js — discord.js v14",
  code: `import {
  ChannelType,
  EmbedBuilder,
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
} from "discord.js";

const STAFF_ROLE_ID = process.env.STAFF_ROLE_ID;
const canTalk = [PermissionFlagsBits.ViewChannel, PermissionFlagsBits.SendMessages];

export const data = new SlashCommandBuilder()
  .setName("ticket")
  .setDescription("Open a private support ticket")
  .addStringOption((option) =>
    option
      .setName("topic")
      .setDescription("What do you need help with?")
      .setRequired(true),
  );

export async function execute(interaction) {
  const topic = interaction.options.getString("topic", true);
  const { guild, user } = interaction;

  const channel = await guild.channels.create({
    name: \`ticket-\${user.username}\`,
    type: ChannelType.GuildText,
    permissionOverwrites: [
      { id: guild.roles.everyone.id, deny: [PermissionFlagsBits.ViewChannel] },
      { id: user.id, allow: canTalk },
      { id: STAFF_ROLE_ID, allow: canTalk },
    ],
  });

  const embed = new EmbedBuilder()
    .setTitle("Ticket opened")
    .setDescription(topic)
    .setColor(0x5865f2)
    .setTimestamp();

  await channel.send({ content: \`\${user}\`, embeds: [embed] });
  await interaction.reply({
    content: \`Your ticket is ready: \${channel}\`,
    flags: MessageFlags.Ephemeral,
  });
}`,
};
