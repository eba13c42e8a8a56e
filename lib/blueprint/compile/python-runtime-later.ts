/**
 * bot/runtime.py, last part: stored timers, readiness, prefix-command arguments, event matching and schedules.
 * Static Python (no blueprint text), joined into bot/runtime.py by python-runtime.ts.
 */
export const runtimeLater = String.raw`# -- Timers: 'wait', temporary bans and delayed channel deletions, kept across restarts ------------


class Timers:
    """Pending timers live in the stored list "timers" ({id, at, run, context}; 'at' in
    milliseconds since 1970), so a restart loses none: ready() picks them up, overdue ones at once."""

    def __init__(self):
        self._lock = asyncio.Lock()
        self._resumed = False

    async def add(self, name, seconds, context):
        timer = {"id": uuid.uuid4().hex, "at": int((time.time() + seconds) * 1000), "run": name, "context": context}
        async with self._lock:
            pending = await db.get("timers") or []
            await db.set("timers", [*pending, timer])
        asyncio.get_running_loop().create_task(self._fire(timer))

    async def resume(self):
        if self._resumed:
            return
        self._resumed = True
        pending = await db.get("timers") or []
        now = time.time() * 1000
        # Overdue ones run at once, one after another in the order they were due (as in the JavaScript bot).
        overdue = sorted([timer for timer in pending if timer.get("at", 0) <= now], key=lambda timer: timer.get("at", 0))
        for timer in pending:
            if timer.get("at", 0) > now:
                asyncio.get_running_loop().create_task(self._fire(timer))

        async def run_overdue():
            for timer in overdue:
                try:
                    await self._fire(timer)
                except Exception as error:
                    log_failure("timer", "wait", error)

        asyncio.get_running_loop().create_task(run_overdue())

    async def _fire(self, timer):
        delay = timer.get("at", 0) / 1000 - time.time()
        if delay > 0:
            await asyncio.sleep(delay)
        async with self._lock:
            pending = await db.get("timers") or []
            left = [item for item in pending if item.get("id") != timer.get("id")]
            if len(left) == len(pending):
                return  # Already run.
            await db.set("timers", left)
        context = timer.get("context") or {}
        name = timer.get("run")
        try:
            if name == "unban":
                guild = client.get_guild(int(context["guildId"]))
                await guild.unban(discord.Object(id=int(context["userId"])), reason="Temporary ban ended")
            elif name == "deleteChannel":
                channel = client.get_channel(int(context["channelId"]))
                if channel is not None:
                    await channel.delete()
            elif name in LATER:
                run = await Run.from_context(context)
                await run.execute(LATER[name])
            else:
                raise Failed(f"this bot has no wait block {name!r} any more")
        except Exception as error:
            log_failure(context.get("where") or "timer", "wait" if name in LATER else name, error)


timers = Timers()
_ready = False


async def ready(tree, then=None):
    """Once per process (discord.py says "ready" again after a reconnect): the stored timers
    resumed, 'then()' (the schedules, from their stored next runs), and the slash commands
    synced in the background, since Discord rate-limits syncing and discord.py waits that out
    before it returns."""
    global _ready
    if _ready:
        return
    _ready = True
    await timers.resume()
    if then is not None:
        then()
    asyncio.get_running_loop().create_task(_sync(tree))


def _comparable(commands):
    """What Discord compares of slash commands, without the ids and defaults it adds."""

    def option(item):
        return {
            "name": item.get("name"),
            "description": item.get("description"),
            "type": item.get("type"),
            "required": item.get("required") is True,
            "autocomplete": item.get("autocomplete") is True,
            "choices": [{"name": choice.get("name"), "value": choice.get("value")} for choice in item.get("choices") or []],
            "min_value": item.get("min_value"),
            "max_value": item.get("max_value"),
            "min_length": item.get("min_length"),
            "max_length": item.get("max_length"),
            "channel_types": item.get("channel_types") or [],
            "options": [option(child) for child in item.get("options") or []],
        }

    def command(item):
        permissions = item.get("default_member_permissions")
        return {
            **option(item),
            "type": item.get("type") or 1,
            "default_member_permissions": None if permissions is None else str(permissions),
            "dm_permission": item.get("dm_permission") is not False,
            "nsfw": item.get("nsfw") is True,
            "contexts": item.get("contexts"),
        }

    return sorted((command(item) for item in commands), key=lambda item: (item["name"], item["type"]))


async def _sync(tree):
    """Bulk overwrites are rate-limited (two a minute): the commands are overwritten only when
    the registered ones differ, so a bot restarted often never waits out a 429."""
    try:
        wanted = _comparable([command.to_dict() for command in tree.get_commands()])
        registered = _comparable(await tree.client.http.get_global_commands(tree.client.application_id))
        if wanted != registered:
            await tree.sync()
    except discord.HTTPException as error:
        print(f"[blueprint] ready: syncing the slash commands failed: {error}", flush=True)


# -- Prefix commands -------------------------------------------------------------------------------


def split_command(content, prefix):
    """("name", "the rest") for "!name the rest", or None when the message is no command."""
    if not content.startswith(prefix):
        return None
    match = re.match(r"(\S+)(?:\s+|$)", content[len(prefix):])
    return (match.group(1), content[len(prefix) + match.end():]) if match else None


async def read_arguments(run, text, options):
    """The arguments of a prefix command, in the order of its options (name, type, required,
    default, min, max); the last string option takes the rest. False (after replying with the
    usage) when one is missing or does not read as its type."""
    words = list(re.finditer(r"\S+", text))
    last_string = max((index for index, option in enumerate(options) if option[1] == "string"), default=-1)
    for index, (name, kind, required, default, low, high) in enumerate(options):
        if not words:
            if required:
                return await _usage(run, options)
            run.options[name] = default
            continue
        if index == last_string:
            given, words = text[words[0].start():].strip(), []
        else:
            given, words = words[0].group(0), words[1:]
        value = await _argument(run, kind, given)
        number = value if isinstance(value, (int, float)) and not isinstance(value, bool) else None
        if value is None or (number is not None and ((low is not None and number < low) or (high is not None and number > high))):
            return await _usage(run, options)
        run.options[name] = value
    return True


async def _argument(run, kind, given):
    if kind == "string":
        return given
    if kind in ("integer", "number"):
        number = read_number(given)
        if number is None or (kind == "integer" and not number.is_integer()):
            return None
        return int(number) if kind == "integer" else number
    if kind == "boolean":
        return {"true": True, "yes": True, "false": False, "no": False}.get(given.lower())
    found_id = snowflake_in(given)
    if found_id is None:
        return None
    if kind == "user":
        return await _fetch(run.guild.get_member, run.guild.fetch_member, found_id)
    if kind == "channel":
        return run.guild.get_channel(found_id)
    return run.guild.get_role(found_id)


async def _usage(run, options):
    words = [f"<{name}>" if required else f"[{name}]" for name, _, required, *_ in options]
    await run.message.reply(" ".join(["Usage:", run.where, *words]))
    return False


# -- Events ----------------------------------------------------------------------------------------


def contains_words(content, words, match):
    """messageContains: any / all of the words anywhere, or the whole message one of them."""
    text = content.lower()
    if match == "whole":
        return text.strip() in (word.lower() for word in words)
    found = (word.lower() in text for word in words)
    return all(found) if match == "all" else any(found)


def pattern(source, ignore_case):
    """A messageMatches pattern; one Python cannot read is logged and matches nothing."""
    try:
        return re.compile(source, re.IGNORECASE if ignore_case else 0)
    except re.error as error:
        print(f"[blueprint] messageMatches: the pattern {source!r} does not work in Python: {error}", flush=True)
        return re.compile(r"(?!)")


async def reaction_run(payload, where):
    """A Run for a reaction (on any message, old ones too), or None for bots and DMs."""
    guild = client.get_guild(payload.guild_id) if payload.guild_id else None
    if guild is None or (client.user is not None and payload.user_id == client.user.id):
        return None
    member = payload.member or await _fetch(guild.get_member, guild.fetch_member, payload.user_id)
    if member is None or member.bot:
        return None
    channel = guild.get_channel_or_thread(payload.channel_id)
    run = Run(where, guild, channel, member)
    run.emoji = str(payload.emoji)
    if channel is not None:
        run.message = await _fetch(lambda _: None, channel.fetch_message, payload.message_id)
    return run


def same_emoji(payload, emoji):
    """The reaction is this emoji: "👍", or a custom one as <:name:id>, name:id or its name."""
    wanted = emoji.strip()
    given = payload.emoji
    if str(given) == wanted or given.name == wanted:
        return True
    parts = [part for part in wanted.strip("<>").split(":") if part and part != "a"]
    return given.id is not None and bool(parts) and (parts[-1] == str(given.id) or parts[0] == given.name)


def in_channel(payload, name):
    channel = client.get_channel(payload.channel_id)
    return channel is not None and getattr(channel, "name", "").lower() == name.strip().removeprefix("#").lower()


_schedule_edits = asyncio.Lock()


def schedule(name, seconds, actions, channel=None):
    """A schedule: every 'seconds', in each server, in that channel. Its next run is kept in the
    stored dict "schedules" ({name: ms since 1970}, as the JavaScript bot keeps it), so a restart
    does not start the interval over: one missed while the bot was down runs once, now, and the
    next an interval later."""
    asyncio.get_running_loop().create_task(_repeat(name, seconds, actions, channel))


def _stored_schedules(value):
    return value if isinstance(value, dict) else {}


async def _store_next_run(name, at):
    async with _schedule_edits:
        stored = _stored_schedules(await db.get("schedules"))
        await db.set("schedules", {**stored, name: int(at * 1000)})


async def _repeat(name, seconds, actions, channel):
    at = time.time() + seconds
    try:
        stored = _stored_schedules(await db.get("schedules")).get(name)
        known = isinstance(stored, (int, float)) and not isinstance(stored, bool) and math.isfinite(stored)
        # Never later than one interval from now (the interval may have been shortened since).
        if known and stored / 1000 < at:
            at = stored / 1000
        else:
            await _store_next_run(name, at)
    except Exception as error:
        log_failure("schedule", "reading its next run", error)
    while True:
        delay = at - time.time()
        if delay > 0:
            await asyncio.sleep(delay)
        at = time.time() + seconds
        try:
            # Stored before the actions run: a run that fails, or stops the bot, is not run again.
            await _store_next_run(name, at)
        except Exception as error:
            log_failure("schedule", "storing its next run", error)
        for guild in list(client.guilds):
            run = Run("schedule", guild)
            try:
                run.channel = run.channel_named(channel) if channel else (guild.system_channel or guild.text_channels[0])
            except (Failed, IndexError) as error:
                log_failure("schedule", "channel", error)
                continue
            await run.execute(actions)
`;
