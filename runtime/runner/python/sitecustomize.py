# Imported by Python at start-up for every discord.py bot the Cipher runner starts (PYTHONPATH).
# - Points discord.py's REST routes and gateway at the simulator when the run connects there.
# - Tells the runner, on fd 3, when the bot is connected, so the status turns "running" only then.
# The runner's settings arrive in CIPHER_RUNNER_CONFIG, removed here so the bot never sees it.
import json
import os

_config = {}
try:
    _config = json.loads(os.environ.pop("CIPHER_RUNNER_CONFIG", "") or "{}")
except ValueError:
    _config = {}

_reported = False


def _report(message):
    try:
        os.write(3, (json.dumps(message) + "\n").encode())
    except OSError:
        pass


_clients = []
_heartbeat_task = None


def _gateway_ping():
    import math

    for client in _clients:
        try:
            latency = client.latency
        except Exception:
            continue
        if isinstance(latency, float) and math.isfinite(latency) and latency >= 0:
            return latency * 1000
    return None


async def _heartbeat():
    # From the bot's event loop: a frozen loop goes quiet and the runner's watchdog notices.
    import asyncio

    interval = (_config.get("heartbeatMs") or 5000) / 1000
    while True:
        _report({"type": "heartbeat", "pingMs": _gateway_ping()})
        await asyncio.sleep(interval)


def _start_heartbeat():
    global _heartbeat_task
    if _heartbeat_task is not None or not _config.get("channel"):
        return
    try:
        import asyncio

        _heartbeat_task = asyncio.get_running_loop().create_task(_heartbeat())
    except RuntimeError:
        pass


def _report_ready(user):
    global _reported
    _start_heartbeat()
    if _reported:
        return
    _reported = True
    _report({"type": "ready", "user": user})


def _point_at_simulator(discord):
    import discord.gateway
    import discord.http
    import yarl

    api_base = _config.get("apiBase")
    gateway_url = _config.get("gatewayUrl")
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/") + "/v10"
    if not gateway_url:
        return
    socket_class = discord.gateway.DiscordWebSocket
    socket_class.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    original = socket_class.from_client.__func__

    async def from_client(cls, client, **kwargs):
        # The simulator speaks plain JSON frames; zlib-stream is Discord's option, not needed.
        kwargs["zlib"] = False
        if kwargs.get("gateway") is None:
            kwargs["gateway"] = cls.DEFAULT_GATEWAY
        return await original(cls, client, **kwargs)

    socket_class.from_client = classmethod(from_client)


def _watch_readiness(discord):
    # Ready = the gateway's READY arrived (the session is up). discord.py's own "ready" event
    # comes up to guild_ready_timeout (2 s) later; it still counts if READY was missed.
    import discord.state

    for state_class in (discord.state.ConnectionState, discord.state.AutoShardedConnectionState):
        original_ready = state_class.parse_ready

        def parse_ready(self, data, _original=original_ready):
            result = _original(self, data)
            client = getattr(self, "_get_client", lambda: None)()
            if client is not None and client not in _clients:
                _clients.append(client)
            user = data.get("user") or {}
            tag = user.get("username", "")
            if user.get("discriminator") not in (None, "0"):
                tag = f"{tag}#{user['discriminator']}"
            _report_ready({"id": str(user.get("id", "")), "tag": tag})
            return result

        state_class.parse_ready = parse_ready

    dispatch = discord.Client.dispatch

    def cipher_dispatch(self, event, *args, **kwargs):
        if event == "ready":
            if self not in _clients:
                _clients.append(self)
            user = self.user
            _report_ready({"id": str(user.id), "tag": str(user)} if user else None)
        return dispatch(self, event, *args, **kwargs)

    discord.Client.dispatch = cipher_dispatch


# Analytics: what the bot handled, batched (1 s or 50 events) to the runner over fd 3.
_analytics = []
_flush_handle = None


def _flush_analytics():
    global _analytics, _flush_handle
    if _flush_handle is not None:
        _flush_handle.cancel()
        _flush_handle = None
    if _analytics:
        events, _analytics = _analytics, []
        _report({"type": "analytics", "events": events})


def _record(event):
    global _flush_handle
    import datetime

    event.setdefault("at", datetime.datetime.now(datetime.timezone.utc).isoformat())
    _analytics.append(event)
    if len(_analytics) >= 50:
        _flush_analytics()
    elif _flush_handle is None:
        try:
            import asyncio

            _flush_handle = asyncio.get_running_loop().call_later(1, _flush_analytics)
        except RuntimeError:
            _flush_analytics()


def _instrument(discord):
    import contextvars
    import logging
    import time

    import discord.app_commands
    import discord.interactions

    current = contextvars.ContextVar("cipher_command", default=None)
    responded = {}

    for method in ("defer", "send_message", "edit_message", "send_modal"):
        original = getattr(discord.interactions.InteractionResponse, method, None)
        if original is None:
            continue

        def respond(self, *args, _original=original, **kwargs):
            parent = getattr(self, "_parent", None)
            if parent is not None:
                responded.setdefault(parent.id, time.perf_counter())
            return _original(self, *args, **kwargs)

        setattr(discord.interactions.InteractionResponse, method, respond)

    tree_call = discord.app_commands.CommandTree._call

    async def call(self, interaction):
        started = time.perf_counter()
        tracker = {"failed": False}
        current.set(tracker)
        try:
            await tree_call(self, interaction)
        except BaseException:
            tracker["failed"] = True
            raise
        finally:
            answered = responded.pop(interaction.id, None)
            try:
                command = interaction.command
                name = command.qualified_name if command is not None else (interaction.data or {}).get("name", "")
            except Exception:
                name = ""
            _record(
                {
                    "kind": "command",
                    "name": name,
                    "guildId": str(interaction.guild_id) if interaction.guild_id else None,
                    "actorId": str(interaction.user.id) if interaction.user else None,
                    "durationMs": None if answered is None else round((answered - started) * 1000, 1),
                    "ok": not (tracker["failed"] or getattr(interaction, "command_failed", False)),
                }
            )

    discord.app_commands.CommandTree._call = call

    dispatch = discord.Client.dispatch

    def analytics_dispatch(self, event, *args, **kwargs):
        try:
            if event == "message" and args:
                message = args[0]
                if not (self.user and message.author.id == self.user.id):
                    _record(
                        {
                            "kind": "message",
                            "guildId": str(message.guild.id) if message.guild else None,
                            "actorId": str(message.author.id),
                        }
                    )
            elif event in ("guild_join", "guild_remove") and args:
                _record({"kind": "guild_join" if event == "guild_join" else "guild_leave", "guildId": str(args[0].id)})
        except Exception:
            pass
        return dispatch(self, event, *args, **kwargs)

    discord.Client.dispatch = analytics_dispatch

    log = logging.Logger._log

    def cipher_log(self, level, msg, args, *rest, **kwargs):
        if level >= logging.ERROR:
            tracker = current.get()
            if tracker is not None:
                tracker["failed"] = True
            elif self.name.startswith("discord"):
                try:
                    text = str(msg) % args if args else str(msg)
                except Exception:
                    text = str(msg)
                _record({"kind": "error", "name": text[:100]})
        return log(self, level, msg, args, *rest, **kwargs)

    logging.Logger._log = cipher_log


def _patch():
    try:
        import discord
    except Exception:
        return
    _point_at_simulator(discord)
    _watch_readiness(discord)
    if _config.get("channel"):
        try:
            _instrument(discord)
        except Exception:
            pass


_patch()
