/**
 * How a simulator bot, which has no network but its own loopback, reaches the simulator: the
 * runner listens on a Unix socket per bot (bound into the sandbox at relaySocketInSandbox) and
 * relays each connection to the simulator's TCP address on this host's loopback. Inside, the
 * preload / sitecustomize listens on the simulator's 127.0.0.1:port and forwards to the socket,
 * so the bot connects where it was told. Nothing else on this host is reachable that way.
 */
import { chmodSync, chownSync, rmSync } from "node:fs";
import net from "node:net";

export const relaySocketInSandbox = "/run/cipher/simulator.sock";

/** Connections one bot may hold open to the simulator at once (REST keep-alive + gateway). */
const maxConnections = 16;

export interface SimulatorRelay {
  readonly path: string;
  close(): Promise<void>;
}

export async function startSimulatorRelay(
  path: string,
  target: { host: string; port: number },
  owner: { uid: number; gid: number } | null,
): Promise<SimulatorRelay> {
  rmSync(path, { force: true });
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (sockets.size >= maxConnections) {
      client.destroy();
      return;
    }
    // No Nagle delay on this TCP hop: the gateway's handshake is many small writes each way.
    const upstream = net.connect({ host: target.host, port: target.port, noDelay: true });
    sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  server.maxConnections = maxConnections;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => resolve());
  });
  // Only the bot's own user may connect (its sandbox sees nothing else of this folder).
  if (owner) chownSync(path, owner.uid, owner.gid);
  chmodSync(path, 0o600);
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
        rmSync(path, { force: true });
      }),
  };
}
