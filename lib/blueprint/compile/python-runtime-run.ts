/**
 * bot/runtime.py: the Run of a command or event: placeholders, members, channels, roles, conditions.
 * Static Python (no blueprint text), joined into bot/runtime.py by python-runtime.ts.
 */
export const runtimeRun = String.raw`# -- The run of a command or an event --------------------------------------------------------------

DATA = {}
TABLES = {}
LATER = {}
client = None


def setup(bot_client, data, tables, later):
    """Called once by main.py: the client, the blueprint's data and tables, the 'wait' blocks."""
    global client
    client = bot_client
    DATA.update(data)
    TABLES.update(tables)
    LATER.update(later)


class _Attempt:
    def __init__(self, run, action, what):
        self.run, self.action, self.what = run, action, what

    async def __aenter__(self):
        return self

    async def __aexit__(self, kind, error, traceback):
        if isinstance(error, Exception):
            log_failure(self.run.where, self.action, error)
            if self.what:
                self.run.failures.append(failure_line(self.what, plain_reason(error)))
            return True
        return False


class Run(StoredData):
    """Everything one run of a command or event can use: who, where, its options and results."""

    def __init__(self, where, guild, channel=None, user=None, *, interaction=None, message=None):
        self.where = where
        self.guild = guild
        self.channel = channel
        self.user = user
        self.interaction = interaction
        self.message = message
        self.options = {}
        self.results = {}
        self.fields = {}
        self.selected = []
        self.emoji = ""
        self.replied = False
        # None, or whether the deferred answer ("thinking…") is ephemeral.
        self.deferred = None
        # What failed since the last answer ("I couldn't …"): the next answer says it instead.
        self.failures = []

    @classmethod
    def from_interaction(cls, interaction, where, options=None):
        run = cls(where, interaction.guild, interaction.channel, interaction.user, interaction=interaction)
        run.options = dict(options or {})
        data = interaction.data or {}
        run.selected = [str(value) for value in data.get("values", [])]
        for row in data.get("components", []):
            for field in row.get("components", []):
                run.fields[field.get("custom_id", "")] = field.get("value", "")
        return run

    @classmethod
    def from_message(cls, message, where):
        return cls(where, message.guild, message.channel, message.author, message=message)

    def attempt(self, action, what=None):
        """'async with run.attempt("kick", "kick Sam"):' logs a failure of that action and goes on;
        'what' (what it does, in words) is kept for the next answer to say instead of its own text."""
        return _Attempt(self, action, what)

    def instead(self, message):
        """After failed actions, the next answer says what could not be done instead of its own text."""
        if not self.failures:
            return message
        content = failure_notice(self.failures)
        self.failures = []
        return {"content": content}

    def save(self, name, value):
        self.results[name] = value

    # Placeholders

    def value(self, key):
        """The text of a placeholder: value("user.mention"), value("option.member.name")…"""
        root, _, rest = key.partition(".")
        if root == "user":
            return self._member_text(self.user, rest)
        if root == "server":
            guild = self.guild
            if guild is None:
                return ""
            return {"name": guild.name, "id": str(guild.id)}.get(rest) or format_number(guild.member_count or 0)
        if root == "bot":
            if rest == "name":
                return client.user.name if client is not None and client.user is not None else ""
            if rest == "ping":
                latency = client.latency if client is not None else 0.0
                return format_number(round(latency * 1000) if math.isfinite(latency) else 0)
            return describe_uptime(time.monotonic() - STARTED_AT)
        if root == "channel":
            return describe(self.channel, rest)
        if root in ("option", "result"):
            name, _, detail = rest.partition(".")
            return describe((self.options if root == "option" else self.results).get(name), detail)
        if root == "message":
            message = self.message
            if message is None:
                return ""
            return {"content": message.content, "id": str(message.id)}.get(rest) or message.jump_url
        if root == "reaction":
            return self.emoji
        if root == "field":
            return self.fields.get(rest, "")
        if root == "select":
            return ", ".join(self.selected)
        return ""

    @staticmethod
    def _member_text(member, detail):
        if member is None:
            return ""
        return describe(member, detail)

    def number(self, key):
        """A placeholder in arithmetic: its number, or 0 when it does not read as one."""
        root, _, rest = key.partition(".")
        raw = (self.options if root == "option" else self.results).get(rest) if root in ("option", "result") else None
        if isinstance(raw, (int, float)) and not isinstance(raw, bool):
            return float(raw)
        number = read_number(self.value(key))
        return 0.0 if number is None else number

    def numbers(self, key):
        """A placeholder in sum() or average(): the number it holds, or each number its text lists."""
        root, _, rest = key.partition(".")
        raw = (self.options if root == "option" else self.results).get(rest) if root in ("option", "result") else None
        if isinstance(raw, (int, float)) and not isinstance(raw, bool):
            return [float(raw)]
        return numbers_in(self.value(key))

    async def data(self, name):
        """{data.NAME}: the stored value for this member, user or server, as text."""
        return describe(await self._read(name, self._data_key(name)))

    async def data_number(self, name):
        number = read_number(await self.data(name))
        return 0.0 if number is None else number

    # Members, channels and roles

    async def member(self, key):
        """The member of {user}, {option.x} or {result.x}."""
        value = self.user if key == "user" else self._named(key)
        if isinstance(value, discord.Member):
            return value
        member_id = snowflake_in(describe(value, "id")) if value is not None else None
        if member_id is None or self.guild is None:
            raise Failed(f"{{{key}}} is not a member of the server", FAILURE_REASONS["member"])
        found = self.guild.get_member(member_id)
        if found is None:
            try:
                found = await self.guild.fetch_member(member_id)
            except discord.NotFound:
                raise Failed(f"{{{key}}} is not a member of the server", FAILURE_REASONS["member"]) from None
        return found

    async def user_of(self, key):
        """The user of {user}, {option.x} or {result.x}, member of the server or not (direct messages, bans)."""
        value = self.user if key == "user" else self._named(key)
        if isinstance(value, (discord.Member, discord.User)):
            return value
        user_id = snowflake_in(describe(value, "id")) if value is not None else None
        if user_id is None:
            raise Failed(f"{{{key}}} is not a user", FAILURE_REASONS["member"])
        found = self.guild.get_member(user_id) if self.guild else None
        if found is not None:
            return found
        try:
            return await client.fetch_user(user_id)
        except discord.NotFound:
            raise Failed(f"{{{key}}} is not a user", FAILURE_REASONS["member"]) from None

    def user_id_of(self, key):
        """The user id {user}, {option.x} or {result.x} names (whose stored data), or None."""
        value = self.user if key == "user" else self._named(key)
        if value is None:
            return None
        found = getattr(value, "id", None)  # a member, a user, or one a later run only knows by id
        return found if isinstance(found, int) else snowflake_in(describe(value, "id"))

    async def channel_of(self, key):
        """The channel of "here", {channel}, {option.x} or {result.x}."""
        value = self.channel if key in ("here", "channel") else self._named(key)
        if isinstance(value, (discord.abc.GuildChannel, discord.Thread)):
            return value
        # A channel discord.py only knows by id (PartialMessageable), or one kept as text.
        channel_id = getattr(value, "id", None) or (snowflake_in(describe(value, "id")) if value is not None else None)
        found = self.guild.get_channel_or_thread(channel_id) if channel_id and self.guild else None
        if found is None:
            where = f"{{{key}}} is not a channel of the server" if key != "here" else "there is no channel here"
            raise Failed(where, FAILURE_REASONS["channel"])
        return found

    def channel_named(self, name):
        """The server's first text channel of that name ("#mod-log" or "mod-log"), any case."""
        wanted = name.strip().removeprefix("#").lower()
        for channel in self.guild.text_channels if self.guild else []:
            if channel.name.lower() == wanted:
                return channel
        raise Failed(f"there is no text channel named #{name.strip().removeprefix('#')}", FAILURE_REASONS["channel"])

    async def role_of(self, key):
        value = self._named(key)
        if isinstance(value, discord.Role):
            return value
        return self.role_named(describe(value, "id"))

    def role_named(self, name):
        """A role by name (any case) or id."""
        wanted = name.strip().lower()
        for role in self.guild.roles if self.guild else []:
            if role.name.lower() == wanted or str(role.id) == wanted:
                return role
        raise Failed(f"there is no role named {name.strip()}", FAILURE_REASONS["role"])

    async def maybe_role(self, key=None, named=None):
        """The role of {option.x} / {result.x} or of that name, or None when the server has none."""
        try:
            return await self.role_of(key) if key is not None else self.role_named(named or "")
        except Failed:
            return None

    def _named(self, key):
        root, _, name = key.partition(".")
        return (self.options if root == "option" else self.results).get(name)

    # Conditions

    async def has_permission(self, member_key, name):
        try:
            member = await self.member(member_key)
        except (Failed, discord.HTTPException):
            return False
        return not has_permissions(member, [name])

    async def has_role(self, member_key, *, named=None, role=None):
        """The member has a role of that name (any case) or id, or the role of {option.x}."""
        try:
            member = await self.member(member_key)
            if role:
                wanted = await self.role_of(role)
                return any(held.id == wanted.id for held in member.roles)
        except (Failed, discord.HTTPException):
            return False
        wanted = named.strip().lower()
        return any(held.name.lower() == wanted or str(held.id) == wanted for held in member.roles)
`;
