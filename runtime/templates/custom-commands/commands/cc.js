const { InteractionContextType, MessageFlags, PermissionFlagsBits, SlashCommandBuilder } = require("discord.js");

const {
  MAX_RESPONSE_LENGTH,
  MAX_TRIGGERS_PER_SERVER,
  MAX_TRIGGER_LENGTH,
  normalizeTrigger,
  triggerKey,
  triggerPrefix,
  validateCustomCommand,
} = require("../lib/triggers");

function reply(interaction, content) {
  return interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}

function preview(text, length) {
  const oneLine = text.replace(/\s+/g, " ");
  return oneLine.length > length ? `${oneLine.slice(0, length - 1)}…` : oneLine;
}

async function add(interaction, db) {
  const trigger = interaction.options.getString("trigger", true);
  const response = interaction.options.getString("response", true);
  const check = validateCustomCommand(trigger, response);
  if (!check.ok) return reply(interaction, check.reason);

  const key = triggerKey(interaction.guildId, trigger);
  const existing = await db.get(key);
  if (!existing && (await db.list(triggerPrefix(interaction.guildId))).length >= MAX_TRIGGERS_PER_SERVER) {
    return reply(interaction, `This server already has ${MAX_TRIGGERS_PER_SERVER} custom commands; remove one first.`);
  }
  await db.set(key, {
    trigger: normalizeTrigger(trigger),
    response: response.trim(),
    createdBy: interaction.user.id,
    createdAt: Date.now(),
  });
  const verb = existing ? "Updated" : "Added";
  return reply(interaction, `${verb} \`${normalizeTrigger(trigger)}\`: I will answer it with your response.`);
}

async function remove(interaction, db) {
  const trigger = interaction.options.getString("trigger", true);
  const removed = await db.delete(triggerKey(interaction.guildId, trigger));
  return reply(
    interaction,
    removed
      ? `Removed \`${normalizeTrigger(trigger)}\`.`
      : `There is no custom command \`${normalizeTrigger(trigger)}\`. Use /cc list to see them.`,
  );
}

async function list(interaction, db) {
  const entries = await db.list(triggerPrefix(interaction.guildId));
  if (entries.length === 0) return reply(interaction, "No custom commands yet. Add one with /cc add.");

  const lines = [];
  let length = 0;
  for (const { value } of entries) {
    const line = `• \`${value.trigger}\` → ${preview(value.response, 60)}`;
    // Stay under Discord's 2000-character message limit.
    if (length + line.length > 1800) {
      lines.push(`…and ${entries.length - lines.length} more.`);
      break;
    }
    lines.push(line);
    length += line.length + 1;
  }
  return reply(interaction, `**Custom commands (${entries.length})**\n${lines.join("\n")}`);
}

module.exports = {
  data: new SlashCommandBuilder()
    .setName("cc")
    .setDescription("Manage this server's custom commands")
    .addSubcommand((sub) =>
      sub
        .setName("add")
        .setDescription("Add a trigger, or change its response")
        .addStringOption((option) =>
          option
            .setName("trigger")
            .setDescription("The message the bot answers (not case-sensitive)")
            .setRequired(true)
            .setMaxLength(MAX_TRIGGER_LENGTH),
        )
        .addStringOption((option) =>
          option
            .setName("response")
            .setDescription("What the bot says")
            .setRequired(true)
            .setMaxLength(MAX_RESPONSE_LENGTH),
        ),
    )
    .addSubcommand((sub) =>
      sub
        .setName("remove")
        .setDescription("Remove a trigger")
        .addStringOption((option) =>
          option.setName("trigger").setDescription("The trigger to remove").setRequired(true),
        ),
    )
    .addSubcommand((sub) => sub.setName("list").setDescription("List this server's triggers"))
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .setContexts(InteractionContextType.Guild),

  async execute(interaction, { db }) {
    if (!interaction.inGuild()) return reply(interaction, "Use this command in a server.");
    if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) {
      return reply(interaction, "You need the **Manage Server** permission to manage custom commands.");
    }
    const subcommand = interaction.options.getSubcommand();
    if (subcommand === "add") return add(interaction, db);
    if (subcommand === "remove") return remove(interaction, db);
    return list(interaction, db);
  },
};
