# Imported by Python at start-up for every discord.py bot the Cipher runner starts (PYTHONPATH).
# - Points discord.py's REST routes and gateway at the simulator when the run connects there.
# - Tells the runner, on fd 3, when the bot is connected, so the status turns "running" only then.
# - Sets the bot's own variables, which arrive on the fd named by CIPHER_ENV_FD (never in the
#   environment of anything outside the sandbox), and forwards the simulator's address on this
#   sandbox's own loopback to the runner's relay socket (the sandbox has no other network).
# The runner's settings arrive in CIPHER_RUNNER_CONFIG, removed here so the bot never sees it.
import json
import os


def _read_environment():
    fd = os.environ.pop("CIPHER_ENV_FD", None)
    if fd is None:
        return
    fd = int(fd)
    chunks = []
    try:
        while True:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            chunks.append(chunk)
        variables = json.loads(b"".join(chunks) or b"{}")
        for key, value in variables.items():
            if isinstance(value, str):
                os.environ[key] = value
    except (OSError, ValueError):
        pass
    finally:
        try:
            os.close(fd)
        except OSError:
            pass


_read_environment()


def _forward_simulator(relay):
    # The simulator's 127.0.0.1:port is this sandbox's own loopback: listen there and pass each
    # connection to the runner's relay socket. Bound now, before the bot's code runs.
    import socket
    import threading

    # Taken before the network guard wraps connect(): the guard refuses Unix sockets to bot code.
    raw_connect = socket.socket.connect

    def pump(source, target):
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                target.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, target):
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def serve(server):
        while True:
            try:
                client, _ = server.accept()
            except OSError:
                return
            try:
                # No Nagle delay on the bot's side of the hop (the handshake is many small writes).
                client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError:
                pass
            upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                raw_connect(upstream, relay["socket"])
            except OSError:
                client.close()
                upstream.close()
                continue
            threading.Thread(target=pump, args=(client, upstream), daemon=True).start()
            threading.Thread(target=pump, args=(upstream, client), daemon=True).start()

    for address in relay.get("listen", []):
        family = socket.AF_INET6 if ":" in address["host"] else socket.AF_INET
        server = socket.socket(family, socket.SOCK_STREAM)
        try:
            server.bind((address["host"], address["port"]))
            server.listen(64)
        except OSError:
            server.close()
            continue
        threading.Thread(target=serve, args=(server,), daemon=True).start()


_config = {}
try:
    _config = json.loads(os.environ.pop("CIPHER_RUNNER_CONFIG", "") or "{}")
except ValueError:
    _config = {}

_reported = False


def _install_network_guard(allowed):
    # Python-level only (like the Node guard): refuses socket.connect() to this machine's and
    # private networks' addresses and to Unix sockets, except the simulator's host:port. Code
    # that reaches the C socket module (_socket) directly is not covered.
    import errno
    import ipaddress
    import socket

    allowed = set(allowed or [])
    families = (socket.AF_INET, socket.AF_INET6)

    def is_local(host):
        try:
            ip = ipaddress.ip_address(str(host).split("%")[0])
        except ValueError:
            return None
        if getattr(ip, "ipv4_mapped", None):
            ip = ip.ipv4_mapped
        return ip.is_loopback or ip.is_private or ip.is_link_local or ip.is_unspecified or ip.is_reserved

    def check(sock, address):
        if getattr(socket, "AF_UNIX", None) is not None and sock.family == socket.AF_UNIX:
            raise PermissionError(errno.EACCES, "Connection to a Unix socket refused by Cipher.")
        if sock.family not in families or not isinstance(address, tuple) or len(address) < 2:
            return
        host, port = address[0], address[1]
        if f"{host}:{port}" in allowed:
            return
        local = is_local(host)
        if local is None:
            # A name: connect() would resolve it; check what it resolves to.
            try:
                infos = socket.getaddrinfo(host, port, sock.family, socket.SOCK_STREAM)
            except OSError:
                return
            for info in infos:
                ip = info[4][0]
                if f"{ip}:{port}" not in allowed and is_local(ip):
                    local = True
        if local:
            raise PermissionError(
                errno.EACCES,
                f"Connection to {host}:{port} refused by Cipher: bots may connect to Discord and the internet, "
                "not to local or private addresses.",
            )

    connect = socket.socket.connect
    connect_ex = socket.socket.connect_ex

    def guarded_connect(self, address):
        check(self, address)
        return connect(self, address)

    def guarded_connect_ex(self, address):
        check(self, address)
        return connect_ex(self, address)

    socket.socket.connect = guarded_connect
    socket.socket.connect_ex = guarded_connect_ex


if _config.get("relay"):
    _forward_simulator(_config["relay"])

