/**
 * lib/blueprint-runtime.js, part 2: the Run — one command or event being answered: what
 * happened (server, channel, member, options…), what earlier actions saved, placeholder lookups
 * and the lookups of members, channels and roles.
 */
export const runtimeRun = String.raw`
// -- A run: one command or event being answered ------------------------------------------------

class Run {
  /**
   * @param where   how log lines name this run: "/warn", "!coin", "memberJoin", "button open_ticket"
   * @param context what index.js hands every command and event: { db }
   * @param scene   what happened: client, guild, channel, member, user, message, reaction,
   *                interaction, options, fields, selected (and, after a wait, what was kept)
   */
  constructor(where, context, scene) {
    this.where = where;
    this.db = context.db;
    this.client = scene.client;
    this.guild = scene.guild || null;
    this.channel = scene.channel || null;
    this.member = scene.member instanceof GuildMember ? scene.member : null;
    this.user = scene.user || (this.member ? this.member.user : null);
    this.userId = scene.userId || (this.user ? this.user.id : null);
    this.message = scene.message || null;
    this.messageInfo = scene.messageInfo || (this.message ? messageInfo(this.message) : null);
    this.emoji = scene.emoji ?? (scene.reaction ? emojiText(scene.reaction.emoji) : "");
    this.interaction = scene.interaction || null;
    this.options = scene.options || new Map();
    this.fields = scene.fields || new Map();
    this.selected = scene.selected || [];
    this.results = scene.results || new Map();
    // Interactions: answered once (reply, form or deferred reply edited), then followed up.
    this.answered = false;
    this.deferred = null;
    this.failed = false;
    // What failed since the last answer ("I couldn't ..."): the next answer says it instead.
    this.failures = [];
    // What the next action does, in words, and what its lookups did not find.
    this.doing = null;
    this.missing = {};
  }

  /** A placeholder's text: "user.mention", "server.members", "option.member.name", "result.total"... */
  text(placeholder) {
    const [root, name, property] = placeholder.split(".");
    switch (root) {
      case "user":
        return this.userText(name);
      case "server":
        if (!this.guild) return "";
        if (name === "members") return formatNumber(this.guild.memberCount);
        return name === "name" ? this.guild.name : this.guild.id;
      case "bot":
        if (name === "name") return this.client.user ? this.client.user.username : "";
        // Before the first heartbeat is answered discord.js says -1: no latency measured yet.
        if (name === "ping") return formatNumber(Math.max(0, Math.round(this.client.ws.ping)));
        return describeUptime((this.client.uptime || 0) / 1000);
      case "channel":
        if (!this.channel) return "";
        if (name === "mention") return "<#" + this.channel.id + ">";
        return name === "name" ? this.channel.name || "" : this.channel.id;
      case "option":
        return propertyText(this.options.get(name), property);
      case "result":
        return propertyText(this.results.get(name), property);
      case "message":
        return this.messageInfo ? this.messageInfo[name] || "" : "";
      case "reaction":
        return this.emoji;
      case "field":
        return this.fields.get(name) ?? "";
      case "select":
        return this.selected.join(", ");
      default:
        return "";
    }
  }

  userText(property) {
    if (!this.userId) return "";
    switch (property) {
      case "mention":
        return "<@" + this.userId + ">";
      case "name":
        return displayName(this.member, this.user);
      case "avatar":
        return this.user ? this.user.displayAvatarURL() : "";
      case "roles":
        return roleNames(this.member);
      case "toprole":
        return topRole(this.member);
      default:
        return this.userId;
    }
  }

  /** A placeholder as a number for calculate: numbers as they are, text that is not a number as 0. */
  number(placeholder) {
    const [root, name, property] = placeholder.split(".");
    const values = root === "option" ? this.options : root === "result" ? this.results : null;
    const value = values && !property ? values.get(name) : undefined;
    if (typeof value === "number") return value;
    return readNumber(this.text(placeholder)) ?? 0;
  }

  /** A placeholder in sum() or average(): the number it holds, or each number its text lists. */
  numbers(placeholder) {
    const [root, name, property] = placeholder.split(".");
    const values = root === "option" ? this.options : root === "result" ? this.results : null;
    const value = values && !property ? values.get(name) : undefined;
    if (typeof value === "number") return [value];
    return numbersIn(this.text(placeholder));
  }

  /** Keeps what an action gave back ("saveAs"); a failed action saves nothing. */
  save(name, value) {
    if (value !== undefined) this.results.set(name, value);
  }

  /**
   * Says what the next action does ("post in #suggestions"), for the answer after it to say if
   * it fails; gives back the run: run.trying("...").send(...).
   */
  trying(what) {
    this.doing = what;
    this.missing = {};
    return this;
  }

  /** Runs one action's Discord calls; a failure is logged, kept for the next answer, and the run goes on. */
  async attempt(action, work) {
    const doing = this.doing;
    this.doing = null;
    try {
      return await work();
    } catch (error) {
      console.error("[blueprint] " + this.where + ": " + action + " failed: " + reasonOf(error));
      if (doing) this.failures.push(failureLine(doing, plainReason(error)));
      return undefined;
    }
  }

  /** After failed actions, the next answer says what could not be done instead of its own text. */
  instead(payload) {
    if (!this.failures.length) return payload;
    const content = failureNotice(this.failures);
    this.failures = [];
    return { content };
  }

  // -- Who and where: references ("user", "option.member", "result.ticket") and names ----------

  /** The option or result a reference names. */
  referenced(reference) {
    const [root, name] = reference.split(".");
    if (root === "option") return this.options.get(name);
    if (root === "result") return this.results.get(name);
    return undefined;
  }

  /** The user id a reference names: who triggered the run, a member option, or a result holding a mention. */
  userIdOf(reference) {
    if (reference === "user") return this.userId;
    const value = this.referenced(reference);
    if (value && typeof value === "object" && value.kind === "member") return value.id;
    return idIn(textOf(value), "user");
  }

  /** The member a reference names, or null when they are not in this server. */
  async findMember(reference) {
    if (!this.guild) return null;
    if (reference === "user" && this.member) return this.member;
    const value = this.referenced(reference);
    if (value && value.member instanceof GuildMember) return value.member;
    const id = this.userIdOf(reference);
    return id ? this.guild.members.fetch(id).catch(() => null) : null;
  }

  /** The user a reference names, member of this server or not (for DMs, bans and data), or null. */
  async findUser(reference) {
    if (reference === "user" && this.user) return this.user;
    const value = this.referenced(reference);
    if (value && value.user) return value.user;
    const id = this.userIdOf(reference);
    return id ? this.client.users.fetch(id).catch(() => null) : null;
  }

  /** "here" (or "channel"): where it happened; otherwise the channel an option or result holds. */
  async findChannel(reference) {
    if (reference === "here" || reference === "channel") return this.channel;
    const value = this.referenced(reference);
    if (value && value.channel) return value.channel;
    if (!this.guild) return null;
    const id = value && typeof value === "object" && value.kind === "channel" ? value.id : idIn(textOf(value), "channel");
    if (id) return this.guild.channels.fetch(id).catch(() => null);
    return textOf(value) ? textChannelNamed(this.guild, textOf(value)) : null;
  }

  /** The server's first text channel of that name, any case ("mod-log"). */
  async findChannelNamed(name) {
    const found = this.guild ? textChannelNamed(this.guild, name) : null;
    if (!found) this.missing.channel = "there is no text channel named #" + String(name).trim().replace(/^#/, "");
    return found;
  }

  /** The role an option or result holds (an id, a mention or a name). */
  async findRole(reference) {
    const value = this.referenced(reference);
    if (value && value.role) return value.role;
    if (!this.guild) return null;
    const id = value && typeof value === "object" && value.kind === "role" ? value.id : idIn(textOf(value), "role");
    if (id) return this.guild.roles.fetch(id).catch(() => null);
    return this.findRoleNamed(textOf(value));
  }

  /** The server's role of that name (any case) or id. */
  async findRoleNamed(name) {
    if (!this.guild) return null;
    const wanted = String(name).trim();
    const id = idIn(wanted, "role");
    const found = [...this.guild.roles.cache.values()]
      .filter((role) => role.id === id || role.name.toLowerCase() === wanted.toLowerCase())
      .sort(byPosition);
    if (!found[0]) this.missing.role = "there is no role named " + wanted;
    return found[0] || null;
  }

  /**
   * What a wait keeps of this run: ids, option values (members, channels and roles by id) and
   * results as text; the Python bot keeps the same, so a pending wait survives a change of language.
   */
  snapshot() {
    const options = {};
    for (const [name, value] of this.options) options[name] = storedOption(value);
    const results = {};
    for (const [name, value] of this.results) results[name] = textOf(value);
    return {
      where: this.where,
      guildId: this.guild ? this.guild.id : null,
      channelId: this.channel ? this.channel.id : null,
      userId: this.userId,
      messageId: this.messageInfo ? this.messageInfo.id : null,
      options,
      results,
      fields: Object.fromEntries(this.fields),
      selected: this.selected,
      emoji: this.emoji,
    };
  }

  /** A run rebuilt from a snapshot once its wait is over: whatever still exists is looked up again. */
  static async restore(client, db, saved) {
    const guild = saved.guildId ? await client.guilds.fetch(saved.guildId).catch(() => null) : null;
    if (saved.guildId && !guild) return null;
    const channel = guild && saved.channelId ? await guild.channels.fetch(saved.channelId).catch(() => null) : null;
    const user = saved.userId ? await client.users.fetch(saved.userId).catch(() => null) : null;
    const member = guild && saved.userId ? await guild.members.fetch(saved.userId).catch(() => null) : null;
    const message =
      channel && channel.messages && saved.messageId ? await channel.messages.fetch(saved.messageId).catch(() => null) : null;
    const options = new Map();
    for (const [name, value] of Object.entries(saved.options || {})) options.set(name, await restoredOption(client, guild, value));
    return new Run(saved.where || "wait", { db }, {
      client,
      guild,
      channel,
      member,
      user,
      userId: saved.userId,
      message,
      emoji: saved.emoji || "",
      options,
      results: new Map(Object.entries(saved.results || {})),
      fields: new Map(Object.entries(saved.fields || {})),
      selected: saved.selected || [],
    });
  }
`;
