# Imported by Python at start-up for every discord.py bot the Cipher runner starts (PYTHONPATH).
# - Points discord.py's REST routes and gateway at the simulator when the run connects there.
# - Tells the runner, on fd 3, when the client is ready, so the status turns "running" only then.
# The runner's settings arrive in CIPHER_RUNNER_CONFIG, removed here so the bot never sees it.
import json
import os

_config = {}
try:
    _config = json.loads(os.environ.pop("CIPHER_RUNNER_CONFIG", "") or "{}")
except ValueError:
    _config = {}


def _report(message):
    try:
        os.write(3, (json.dumps(message) + "\n").encode())
    except OSError:
        pass


def _patch():
    try:
        import discord
        import discord.gateway
        import discord.http
    except Exception:
        return
    api_base = _config.get("apiBase")
    gateway_url = _config.get("gatewayUrl")
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/") + "/v10"
    if gateway_url:
        import yarl

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

    dispatch = discord.Client.dispatch

    def cipher_dispatch(self, event, *args, **kwargs):
        if event == "ready" and not getattr(self, "_cipher_reported", False):
            self._cipher_reported = True
            user = self.user
            _report({"type": "ready", "user": {"id": str(user.id), "tag": str(user)} if user else None})
        return dispatch(self, event, *args, **kwargs)

    discord.Client.dispatch = cipher_dispatch


_patch()