if _config.get("channel"):
    _install_network_guard(_config.get("allowedTargets"))


class CipherDbError(Exception):
    """A built-in database call failed (quota, invalid key or value…): the message says why."""


class _CipherDb:
    """Cipher's built-in database (the same store as the dashboard's Database tab). Every call is
    a coroutine: `await db.set("key", value)`."""

    def __init__(self):
        self._pending = {}
        self._next = 1
        self._buffer = b""
        self._loop = None

    def _on_readable(self):
        try:
            chunk = os.read(3, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            self._loop.remove_reader(3)
            for future in self._pending.values():
                if not future.done():
                    future.set_exception(CipherDbError("The Cipher runner's database channel closed."))
            self._pending.clear()
            return
        self._buffer += chunk
        while b"\n" in self._buffer:
            line, self._buffer = self._buffer.split(b"\n", 1)
            try:
                reply = json.loads(line)
            except ValueError:
                continue
            future = self._pending.pop(reply.get("id"), None)
            if future is None or future.done():
                continue
            if reply.get("ok"):
                future.set_result(reply.get("value"))
            else:
                future.set_exception(CipherDbError(reply.get("error") or "Database call failed."))

    async def _call(self, op, args):
        import asyncio

        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            if self._loop is not None:
                try:
                    self._loop.remove_reader(3)
                except Exception:
                    pass
            self._loop = loop
            loop.add_reader(3, self._on_readable)
        request_id = self._next
        self._next += 1
        future = loop.create_future()
        self._pending[request_id] = future
        # Not a JSON number: the id is the only number the runner echoes back.
        _report({"type": "db", "id": request_id, "op": op, "args": args})
        return await future

    async def get(self, key):
        return await self._call("get", [key])

    async def set(self, key, value):
        if value is None:
            raise CipherDbError("Cannot store None; use delete(key) instead.")
        return await self._call("set", [key, json.loads(json.dumps(value))])

    async def delete(self, key):
        return await self._call("delete", [key])

    async def list(self, prefix="", limit=None, cursor=None):
        options = {}
        if limit is not None:
            options["limit"] = limit
        if cursor is not None:
            options["cursor"] = cursor
        return await self._call("list", [prefix, options])

    async def increment(self, key, by=1):
        return await self._call("increment", [key, by])


cipher_db = _CipherDb() if _config.get("hostedDb") else None
if cipher_db is not None:
    import builtins

    builtins.cipher_db = cipher_db


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
    import re
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

    # A message the bot answers (a prefix command, a trigger, a reply) counts like a slash command:
    # the handlers dispatch starts copy this context, so what they send finds the message's tracker.
    replying = contextvars.ContextVar("cipher_message", default=None)
    messageable_send = discord.abc.Messageable.send

    async def cipher_send(self, *args, **kwargs):
        tracker = replying.get()
        if tracker is not None and not tracker["replied"]:
            tracker["replied"] = True
            try:
                _record(
                    {
                        "kind": "command",
                        "name": tracker["name"],
                        "guildId": tracker["guildId"],
                        "actorId": tracker["actorId"],
                        "durationMs": round((time.perf_counter() - tracker["started"]) * 1000, 1),
                        "ok": True,
                    }
                )
            except Exception:
                pass
        return await messageable_send(self, *args, **kwargs)

    discord.abc.Messageable.send = cipher_send

    prefix_word = re.compile(r"^[!?.$%&+\-=>;,~^][\w-]{1,31}$")

    def prefix_command_name(content):
        # "!rules" from "!rules please"; no other words of a member's message reach the analytics.
        words = (content or "").split()
        first = words[0] if words else ""
        return first.lower() if prefix_word.match(first) else "(reply to a message)"

    dispatch = discord.Client.dispatch

    def analytics_dispatch(self, event, *args, **kwargs):
        token = None
        try:
            if event == "message" and args:
                message = args[0]
                if not (self.user and message.author.id == self.user.id):
                    guild_id = str(message.guild.id) if message.guild else None
                    _record({"kind": "message", "guildId": guild_id, "actorId": str(message.author.id)})
                    if not message.author.bot:
                        token = replying.set(
                            {
                                "replied": False,
                                "started": time.perf_counter(),
                                "name": prefix_command_name(message.content),
                                "guildId": guild_id,
                                "actorId": str(message.author.id),
                            }
                        )
            elif event in ("guild_join", "guild_remove") and args:
                _record({"kind": "guild_join" if event == "guild_join" else "guild_leave", "guildId": str(args[0].id)})
        except Exception:
            pass
        try:
            return dispatch(self, event, *args, **kwargs)
        finally:
            if token is not None:
                replying.reset(token)

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
