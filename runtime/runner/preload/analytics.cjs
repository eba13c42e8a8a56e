// What a discord.js bot handled, for the Analytics page: slash commands (name with subcommand,
// guild, user, time from receipt to the first reply/defer, success or error), messages seen,
// guild joins/leaves and client errors. Batched (1 s or 50 events) to the runner over fd 3 as
// { type: "analytics", events }; the runner hashes user ids before storing anything. Messages are
// counted per guild and author within a batch ({ kind: "message", count }), not sent one by one.
/* eslint-disable @typescript-eslint/no-require-imports -- loaded by the CommonJS preload. */
"use strict";

const { AsyncLocalStorage } = require("node:async_hooks");

const flushMs = 1000;
const batchSize = 50;
/** No listener promise to wait for and no response yet: give the bot this long to answer. */
const answerWindowMs = 3000;
const responders = ["reply", "deferReply", "update", "deferUpdate", "showModal"];

function installAnalytics(report) {
  const context = new AsyncLocalStorage();
  let buffer = [];
  /** Messages of this batch by guild and author: { kind: "message", guildId, actorId, count, at }. */
  let messages = new Map();
  let timer = null;

  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (buffer.length === 0 && messages.size === 0) return;
    const events = buffer.concat([...messages.values()]);
    buffer = [];
    messages = new Map();
    report({ type: "analytics", events });
  }

  function schedule() {
    if (buffer.length + messages.size >= batchSize) flush();
    else if (!timer) {
      timer = setTimeout(flush, flushMs);
      timer.unref();
    }
  }

  function record(event) {
    buffer.push({ at: new Date().toISOString(), ...event });
    schedule();
  }

  function countMessage(guildId, actorId) {
    const key = `${guildId}|${actorId}`;
    const counted = messages.get(key);
    if (counted) counted.count += 1;
    else messages.set(key, { at: new Date().toISOString(), kind: "message", guildId, actorId, count: 1 });
    schedule();
  }

  function shortError(error) {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return text.slice(0, 100);
  }

  // An error logged while a handler runs (the templates catch and console.error) marks it failed.
  const consoleError = console.error;
  console.error = function cipherConsoleError(...args) {
    const tracker = context.getStore();
    if (tracker) tracker.failed = true;
    return consoleError.apply(this, args);
  };

  function commandName(interaction) {
    const parts = [interaction.commandName];
    try {
      const options = interaction.options;
      const group =
        options && typeof options.getSubcommandGroup === "function" ? options.getSubcommandGroup(false) : null;
      const sub = options && typeof options.getSubcommand === "function" ? options.getSubcommand(false) : null;
      if (group) parts.push(group);
      if (sub) parts.push(sub);
    } catch {
      // Not a chat-input command's options.
    }
    return parts.filter(Boolean).join(" ");
  }

  function commandTracker(interaction) {
    const receivedAt = performance.now();
    const tracker = {
      failed: false,
      pending: 0,
      respondedAt: null,
      done: false,
      finish() {
        if (tracker.done) return;
        tracker.done = true;
        record({
          kind: "command",
          name: commandName(interaction),
          guildId: interaction.guildId || null,
          actorId: (interaction.user && interaction.user.id) || null,
          durationMs: tracker.respondedAt === null ? null : Math.round((tracker.respondedAt - receivedAt) * 10) / 10,
          ok: !tracker.failed,
        });
      },
      settle() {
        if (tracker.pending > 0 || tracker.done) return;
        if (tracker.respondedAt !== null) tracker.finish();
        else setTimeout(() => tracker.finish(), answerWindowMs).unref();
      },
    };
    for (const method of responders) {
      const original = interaction[method];
      if (typeof original !== "function") continue;
      interaction[method] = function cipherRespond(...args) {
        if (tracker.respondedAt === null) tracker.respondedAt = performance.now();
        const result = original.apply(this, args);
        if (result && typeof result.then === "function") result.then(null, () => (tracker.failed = true));
        return result;
      };
    }
    return tracker;
  }

  /** Calls the listeners as EventEmitter#emit does, inside the tracker's context, watching their promises. */
  function emitTracked(client, event, args, tracker) {
    const listeners = client.rawListeners(event);
    if (listeners.length === 0) return false;
    for (const listener of listeners) {
      let result;
      try {
        result = context.run(tracker, () => listener.apply(client, args));
      } catch (error) {
        tracker.failed = true;
        tracker.error = error;
        tracker.settle();
        throw error;
      }
      if (result && typeof result.then === "function") {
        tracker.pending += 1;
        result.then(
          () => {
            tracker.pending -= 1;
            tracker.settle();
          },
          (error) => {
            tracker.failed = true;
            tracker.error = error;
            tracker.pending -= 1;
            tracker.settle();
            // Still unhandled, as without Cipher: the bot's own rejection handling applies.
            throw error;
          },
        );
      }
    }
    tracker.settle();
    return true;
  }

  /**
   * "!rules" from "!rules please": a word that starts with a prefix character and is short, as
   * prefix commands and custom triggers are; anything else is "(reply to a message)", so no other
   * words of a member's message reach the analytics.
   */
  function prefixCommandName(content) {
    const first = typeof content === "string" ? content.trim().split(/\s+/)[0] : "";
    return /^[!?.$%&+\-=>;,~^][\w-]{1,31}$/u.test(first || "") ? first.toLowerCase() : "(reply to a message)";
  }

  /** Messages the bot sends while handling a message tell that message's tracker it was answered. */
  const patchedRest = new WeakSet();
  function patchReplies(client) {
    const rest = client && client.rest;
    if (!rest || typeof rest.post !== "function" || patchedRest.has(rest)) return;
    patchedRest.add(rest);
    const post = rest.post;
    rest.post = function cipherPost(route, ...more) {
      try {
        const tracker = context.getStore();
        if (tracker && typeof tracker.onReply === "function" && /^\/channels\/\d+\/messages$/.test(String(route))) {
          tracker.onReply();
        }
      } catch {
        // Counting never changes what the bot does.
      }
      return post.call(this, route, ...more);
    };
  }

  function patchClient(Client) {
    const emit = Client.prototype.emit;
    Client.prototype.emit = function cipherEmit(event, ...args) {
      try {
        if (event === "interactionCreate") {
          const interaction = args[0];
          if (interaction && typeof interaction.isChatInputCommand === "function" && interaction.isChatInputCommand()) {
            return emitTracked(this, event, args, commandTracker(interaction));
          }
        } else if (event === "messageCreate") {
          const message = args[0];
          const author = message && message.author;
          if (author && !(this.user && author.id === this.user.id)) {
            countMessage(message.guildId || null, author.id);
          }
          patchReplies(this);
          const receivedAt = performance.now();
          const tracker = {
            failed: false,
            pending: 0,
            // The bot answered this message (a prefix command, a trigger, a reply): counted like a
            // slash command, named by its prefix word when it has one.
            onReply() {
              if (tracker.replied || !author || author.bot) return;
              tracker.replied = true;
              record({
                kind: "command",
                name: prefixCommandName(message.content),
                guildId: message.guildId || null,
                actorId: author.id,
                durationMs: Math.round((performance.now() - receivedAt) * 10) / 10,
                ok: true,
              });
            },
            settle() {
              if (tracker.pending > 0 || !tracker.failed || tracker.reported) return;
              tracker.reported = true;
              record({
                kind: "error",
                name: tracker.error ? shortError(tracker.error) : "messageCreate handler failed",
              });
            },
          };
          return emitTracked(this, event, args, tracker);
        } else if (event === "guildCreate" || event === "guildDelete") {
          const guild = args[0];
          record({
            kind: event === "guildCreate" ? "guild_join" : "guild_leave",
            guildId: (guild && guild.id) || null,
          });
        } else if (event === "error") {
          record({ kind: "error", name: shortError(args[0]) });
        }
      } catch (error) {
        if (event === "interactionCreate" || event === "messageCreate") throw error;
      }
      return emit.call(this, event, ...args);
    };
  }

  return { patchClient, flush };
}

module.exports = { installAnalytics };
