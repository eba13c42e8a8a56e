/**
 * lib/blueprint-runtime.js, part 3: the Run's actions — each one Discord call (or a few), its
 * failure logged so the run goes on; and the checks before a command runs (permissions,
 * cooldown) and the tidying after it (an interaction nobody answered).
 */
export const runtimeActions = String.raw`
  // -- Answering ---------------------------------------------------------------------------------

  /** reply: the first one answers the interaction (or the message); later ones follow up. */
  async reply(payload, { ephemeral = false } = {}) {
    const answer = this.instead(payload);
    await this.attempt("reply", async () => {
      const body = messageBody(answer);
      const flags = ephemeral ? MessageFlags.Ephemeral : undefined;
      const interaction = this.interaction;
      if (interaction) {
        if (this.answered) await interaction.followUp({ ...body, flags });
        else if (this.deferred === (ephemeral ? "ephemeral" : "public")) await interaction.editReply(body);
        else if (this.deferred) {
          // Deferred as public but this answer is private (or the other way round): replace it.
          await interaction.deleteReply();
          await interaction.followUp({ ...body, flags });
        } else await interaction.reply({ ...body, flags });
      } else if (this.message) {
        // Still answers (as a plain message) when an earlier action deleted the message.
        await this.message.reply({ ...body, failIfNotExists: false });
      } else {
        throw new Error("there is nothing to reply to here");
      }
      this.answered = true;
    });
  }

  /** A refusal (permission, cooldown, usage): private for interactions, a reply for messages. */
  async refuse(content) {
    await this.reply({ content }, { ephemeral: true });
  }

  async showModal(modal) {
    await this.attempt("showModal", async () => {
      await this.interaction.showModal(modal);
      this.answered = true;
    });
  }

  /** After the last action: an interaction left unanswered is closed quietly (or told it failed). */
  async finish() {
    const interaction = this.interaction;
    if (!interaction || this.answered) return;
    if (this.failed) {
      await this.reply({ content: "Something went wrong while running this." }, { ephemeral: true });
    } else if (this.deferred) {
      await interaction.deleteReply().catch(() => {});
    } else if (interaction.isMessageComponent()) {
      await interaction.deferUpdate().catch(() => {});
    } else {
      await interaction
        .deferReply({ flags: MessageFlags.Ephemeral })
        .then(() => interaction.deleteReply())
        .catch(() => {});
    }
  }

  // -- Messages ----------------------------------------------------------------------------------

  /** send: to a channel; gives back the message (its link, and .id). */
  async send(channel, payload) {
    return this.attempt("send", async () => {
      if (!channel || typeof channel.send !== "function") {
        throw new Failed(this.missing.channel || "there is no such text channel", failureReasons.channel);
      }
      return describeMessage(await channel.send(messageBody(payload)));
    });
  }

  /** send to "here": an answer too, so after failed actions it says what could not be done instead. */
  async sendHere(payload) {
    return this.attempt("send", async () => {
      const channel = this.channel;
      if (!channel || typeof channel.send !== "function") throw new Failed("there is no channel here", failureReasons.channel);
      return describeMessage(await channel.send(messageBody(this.instead(payload))));
    });
  }

  /** dm: a direct message; closed DMs are logged like any failure and the run goes on. */
  async dm(user, payload) {
    await this.attempt("dm", async () => {
      if (!user) throw new Failed("the member was not found", failureReasons.member);
      await user.send(messageBody(payload));
    });
  }

  /** react: to the message that set the run off, or to one the bot posted earlier in it ("result.poll"). */
  async react(emoji, posted) {
    await this.attempt("react", async () => {
      const message = posted ? await this.postedMessage(posted) : this.message;
      if (!message) throw new Failed("there is no message here", failureReasons.message);
      await message.react(emoji);
    });
  }

  /** A message a send of this run saved ("result.poll"), fetched again; null when there is none. */
  async postedMessage(reference) {
    const saved = this.results.get(reference.replace(/^result\./, ""));
    if (!saved || saved.kind !== "message") return null;
    const channel = await this.client.channels.fetch(saved.channelId).catch(() => null);
    if (!channel || !channel.messages) return null;
    return channel.messages.fetch(saved.id).catch(() => null);
  }

  async deleteMessage() {
    await this.attempt("deleteMessage", async () => {
      if (!this.message) throw new Failed("there is no message here", failureReasons.message);
      await this.message.delete();
    });
  }

  /** purge: the channel's last count messages (1 to 100; Discord skips those older than 14 days). */
  async purge(count) {
    await this.attempt("purge", async () => {
      const wanted = readNumber(count);
      if (wanted === null) throw new Failed(JSON.stringify(String(count)) + " is not a number", notANumber(count));
      if (!this.channel || typeof this.channel.bulkDelete !== "function") {
        throw new Failed("there is no channel here", failureReasons.channel);
      }
      const amount = Math.min(100, Math.max(1, Math.floor(wanted)));
      if (this.deferred === "public" && !this.answered) {
        // This command's own "thinking..." answer is in the channel: it is not one of the messages to delete.
        const recent = await this.channel.messages.fetch({ limit: Math.min(100, amount + 1) });
        const own = (message) => message.interactionMetadata && message.interactionMetadata.id === this.interaction.id;
        await this.channel.bulkDelete(recent.filter((message) => !own(message)).first(amount), true);
      } else {
        await this.channel.bulkDelete(amount, true);
      }
    });
  }

  // -- Moderation --------------------------------------------------------------------------------

  async timeout(member, seconds, reason) {
    await this.attempt("timeout", async () => {
      const target = needMember(member);
      await target.timeout(durationSeconds(seconds, "timeout") * 1000, auditReason(reason));
    });
  }

  async removeTimeout(member, reason) {
    await this.attempt("removeTimeout", async () => {
      await needMember(member).timeout(null, auditReason(reason));
    });
  }

  async kick(member, reason) {
    await this.attempt("kick", async () => {
      await needMember(member).kick(auditReason(reason));
    });
  }

  /** ban: with seconds, a stored timer lifts it later (even after a restart); without, it is for good. */
  async ban(user, { reason, seconds, deleteMessageSeconds } = {}) {
    await this.attempt("ban", async () => {
      if (!user) throw new Failed("the member was not found", failureReasons.member);
      if (!this.guild) throw new Error("there is no server here");
      // A temporary ban whose length does not read is no ban at all, rather than one for good.
      const length = seconds === undefined ? 0 : durationSeconds(seconds, "ban");
      await this.guild.members.ban(user.id, { reason: auditReason(reason), deleteMessageSeconds });
      // A newer ban decides: a temporary ban's earlier timer must not lift it.
      await cancelTimers(this.db, (timer) => timer.run === "unban" && timer.context.guildId === this.guild.id && timer.context.userId === user.id);
      if (length) await addTimer(this.db, "unban", length, { where: this.where, guildId: this.guild.id, userId: user.id });
    });
  }

  /** unban: takes a user id (or a mention of one). */
  async unban(user, reason) {
    await this.attempt("unban", async () => {
      const id = idIn(user, "user");
      if (!id) throw new Failed(JSON.stringify(String(user)) + " is not a user id", notAUserId(user));
      if (!this.guild) throw new Error("there is no server here");
      await this.guild.members.unban(id, auditReason(reason));
    });
  }

  async addRole(member, role, reason) {
    await this.attempt("addRole", async () => {
      await needMember(member).roles.add(needRole(role, this.missing.role), auditReason(reason));
    });
  }

  async removeRole(member, role, reason) {
    await this.attempt("removeRole", async () => {
      await needMember(member).roles.remove(needRole(role, this.missing.role), auditReason(reason));
    });
  }

  async toggleRole(member, role, reason) {
    await this.attempt("toggleRole", async () => {
      const target = needMember(member);
      const wanted = needRole(role, this.missing.role);
      if (target.roles.cache.has(wanted.id)) await target.roles.remove(wanted, auditReason(reason));
      else await target.roles.add(wanted, auditReason(reason));
    });
  }

  // -- Channels ----------------------------------------------------------------------------------

  /**
   * createChannel: a text channel only the member, the staff role and the bot can see (in the
   * category of that name, if the server has one). Gives back the channel (its mention, .name, .id).
   */
  async createChannel(name, member, { staffRole, category, topic } = {}) {
    return this.attempt("createChannel", async () => {
      const guild = this.guild;
      if (!guild) throw new Error("there is no server here");
      const who = needMember(member);
      const see = [PermissionFlagsBits.ViewChannel, PermissionFlagsBits.SendMessages, PermissionFlagsBits.ReadMessageHistory];
      const overwrites = [
        { id: guild.roles.everyone.id, type: OverwriteType.Role, deny: [PermissionFlagsBits.ViewChannel] },
        { id: who.id, type: OverwriteType.Member, allow: see },
        { id: this.client.user.id, type: OverwriteType.Member, allow: [...see, PermissionFlagsBits.ManageChannels] },
      ];
      if (staffRole) overwrites.push({ id: staffRole.id, type: OverwriteType.Role, allow: see });
      else if (staffRole === null) {
        console.error("[blueprint] " + this.where + ": createChannel: the staff role was not found; only the member and the bot see the channel");
      }
      const parent = category ? categoryNamed(guild, category) : null;
      const channel = await guild.channels.create({
        name: channelName(name),
        type: ChannelType.GuildText,
        parent: parent ? parent.id : undefined,
        topic: topic || undefined,
        permissionOverwrites: overwrites,
      });
      return describeChannel(channel);
    });
  }

  /** deleteChannel: now, or after a delay kept as a stored timer. */
  async deleteChannel(channel, afterSeconds) {
    await this.attempt("deleteChannel", async () => {
      if (!channel) throw new Failed(this.missing.channel || "there is no such channel", failureReasons.channel);
      if (afterSeconds) await addTimer(this.db, "deleteChannel", afterSeconds, { where: this.where, channelId: channel.id });
      else await channel.delete();
    });
  }

  async slowmode(channel, seconds) {
    await this.attempt("slowmode", async () => {
      if (!channel || typeof channel.setRateLimitPerUser !== "function") {
        throw new Failed(this.missing.channel || "there is no such text channel", failureReasons.channel);
      }
      await channel.setRateLimitPerUser(seconds);
    });
  }

  /** lockChannel: @everyone may no longer send messages in the channel (its other overwrites stay). */
  async lockChannel(channel) {
    await this.attempt("lockChannel", async () => {
      if (!channel || !channel.permissionOverwrites) {
        throw new Failed(this.missing.channel || "there is no such text channel", failureReasons.channel);
      }
      await channel.permissionOverwrites.edit(channel.guild.roles.everyone, { SendMessages: false });
    });
  }

  /** unlockChannel: @everyone's "send messages" goes back to what the server allows (an emptied overwrite is deleted). */
  async unlockChannel(channel) {
    await this.attempt("unlockChannel", async () => {
      if (!channel || !channel.permissionOverwrites) {
        throw new Failed(this.missing.channel || "there is no such text channel", failureReasons.channel);
      }
      const everyone = channel.guild.roles.everyone;
      const current = channel.permissionOverwrites.cache.get(everyone.id);
      if (!current) return;
      const send = PermissionFlagsBits.SendMessages;
      const rest = (current.allow.bitfield | current.deny.bitfield) & ~send;
      if (rest === 0n) await channel.permissionOverwrites.delete(everyone);
      else await channel.permissionOverwrites.edit(everyone, { SendMessages: null });
    });
  }

  /** addToChannel: the member may see the channel, talk in it and read its history (a ticket). */
  async addToChannel(channel, member) {
    await this.attempt("addToChannel", async () => {
      const target = needMember(member);
      if (!channel || !channel.permissionOverwrites) {
        throw new Failed(this.missing.channel || "there is no such text channel", failureReasons.channel);
      }
      await channel.permissionOverwrites.edit(target, { ViewChannel: true, SendMessages: true, ReadMessageHistory: true });
    });
  }

  /** removeFromChannel: the member's own access to the channel goes (what their roles allow stays). */
  async removeFromChannel(channel, member) {
    await this.attempt("removeFromChannel", async () => {
      const target = needMember(member);
      if (!channel || !channel.permissionOverwrites) {
        throw new Failed(this.missing.channel || "there is no such text channel", failureReasons.channel);
      }
      if (channel.permissionOverwrites.cache.has(target.id)) await channel.permissionOverwrites.delete(target);
    });
  }

  // -- Values ------------------------------------------------------------------------------------

  /** random: one of the choices. */
  pick(choices) {
    return choices[Math.floor(Math.random() * choices.length)];
  }

  /** random (from): one of the items a text lists ("pizza, tacos, sushi"). */
  async pickFrom(list) {
    return this.attempt("random", async () => {
      const items = listItems(list);
      if (!items.length) throw new Failed(JSON.stringify(String(list)) + " lists nothing", failureReasons.list);
      return items[Math.floor(Math.random() * items.length)];
    });
  }

  /** random: a whole number from min to max, both included (rounded down, swapped if min > max). */
  async randomWhole(min, max) {
    return this.attempt("random", async () => {
      let low = readNumber(min);
      let high = readNumber(max);
      if (low === null) throw new Failed(JSON.stringify(String(min)) + " is not a number", notANumber(min));
      if (high === null) throw new Failed(JSON.stringify(String(max)) + " is not a number", notANumber(max));
      low = Math.floor(low);
      high = Math.floor(high);
      if (low > high) [low, high] = [high, low];
      return low + Math.floor(Math.random() * (high - low + 1));
    });
  }

  /** random (dice): the dice a template gives ("2d6+3") rolled and added up. */
  async rollDice(dice) {
    return this.attempt("random", async () => {
      const { count, sides, modifier } = readDice(dice);
      let total = modifier;
      for (let i = 0; i < count; i++) total += 1 + Math.floor(Math.random() * sides);
      return total;
    });
  }

  /** lookup: the table's value for the key (exact first, then any case), else the fallback. */
  lookup(table, key, fallback = "") {
    if (table.has(key)) return table.get(key);
    const lower = key.toLowerCase();
    for (const [name, value] of table) if (name.toLowerCase() === lower) return value;
    return fallback;
  }

  /** wait: the actions after it run later, from a stored timer, with what is left of this run. */
  async wait(seconds, timer) {
    await this.attempt("wait", () => addTimer(this.db, timer, durationSeconds(seconds, "wait"), this.snapshot()));
  }

  // -- Before a command runs ---------------------------------------------------------------------

  /** Permissions a command needs (Administrator passes everything); refuses when one is missing. */
  async permitted(permissions) {
    const granted = (this.interaction && this.interaction.memberPermissions) || (this.member && this.member.permissions);
    const missing = permissions.filter((name) => !granted || !granted.has(PermissionFlagsBits[name]));
    if (!missing.length) return true;
    const names = missing.map((name) => "**" + permissionLabels[name] + "**").join(" and ");
    await this.refuse("You need the " + names + " permission to use " + this.where + ".");
    return false;
  }

  /** A cooldown, per user or per server, kept in memory; refuses while it runs. */
  async cooledDown(cooldown) {
    if (!cooldown) return true;
    const key = this.where + (cooldown.per === "server" ? " g" + (this.guild ? this.guild.id : "") : " u" + this.userId);
    const now = Date.now();
    const until = cooldowns.get(key) || 0;
    if (until > now) {
      const message = cooldown.message ? await cooldown.message(this) : "Slow down! You can use " + this.where + " again in " + describeWait(until - now) + ".";
      await this.refuse(message);
      return false;
    }
    cooldowns.set(key, now + cooldown.seconds * 1000);
    return true;
  }
`;
