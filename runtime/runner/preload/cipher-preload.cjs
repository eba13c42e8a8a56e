// Loaded with `node -r` before every bot the Cipher runner starts (see runtime/runner/sandbox.ts).
// - Points discord.js's REST client at the simulator when the run connects there.
// - Tells the runner, on fd 3, when a discord.js Client is ready, so the bot's status turns
//   "running" only once it is really connected.
// The runner's settings arrive in CIPHER_RUNNER_CONFIG, removed here so the bot never sees it.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload for `node -r`. */
"use strict";

const fs = require("node:fs");
const Module = require("node:module");

let config = {};
try {
  config = JSON.parse(process.env.CIPHER_RUNNER_CONFIG || "{}");
} catch {
  config = {};
}
delete process.env.CIPHER_RUNNER_CONFIG;

function report(message) {
  try {
    fs.writeSync(3, JSON.stringify(message) + "\n");
  } catch {
    // No channel (run outside the runner): nothing to report to.
  }
}

const patched = new WeakSet();

function patchRest(exports) {
  if (!config.apiBase || patched.has(exports)) return;
  patched.add(exports);
  Object.assign(exports.DefaultRestOptions, { api: config.apiBase });
}

function patchDiscordJs(exports) {
  const Client = exports.Client;
  if (typeof Client !== "function" || patched.has(Client)) return;
  patched.add(Client);
  const readyEvent = (exports.Events && exports.Events.ClientReady) || "ready";
  const login = Client.prototype.login;
  Client.prototype.login = function cipherLogin(...args) {
    if (!patched.has(this)) {
      patched.add(this);
      report({ type: "login" });
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

const load = Module._load;
Module._load = function cipherLoad(request, parent, isMain) {
  const exports = load.call(this, request, parent, isMain);
  if (typeof request === "string" && exports && typeof exports === "object") {
    if (restModule.test(request) && exports.DefaultRestOptions) patchRest(exports);
    else if (discordModule.test(request) && exports.Client) patchDiscordJs(exports);
  }
  return exports;
};
