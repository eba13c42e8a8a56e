/**
 * bot/runtime.py: the Run's answers and actions (replies, messages, moderation, channels, random, tables, wait).
 * Static Python (no blueprint text), joined into bot/runtime.py by python-runtime.ts.
 */
export const runtimeActions = String.raw`    # Answering

    async def permitted(self, *names):
        """The member has every permission, else they are told which one they lack."""
        missing = has_permissions(self.user, names)
        if missing:
            await self.refuse(permission_refusal(missing, self.where))
        return not missing

    def cooldown(self, seconds, per="user"):
        """Seconds left of the cooldown (0: go ahead, and the cooldown starts now)."""
        return cooldown_left(self.where, seconds, per, self)

    async def refuse(self, text):
        """A refusal: ephemeral for an interaction, a reply to a message."""
        if self.interaction is not None:
            await self.interaction.response.send_message(text, ephemeral=True)
        else:
            await self.message.reply(text)

    async def execute(self, actions):
        """Runs the actions; a failure outside any action is logged. A deferred answer that
        nothing replaced is removed, so no "thinking…" is left behind."""
        try:
            await actions(self)
        except Exception as error:
            log_failure(self.where, "run", error)
        if self.deferred is not None and not self.replied:
            try:
                await self.interaction.delete_original_response()
            except discord.HTTPException:
                pass

    async def defer(self, ephemeral=False):
        """Discord wants an answer within 3 seconds: say "thinking…" and edit it later."""
        if self.interaction is not None and not self.interaction.response.is_done():
            await self.interaction.response.defer(ephemeral=ephemeral, thinking=True)
            self.deferred = ephemeral

    async def reply(self, ephemeral=False, **message):
        """The first reply answers (or edits the deferred answer); later ones follow up."""
        message = self.instead(message)
        if self.interaction is not None:
            if not self.interaction.response.is_done():
                await self.interaction.response.send_message(ephemeral=ephemeral, **message)
            elif self.deferred == ephemeral and not self.replied:
                await self.interaction.edit_original_response(**message)
            else:
                if self.deferred is not None and not self.replied:
                    # Deferred as the other kind (another branch replies first): "thinking…"
                    # goes, and this reply comes as a follow-up that is as private as it says.
                    await self.interaction.delete_original_response()
                await self.interaction.followup.send(ephemeral=ephemeral, **message)
        elif self.message is not None:
            await self.message.reply(**message)
        else:
            raise Failed("there is nobody to reply to")
        self.replied = True

    async def show_modal(self, modal):
        await self.interaction.response.send_modal(modal)
        self.replied = True

    # Messages

    async def send(self, channel, **message):
        return await channel.send(**message)

    async def send_here(self, **message):
        """send to "here": an answer too, so after failed actions it says what could not be done instead."""
        channel = await self.channel_of("here")
        return await channel.send(**self.instead(message))

    async def dm(self, member, **message):
        try:
            return await member.send(**message)
        except discord.Forbidden:
            raise Failed(
                f"{display_name(member)} does not accept direct messages", FAILURE_REASONS["directMessages"]
            ) from None

    def _the_message(self):
        if self.message is None:
            raise Failed("there is no message here", FAILURE_REASONS["message"])
        return self.message

    async def react(self, emoji, posted=None):
        """Reacts to the message that set the run off, or to one this run posted ('posted': "result.<saveAs>")."""
        if posted is None:
            message = self._the_message()
        else:
            message = self.results.get(posted.removeprefix("result."))
            if not isinstance(message, discord.Message):
                raise Failed("there is no message here", FAILURE_REASONS["message"])
        await message.add_reaction(emoji.strip())

    async def delete_message(self):
        await self._the_message().delete()

    async def purge(self, count):
        """Bulk-deletes the channel's last 'count' messages (1-100), skipping any older than 14 days."""
        number = count if isinstance(count, (int, float)) else read_number(count)
        if number is None:
            raise Failed(f"{count!r} is not a number", not_a_number(count))
        limit = max(1, min(100, math.floor(number)))
        cutoff = discord.utils.utcnow() - datetime.timedelta(days=14)
        messages = [message async for message in self.channel.history(limit=limit) if message.created_at > cutoff]
        if messages:
            await self.channel.delete_messages(messages)

    # Moderation

    async def timeout(self, member, seconds, reason=None):
        length = duration_seconds(seconds, "timeout")
        await member.timeout(datetime.timedelta(seconds=length), reason=reason or None)

    async def remove_timeout(self, member, reason=None):
        await member.timeout(None, reason=reason or None)

    async def kick(self, member, reason=None):
        await member.kick(reason=reason or None)

    async def ban(self, member, reason=None, seconds=None, delete_message_seconds=0):
        """Bans; with 'seconds', a stored timer lifts the ban then (even after a restart). A
        temporary ban whose length does not read is no ban at all, rather than one for good."""
        length = 0 if seconds is None else duration_seconds(seconds, "ban")
        await self.guild.ban(member, reason=reason or None, delete_message_seconds=delete_message_seconds)
        if length:
            context = {"where": self.where, "guildId": str(self.guild.id), "userId": str(member.id)}
            await timers.add("unban", length, context)

    async def unban(self, user, reason=None):
        user_id = snowflake_in(user)
        if user_id is None:
            raise Failed(f"{user!r} is not a user id", not_a_user_id(user))
        await self.guild.unban(discord.Object(id=user_id), reason=reason or None)

    async def add_role(self, member, role, reason=None):
        await member.add_roles(role, reason=reason or None)

    async def remove_role(self, member, role, reason=None):
        await member.remove_roles(role, reason=reason or None)

    async def toggle_role(self, member, role, reason=None):
        if any(held.id == role.id for held in member.roles):
            await member.remove_roles(role, reason=reason or None)
        else:
            await member.add_roles(role, reason=reason or None)

    # Channels

    async def create_channel(self, name, member, staff_role=None, category=None, topic=None):
        """A private text channel: only the member, the staff role and the bot see it."""
        guild = self.guild
        private = discord.PermissionOverwrite(view_channel=True, send_messages=True, read_message_history=True)
        overwrites = {guild.default_role: discord.PermissionOverwrite(view_channel=False), member: private}
        if guild.me is not None:
            overwrites[guild.me] = discord.PermissionOverwrite(
                view_channel=True, send_messages=True, read_message_history=True, manage_channels=True
            )
        if staff_role is not None:
            overwrites[staff_role] = private
        # No such staff role here (run.maybe_role gave None): the channel is the member's and the bot's.
        options = {"overwrites": overwrites}
        wanted = (category or "").strip().lower()
        parent = next((item for item in guild.categories if item.name.lower() == wanted), None)
        if parent is not None:
            options["category"] = parent
        if topic:
            options["topic"] = topic
        return await guild.create_text_channel(channel_name(name), **options)

    async def delete_channel(self, channel, after=None):
        if after:
            await timers.add("deleteChannel", after, {"where": self.where, "channelId": str(channel.id)})
        else:
            await channel.delete()

    async def slowmode(self, channel, seconds):
        await channel.edit(slowmode_delay=seconds)

    async def lock_channel(self, channel):
        """@everyone may no longer send messages in the channel (its other overwrites stay)."""
        everyone = channel.guild.default_role
        overwrite = channel.overwrites_for(everyone)
        overwrite.send_messages = False
        await channel.set_permissions(everyone, overwrite=overwrite)

    async def unlock_channel(self, channel):
        """@everyone's "send messages" goes back to what the server allows (an emptied overwrite is deleted)."""
        everyone = channel.guild.default_role
        if everyone not in channel.overwrites:
            return
        overwrite = channel.overwrites_for(everyone)
        overwrite.send_messages = None
        await channel.set_permissions(everyone, overwrite=None if overwrite.is_empty() else overwrite)

    async def add_to_channel(self, channel, member):
        """The member may see the channel, talk in it and read its history (a ticket)."""
        await channel.set_permissions(member, view_channel=True, send_messages=True, read_message_history=True)

    async def remove_from_channel(self, channel, member):
        """The member's own access to the channel goes (what their roles allow stays)."""
        if any(target.id == member.id for target in channel.overwrites):
            await channel.set_permissions(member, overwrite=None)

    # Random and tables

    @staticmethod
    def pick(choices):
        return random.choice(choices)

    async def pick_from(self, text):
        """One of the items a text lists ("pizza, tacos, sushi")."""
        items = list_items(text)
        if not items:
            raise Failed(f"{text!r} lists nothing", FAILURE_REASONS["list"])
        return random.choice(items)

    async def random_whole(self, low, high):
        """A whole number from low to high inclusive (rounded down; swapped if low > high)."""
        bounds = []
        for given in (low, high):
            number = read_number(given)
            if number is None:
                raise Failed(f"{given!r} is not a number", not_a_number(given))
            bounds.append(math.floor(number))
        return random.randint(min(bounds), max(bounds))

    async def roll_dice(self, text):
        """The dice a template gives ("2d6+3") rolled and added up."""
        count, sides, modifier = read_dice(text)
        return modifier + sum(random.randint(1, sides) for _ in range(count))

    @staticmethod
    def lookup(table, key, fallback=None):
        """The table's value for the key: exact first, then any case; else the fallback."""
        rows = TABLES[table]
        if key in rows:
            return rows[key]
        lowered = key.lower()
        for name, value in rows.items():
            if name.lower() == lowered:
                return value
        return fallback or ""

    # Later

    async def later(self, seconds, block):
        """Runs the 'wait' block 'block' after 'seconds' (or the duration a template gave), even across a restart."""
        await timers.add(block, duration_seconds(seconds, "wait"), self.to_context())

    def to_context(self):
        """What a later run may use: ids of what may still exist, and results as text."""

        def keep(value):
            if isinstance(value, (discord.Member, discord.User)):
                return {"member": str(value.id)}
            if isinstance(value, discord.Role):
                return {"role": str(value.id)}
            if isinstance(value, (discord.abc.GuildChannel, discord.Thread)):
                return {"channel": str(value.id)}
            return value

        def id_of(thing):
            return str(thing.id) if thing is not None else None

        return {
            "where": self.where,
            "guildId": id_of(self.guild),
            "channelId": id_of(self.channel),
            "userId": id_of(self.user),
            "messageId": id_of(self.message),
            "options": {name: keep(value) for name, value in self.options.items()},
            "results": {name: describe(value) for name, value in self.results.items()},
            "fields": dict(self.fields),
            "selected": list(self.selected),
            "emoji": self.emoji,
        }

    @classmethod
    async def from_context(cls, context):
        def number(name):
            value = context.get(name)
            return int(value) if value else None

        guild = client.get_guild(number("guildId")) if number("guildId") else None
        run = cls(context.get("where") or "later", guild)
        run.channel = guild.get_channel(number("channelId")) if guild and number("channelId") else None
        if guild and number("userId"):
            run.user = await _fetch(guild.get_member, guild.fetch_member, number("userId"))
        if run.channel is not None and number("messageId"):
            run.message = await _fetch(lambda _: None, run.channel.fetch_message, number("messageId"))
        for name, value in (context.get("options") or {}).items():
            if isinstance(value, dict) and guild is not None:
                if "member" in value:
                    value = await _fetch(guild.get_member, guild.fetch_member, int(value["member"]))
                elif "role" in value:
                    value = guild.get_role(int(value["role"]))
                elif "channel" in value:
                    value = guild.get_channel(int(value["channel"]))
            run.options[name] = value
        run.results = dict(context.get("results") or {})
        run.fields = dict(context.get("fields") or {})
        run.selected = list(context.get("selected") or [])
        run.emoji = context.get("emoji") or ""
        return run


async def _fetch(cached, fetch, item_id):
    """From the cache, else from Discord; None when it no longer exists."""
    found = cached(item_id)
    if found is not None:
        return found
    try:
        return await fetch(item_id)
    except discord.HTTPException:
        return None
`;
