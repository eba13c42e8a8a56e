// Part of the Cipher runner's preload. A simulator bot's sandbox has its own network namespace
// with nothing but loopback: the simulator's 127.0.0.1:port is this bot's own loopback, where
// this forwarder listens and passes each connection to the runner's relay, a Unix socket bound
// into the sandbox. The bot connects where it was told; nothing else on the host is reachable.
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded by the preload. */
"use strict";

const net = require("node:net");

// Taken before the network guard wraps connect(): the guard refuses Unix sockets to bot code.
const connect = net.Socket.prototype.connect;

function forwardSimulator(relay) {
  for (const address of relay.listen) {
    // No Nagle delay on the bot's side of the hop (the gateway's handshake is many small writes).
    const server = net.createServer({ noDelay: true }, (client) => {
      const upstream = new net.Socket();
      connect.call(upstream, { path: relay.socket });
      const end = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on("error", end).on("close", end);
      upstream.on("error", end).on("close", end);
      client.pipe(upstream);
      upstream.pipe(client);
      // The forwarding alone never keeps the bot alive: the bot's own socket does while it is in
      // use (an idle keep-alive connection must not stop deploy-commands.js from exiting).
      client.unref();
      upstream.unref();
    });
    server.on("error", () => {});
    // Bound at once (an IP literal needs no lookup), before the bot's code runs.
    server.listen({ host: address.host, port: address.port, exclusive: true });
    server.unref();
  }
}

module.exports = { forwardSimulator };
