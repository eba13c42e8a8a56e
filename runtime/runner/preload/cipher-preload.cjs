// Loaded with `node -r` before every bot the Cipher runner starts (see runtime/runner/sandbox.ts).
// - Points discord.js's REST client at the simulator when the run connects there.
// - Tells the runner, on fd 3, when a discord.js Client is ready, so the bot's status turns
//   "running" only once it is really connected.
// - Provides the bot's built-in database (Cipher's key-value store, kept by the runner in
//   PostgreSQL) as `globalThis.cipherDb`, with calls sent to the runner over the same fd 3.
// - Sets the bot's own variables, which arrive on the fd named by CIPHER_ENV_FD (never in the
//   environment of anything outside the sandbox), and forwards the simulator's address on this
//   sandbox's own loopback to the runner's relay socket (the sandbox has no other network).
// The runner's settings arrive in CIPHER_RUNNER_CONFIG, removed here so the bot never sees it.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload for `node -r`. */
"use strict";

const fs = require("node:fs");
const Module = require("node:module");

if (process.env.CIPHER_ENV_FD) {
  const fd = Number(process.env.CIPHER_ENV_FD);
  delete process.env.CIPHER_ENV_FD;
  try {
    const variables = JSON.parse(fs.readFileSync(fd, "utf8"));
    for (const [key, value] of Object.entries(variables)) {
      if (typeof value === "string") process.env[key] = value;
    }
  } catch {
    // Run outside the runner: no variables to set.
  }
  try {
    fs.closeSync(fd);
  } catch {
    // Already closed.
  }
}

let config = {};
try {
  config = JSON.parse(process.env.CIPHER_RUNNER_CONFIG || "{}");
} catch {
  config = {};
}
delete process.env.CIPHER_RUNNER_CONFIG;

if (config.relay) require("./simulator-forward.cjs").forwardSimulator(config.relay);
require("./network-guard.cjs").installNetworkGuard(config.allowedTargets || []);

let channel = null;
const pending = new Map();
let nextId = 1;

/** fd 3 as a socket to the runner; it keeps the process alive only while database calls wait. */
function openChannel() {
  if (channel) return channel;
  const net = require("node:net");
  channel = new net.Socket({ fd: 3, readable: true, writable: true });
  channel.unref();
  channel.setEncoding("utf8");
  let buffer = "";
  channel.on("data", (chunk) => {
    buffer += chunk;
    let index;
    while ((index = buffer.indexOf("\n")) !== -1) {
      const line = buffer.slice(0, index);
      buffer = buffer.slice(index + 1);
      let reply;
      try {
        reply = JSON.parse(line);
      } catch {
        continue;
      }
      const call = pending.get(reply.id);
      if (!call) continue;
      pending.delete(reply.id);
      if (pending.size === 0) channel.unref();
      if (reply.ok) call.resolve(reply.value);
      else {
        const error = new Error(reply.error);
        if (reply.name) error.name = reply.name;
        call.reject(error);
      }
    }
  });
  channel.on("error", () => {
    for (const call of pending.values()) call.reject(new Error("The Cipher runner's database channel closed."));
    pending.clear();
  });
  return channel;
}

function report(message) {
  const line = JSON.stringify(message) + "\n";
  try {
    if (channel) channel.write(line);
    else fs.writeSync(3, line);
  } catch {
    // No channel (run outside the runner): nothing to report to.
  }
}

function callDatabase(op, args) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    const socket = openChannel();
    socket.ref();
    socket.write(JSON.stringify({ type: "db", id, op, args }) + "\n");
  });
}

// Started by the runner: open the channel now. When the runner goes away (even killed with
// SIGKILL) the channel ends, and the bot ends with it instead of running on unsupervised.
if (config.channel) {
  try {
    openChannel().on("end", () => process.exit(0));
  } catch {
    channel = null;
  }
}

// Heartbeat: every 5 s from the event loop (so a frozen loop goes quiet and the runner's
// watchdog notices), with the gateway ping of the bot's client once it has one.
const clients = new Set();
function gatewayPing() {
  for (const client of clients) {
    const ping = client.ws && client.ws.ping;
    if (typeof ping === "number" && Number.isFinite(ping) && ping >= 0) return ping;
  }
  return null;
}
if (config.channel) {
  const heartbeat = setInterval(() => report({ type: "heartbeat", pingMs: gatewayPing() }), config.heartbeatMs || 5000);
  heartbeat.unref();
}

if (config.hostedDb) {
  const cipherDb = Object.freeze({
    get: (key) => callDatabase("get", [key]),
    // JSON copy now, as the store does: undefined is refused, Dates become strings.
    set: (key, value) =>
      value === undefined
        ? Promise.reject(new TypeError("Cannot store undefined; use delete(key) instead."))
        : callDatabase("set", [key, JSON.parse(JSON.stringify(value))]),
    delete: (key) => callDatabase("delete", [key]),
    list: (prefix = "", options = {}) => callDatabase("list", [prefix, options]),
    increment: (key, by = 1) => callDatabase("increment", [key, by]),
  });
  Object.defineProperty(globalThis, "cipherDb", { value: cipherDb, enumerable: false });
}

const patched = new WeakSet();
const analytics = config.channel ? require("./analytics.cjs").installAnalytics(report) : null;

function patchRest(exports) {
  if (!config.apiBase || patched.has(exports)) return;
  patched.add(exports);
  Object.assign(exports.DefaultRestOptions, { api: config.apiBase });
}

function patchDiscordJs(exports) {
  const Client = exports.Client;
  if (typeof Client !== "function" || patched.has(Client)) return;
  patched.add(Client);
  if (analytics) analytics.patchClient(Client);
  const readyEvent = (exports.Events && exports.Events.ClientReady) || "ready";
  const login = Client.prototype.login;
  Client.prototype.login = function cipherLogin(...args) {
    if (!patched.has(this)) {
      patched.add(this);
      report({ type: "login" });
      clients.add(this);
      this.once(readyEvent, (client) => {
        const user = client && client.user;
        report({ type: "ready", user: user ? { id: user.id, tag: user.tag } : null });
      });
    }
    return login.apply(this, args);
  };
}

// Only these two modules are looked at: touching the exports of others (e.g. half-loaded
// ones in a require cycle) makes Node print warnings.
const restModule = /(^|[\\/])@discordjs[\\/]rest([\\/]dist[\\/]index\.js)?$/;
const discordModule = /(^|[\\/])discord\.js([\\/]src[\\/]index\.js)?$/;

// Installed first, so that it runs inside the hook below: a bundled discord.js is patched too.
if (typeof config.runtimeBundle === "string") {
  require("./runtime-bundle.cjs").installRuntimeBundle(config.runtimeBundle, (packages) => {
    if (packages["@discordjs/rest"] && packages["@discordjs/rest"].DefaultRestOptions)
      patchRest(packages["@discordjs/rest"]);
    if (packages["discord.js"] && packages["discord.js"].Client) patchDiscordJs(packages["discord.js"]);
  });
}

const load = Module._load;
Module._load = function cipherLoad(request, parent, isMain) {
  const exports = load.call(this, request, parent, isMain);
  if (typeof request === "string" && exports && typeof exports === "object") {
    if (restModule.test(request) && exports.DefaultRestOptions) patchRest(exports);
    else if (discordModule.test(request) && exports.Client) patchDiscordJs(exports);
  }
  return exports;
};
