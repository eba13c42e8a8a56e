// Part of the Cipher runner's preload: a bot may reach the internet (Discord) and the simulator,
// but not this machine's other services (the database above all) or private networks, nor Unix
// sockets. Node's permission model does not cover the network; process.binding is denied by it,
// so every TCP connection goes through net.Socket.prototype.connect, guarded here.
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded by the preload. */
"use strict";

const dns = require("node:dns");
const net = require("node:net");

function isPrivate(address) {
  if (net.isIPv4(address)) {
    const [a, b] = address.split(".").map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  const value = address.toLowerCase();
  if (value.startsWith("::ffff:")) return isPrivate(value.slice(7)) || !net.isIPv4(value.slice(7));
  return value === "::" || value === "::1" || /^f[cd]/.test(value) || value.startsWith("fe80");
}

function denied(target) {
  const error = new Error(
    `Connection to ${target} refused by Cipher: bots may connect to Discord and the internet, not to local or private addresses.`,
  );
  error.code = "ERR_ACCESS_DENIED";
  return error;
}

function installNetworkGuard(allowed) {
  const allowedTargets = new Set(allowed);
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function guardedConnect(...args) {
    // net.connect() passes the arguments already normalised, as one array.
    const [options, callback] = args.length === 1 && Array.isArray(args[0]) ? args[0] : net._normalizeArgs(args);
    if (options.path) {
      process.nextTick(() => this.destroy(denied(`the Unix socket ${options.path}`)));
      return this;
    }
    const host = options.host || "localhost";
    const port = Number(options.port);
    if (allowedTargets.has(`${host}:${port}`)) return connect.call(this, options, callback);
    if (net.isIP(host)) {
      if (!isPrivate(host)) return connect.call(this, options, callback);
      process.nextTick(() => this.destroy(denied(`${host}:${port}`)));
      return this;
    }
    const lookup = options.lookup || dns.lookup;
    const guardedLookup = (hostname, lookupOptions, done) => {
      lookup(hostname, lookupOptions, (error, address, family) => {
        if (error) return done(error);
        const addresses = Array.isArray(address) ? address.map((entry) => entry.address) : [address];
        const blocked = addresses.find((item) => isPrivate(item) && !allowedTargets.has(`${item}:${port}`));
        if (blocked) return done(denied(`${hostname} (${blocked}):${port}`));
        return done(null, address, family);
      });
    };
    return connect.call(this, { ...options, lookup: guardedLookup }, callback);
  };
}

module.exports = { installNetworkGuard, isPrivate };
