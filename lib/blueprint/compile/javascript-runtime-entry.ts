/**
 * lib/blueprint-runtime.js, part 6: where runs start — slash commands (options, permissions,
 * cooldown, deferring), prefix commands (arguments read from the message), buttons, menus,
 * forms, members joining and leaving, messages, reactions — and what the file exports.
 */
export const runtimeEntry = String.raw`
// -- Starting runs --------------------------------------------------------------------------------

/** Runs the actions; a failure nobody caught is logged, and an interaction is always answered. */
async function runBody(run, body) {
  try {
    await body(run);
  } catch (error) {
    run.failed = true;
    console.error("[blueprint] " + run.where + ": run failed: " + reasonOf(error));
  }
  await run.finish();
}

/**
 * A slash command: its options, then the permission and cooldown checks; it defers first when
 * its first action is not a reply (settings.defer: "public" or "ephemeral").
 */
async function runSlashCommand(interaction, context, settings, body) {
  if (!interaction.inCachedGuild()) {
    await interaction.reply({ content: "Use this command in a server.", flags: MessageFlags.Ephemeral });
    return;
  }
  const run = new Run(settings.where, context, {
    client: interaction.client,
    guild: interaction.guild,
    channel: interaction.channel,
    member: interaction.member,
    user: interaction.user,
    interaction,
    options: slashOptions(interaction, settings.options || []),
  });
  if (!(await run.permitted(settings.permissions || []))) return;
  if (!(await run.cooledDown(settings.cooldown))) return;
  if (settings.defer) {
    await interaction.deferReply(settings.defer === "ephemeral" ? { flags: MessageFlags.Ephemeral } : {});
    run.deferred = settings.defer;
  }
  await runBody(run, body);
}

/** Option values as templates read them; a missing optional option is its default, if any. */
function slashOptions(interaction, specs) {
  const values = new Map();
  for (const spec of specs) {
    const option = interaction.options.get(spec.name);
    if (!option) {
      if (spec.default !== undefined) values.set(spec.name, spec.default);
    } else if (spec.type === "user" && option.user) {
      values.set(spec.name, describeMember(option.user.id, option.user, option.member));
    } else if (spec.type === "channel" && option.channel) {
      values.set(spec.name, describeChannel(option.channel));
    } else if (spec.type === "role" && option.role) {
      values.set(spec.name, describeRole(option.role));
    } else {
      values.set(spec.name, option.value);
    }
  }
  return values;
}

/** The prefix command a message calls ("!name", then a space or the end), with the text after it. */
function matchPrefixCommand(content, prefix, commands) {
  if (!content.startsWith(prefix)) return null;
  const rest = content.slice(prefix.length);
  const name = /^\S*/.exec(rest)[0];
  const command = name ? commands.get(name) : undefined;
  return command ? { command, text: rest.slice(name.length) } : null;
}

/** A prefix command: permissions, then its arguments (or the usage line), then the cooldown. */
async function runPrefixCommand(message, context, settings, body, text) {
  const run = new Run(settings.where, context, {
    client: message.client,
    guild: message.guild,
    channel: message.channel,
    member: message.member,
    user: message.author,
    message,
  });
  if (!(await run.permitted(settings.permissions || []))) return;
  const options = await prefixOptions(run, text, settings.options || []);
  if (!options) {
    await run.refuse(settings.usage);
    return;
  }
  run.options = options;
  if (!(await run.cooledDown(settings.cooldown))) return;
  await runBody(run, body);
}

/**
 * Arguments split on whitespace, in the order of the options; the last text option takes the
 * rest of the message. Null when a required one is missing or one does not read as its type.
 */
async function prefixOptions(run, text, specs) {
  const words = [...text.matchAll(/\S+/g)];
  const lastText = specs.map((spec) => spec.type).lastIndexOf("string");
  const values = new Map();
  let next = 0;
  for (let index = 0; index < specs.length; index++) {
    const spec = specs[index];
    let raw;
    if (next < words.length) {
      raw = index === lastText ? text.slice(words[next].index).trim() : words[next][0];
      next = index === lastText ? words.length : next + 1;
    }
    if (raw === undefined) {
      if (spec.required) return null;
      if (spec.default !== undefined) values.set(spec.name, spec.default);
      continue;
    }
    const value = await readArgument(run, raw, spec);
    if (value === null) return null;
    values.set(spec.name, value);
  }
  return values;
}

/** One argument as its option's type, or null. */
async function readArgument(run, raw, spec) {
  const { guild, client } = run;
  switch (spec.type) {
    case "integer":
    case "number": {
      const number = readNumber(raw);
      if (number === null || (spec.type === "integer" && !Number.isInteger(number))) return null;
      if ((spec.min !== undefined && number < spec.min) || (spec.max !== undefined && number > spec.max)) return null;
      return number;
    }
    case "boolean": {
      const word = raw.toLowerCase();
      return word === "true" || word === "yes" ? true : word === "false" || word === "no" ? false : null;
    }
    case "user": {
      const id = idIn(raw, "user");
      if (!id) return null;
      const member = await guild.members.fetch(id).catch(() => null);
      const user = member ? member.user : await client.users.fetch(id).catch(() => null);
      return user ? describeMember(id, user, member) : null;
    }
    case "channel": {
      const id = idIn(raw, "channel");
      const channel = id ? await guild.channels.fetch(id).catch(() => null) : null;
      return channel ? describeChannel(channel) : null;
    }
    case "role": {
      const id = idIn(raw, "role");
      const role = id ? await guild.roles.fetch(id).catch(() => null) : null;
      return role ? describeRole(role) : null;
    }
    default:
      return raw;
  }
}

/**
 * A button, menu or form answered: the run has the member who clicked and what they chose or
 * wrote. Like a slash command, it defers first when its first action is not a reply.
 */
async function runComponent(interaction, context, settings, body, extra = {}) {
  const run = new Run(settings.where, context, {
    client: interaction.client,
    guild: interaction.guild,
    channel: interaction.channel,
    member: interaction.member,
    user: interaction.user,
    interaction,
    ...extra,
  });
  if (settings.defer) {
    await interaction.deferReply(settings.defer === "ephemeral" ? { flags: MessageFlags.Ephemeral } : {});
    run.deferred = settings.defer;
  }
  await runBody(run, body);
}

async function runButton(interaction, context, settings, body) {
  await runComponent(interaction, context, settings, body);
}

async function runSelect(interaction, context, settings, body) {
  await runComponent(interaction, context, settings, body, { selected: [...interaction.values] });
}

/** A submitted form: its fields by id (an optional field left empty reads as empty text). */
async function runModal(interaction, context, settings, body) {
  const fields = new Map();
  for (const id of settings.fields) {
    let value = "";
    try {
      value = interaction.fields.getTextInputValue(id) || "";
    } catch {
      value = "";
    }
    fields.set(id, value);
  }
  await runComponent(interaction, context, settings, body, { fields });
}

/** memberJoin / memberLeave: the member is {user}; there is no channel. */
async function runMemberEvent(member, context, where, body) {
  const run = new Run(where, context, { client: member.client, guild: member.guild, member, user: member.user });
  await runBody(run, body);
}

/** messageContains / messageMatches: the message, its author and its channel. */
async function runMessageEvent(message, context, where, body) {
  const run = new Run(where, context, {
    client: message.client,
    guild: message.guild,
    channel: message.channel,
    member: message.member,
    user: message.author,
    message,
  });
  await runBody(run, body);
}

/**
 * reactionAdd / reactionRemove: optionally only this emoji and this channel. Reactions on older
 * messages arrive partial and are fetched first; reactions by bots are ignored.
 */
async function runReactionEvent(reaction, user, context, { where, emoji, channel }, body) {
  if (user.bot) return;
  if (reaction.partial) reaction = (await reaction.fetch().catch(() => null)) || reaction;
  const message = reaction.message.partial ? await reaction.message.fetch().catch(() => null) : reaction.message;
  if (!message || !message.inGuild()) return;
  if (emoji && !emojiMatches(reaction.emoji, emoji)) return;
  if (channel && !channelMatches(message.channel, channel)) return;
  const member = await message.guild.members.fetch(user.id).catch(() => null);
  const run = new Run(where, context, {
    client: message.client,
    guild: message.guild,
    channel: message.channel,
    member,
    user: member ? member.user : user,
    message,
    reaction,
  });
  await runBody(run, body);
}

module.exports = {
  channelName,
  compare,
  containsWords,
  describeWait,
  emojiMatches,
  formatNumber,
  hasPermission,
  hasRole,
  matchPrefixCommand,
  prefixOptions,
  readDuration,
  readDice,
  listItems,
  describeUptime,
  readNumber,
  registerWait,
  roundHalfAway,
  sumOf,
  averageOf,
  evaluateText,
  numbersIn,
  runButton,
  runMemberEvent,
  runMessageEvent,
  runModal,
  runPrefixCommand,
  runReactionEvent,
  runSelect,
  runSlashCommand,
  startSchedule,
  startTimers,
  Run,
};
`;
