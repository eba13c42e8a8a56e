/**
 * The gateway: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME with a replay buffer,
 * and dispatches filtered by each session's intents (message content blanked without the
 * MessageContent intent, as Discord does). Plain JSON text frames; `compress=zlib-stream` is
 * accepted and ignored (discord.js and discord.py both read text frames).
 */
import { randomBytes } from "node:crypto";

import {
  GatewayCloseCodes,
  GatewayDispatchEvents,
  GatewayIntentBits,
  GatewayOpcodes,
  type APIMessage,
  type ApplicationFlags,
  type GatewayReadyDispatchData,
  type UserFlags,
} from "discord-api-types/v10";
import { WebSocket, WebSocketServer } from "ws";

import { TokenBucket } from "@/lib/rate-limit/token-bucket";

import type { BotAuth, Simulator } from "./context";
import { ConnectionLimiter, decodeFrame } from "./gateway-input";
import { simulatorLimits } from "./limits";
import { guildCreatePayload } from "./payloads";
import { refuseSocket } from "./request";
import { hasMember } from "./world";

const heartbeatIntervalMs = 41_250;
const replayBufferSize = 250;
/** How long a dropped session can be resumed. */
const resumeWindowMs = 120_000;

/**
 * Closes a connection that broke the protocol (Discord's close code, if given) and destroys it
 * shortly after, whether or not the client answers the close.
 */
function refuse(socket: WebSocket, code?: number, reason?: string): void {
  if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close(code, reason);
  setTimeout(() => socket.terminate(), 1_000).unref();
}

export interface Dispatch {
  t: GatewayDispatchEvents;
  d: unknown;
  /** The intent a session needs to get this event; none: every session gets it. */
  intent?: number;
  /** Only this bot (by user id) gets it (interactions). */
  toBotUserId?: string;
  /** A message event: content is blanked for sessions without MessageContent. */
  message?: APIMessage;
  /** A DM event: only the bots among these user ids get it. */
  dmRecipients?: string[];
  /**
   * The guild it happens in (else `d.guild_id`): only bots that are members of that guild get
   * it, so a bot in its own test server never sees another server's events.
   */
  guildId?: string;
}

function guildIdOf(dispatch: Dispatch): string | undefined {
  if (dispatch.guildId) return dispatch.guildId;
  const d = dispatch.d as { guild_id?: unknown } | null;
  return d && typeof d === "object" && typeof d.guild_id === "string" ? d.guild_id : undefined;
}

interface Session {
  id: string;
  auth: Omit<BotAuth, "world">;
  token: string;
  intents: number;
  socket: WebSocket | null;
  seq: number;
  buffer: { s: number; t: string; d: unknown }[];
  closedAt: number | null;
}

export class GatewayHub {
  // maxPayload above Discord's 4,096 bytes, so a payload up to it gets Discord's close code (4002)
  // and a larger frame ws's 1009 before it is buffered. UTF-8 is checked by decodeFrame (4002).
  readonly server = new WebSocketServer({
    noServer: true,
    maxPayload: simulatorLimits.gatewayFrameBytes,
    skipUTF8Validation: true,
  });
  /** Per-IP caps, checked at the upgrade (server.ts). */
  readonly connections = new ConnectionLimiter();
  private readonly sessions = new Map<string, Session>();
  private readonly identifies = new Map<string, TokenBucket>();
  /** Connections that have not identified yet. */
  private pending = 0;
  private readonly sweeper = setInterval(() => this.sweep(), 30_000);

  constructor(private readonly sim: Simulator) {
    this.sweeper.unref();
    this.server.on("connection", (socket: WebSocket, ip: string) => this.accept(socket, ip));
    this.server.on("error", (error) => console.error("[simulator] gateway server error:", error));
    this.server.on("wsClientError", (_error, socket) =>
      refuseSocket(socket, 400, "400: Bad Request: not a valid websocket handshake."),
    );
  }

  /** Whether a world has sessions (open or resumable): it stays in memory while it has. */
  hasSessions(worldUserId: string): boolean {
    for (const session of this.sessions.values()) if (session.auth.worldUserId === worldUserId) return true;
    return false;
  }

  /** Live gateway connections of this Cipher bot. */
  sessionCount(botId: string): number {
    let count = 0;
    for (const session of this.sessions.values()) if (session.auth.botId === botId && session.socket) count += 1;
    return count;
  }

  /** The intents of the bot's open sessions together (null when none is open). */
  sessionIntents(botId: string): number | null {
    let intents: number | null = null;
    for (const session of this.sessions.values()) {
      if (session.auth.botId === botId && session.socket) intents = (intents ?? 0) | session.intents;
    }
    return intents;
  }

  dispatch(worldUserId: string, dispatch: Dispatch): void {
    const guildId = guildIdOf(dispatch);
    const guild = guildId ? this.sim.worlds.peek(worldUserId)?.guilds.find((item) => item.id === guildId) : undefined;
    for (const session of this.sessions.values()) {
      if (session.auth.worldUserId !== worldUserId) continue;
      if (guildId && !(guild && hasMember(guild, session.auth.bot.userId))) continue;
      if (session.closedAt !== null && Date.now() - session.closedAt > resumeWindowMs) continue;
      if (dispatch.toBotUserId && dispatch.toBotUserId !== session.auth.bot.userId) continue;
      if (dispatch.dmRecipients && !dispatch.dmRecipients.includes(session.auth.bot.userId)) continue;
      if (dispatch.intent !== undefined && (session.intents & dispatch.intent) === 0) continue;
      this.send(session, dispatch.t, dispatch.message ? this.visible(session, dispatch) : dispatch.d);
    }
  }

  /** Drops the world's sessions: their bots reconnect, cannot resume, and identify afresh. */
  invalidateWorld(worldUserId: string): void {
    this.invalidate((session) => session.auth.worldUserId === worldUserId);
  }

  /** Drops one bot's sessions (it moved to another server): it identifies afresh. */
  invalidateBot(botId: string): void {
    this.invalidate((session) => session.auth.botId === botId);
  }

  private invalidate(which: (session: Session) => boolean): void {
    for (const [id, session] of this.sessions) {
      if (!which(session)) continue;
      this.sessions.delete(id);
      if (session.socket?.readyState === WebSocket.OPEN) {
        session.socket.send(JSON.stringify({ op: GatewayOpcodes.Reconnect, d: null, s: null, t: null }));
        session.socket.close(4000, "Reconnect");
      }
    }
  }

  /** Closes every connection (the simulator is stopping). */
  close(): void {
    clearInterval(this.sweeper);
    for (const session of this.sessions.values()) session.socket?.close(1001, "Simulator stopping");
    for (const client of this.server.clients) client.terminate();
    this.server.close();
  }

  private visible(session: Session, dispatch: Dispatch): unknown {
    const message = dispatch.message as APIMessage;
    const d = dispatch.d as APIMessage & { guild_id?: string };
    const botUserId = session.auth.bot.userId;
    const exempt =
      (session.intents & GatewayIntentBits.MessageContent) !== 0 ||
      !d.guild_id ||
      message.author.id === botUserId ||
      message.mentions.some((user) => user.id === botUserId);
    if (exempt) return d;
    return { ...d, content: "", embeds: [], attachments: [], components: [], poll: undefined };
  }

  private send(session: Session, t: string, d: unknown): void {
    session.seq += 1;
    const frame = { op: GatewayOpcodes.Dispatch, t, s: session.seq, d };
    session.buffer.push({ s: session.seq, t, d });
    if (session.buffer.length > replayBufferSize) session.buffer.shift();
    if (session.socket?.readyState === WebSocket.OPEN) session.socket.send(JSON.stringify(frame));
  }

  private accept(socket: WebSocket, ip: string): void {
    // ws closed it already (1002 protocol error, 1009 too big); make sure it goes, and the process stays.
    socket.on("error", () => refuse(socket));
    socket.once("close", () => this.connections.release(ip));
    let session: Session | null = null;
    let pending = false;
    let lastBeat = Date.now();
    const send = (payload: unknown) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(payload));
    };
    if (this.pending >= simulatorLimits.pendingConnections) {
      refuse(socket, 1013, "Too many connections waiting to identify; try again later.");
      return;
    }
    let waiting = true;
    this.pending += 1;
    const identified = () => {
      if (waiting) this.pending -= 1;
      waiting = false;
    };
    const identifyTimer = setTimeout(() => {
      if (!session) refuse(socket, GatewayCloseCodes.NotAuthenticated, "Not authenticated.");
    }, simulatorLimits.identifyTimeoutMs);
    identifyTimer.unref();
    const watchdog = setInterval(() => {
      if (Date.now() - lastBeat > heartbeatIntervalMs * 2) socket.terminate();
    }, heartbeatIntervalMs);
    watchdog.unref();
    // Discord: 120 payloads per connection per 60 s.
    let windowStart = Date.now();
    let payloads = 0;
    send({
      op: GatewayOpcodes.Hello,
      d: { heartbeat_interval: heartbeatIntervalMs, _trace: ["cipher-simulator"] },
      s: null,
      t: null,
    });

    socket.on("message", (raw) => {
      // ws still delivers frames that arrive after we started closing: they get nothing.
      if (socket.readyState !== WebSocket.OPEN) return;
      const now = Date.now();
      if (now - windowStart >= 60_000) {
        windowStart = now;
        payloads = 0;
      }
      if (++payloads > simulatorLimits.gatewayPayloadsPerMinute) {
        refuse(socket, GatewayCloseCodes.RateLimited, "You are being rate limited.");
        return;
      }
      const decoded = decodeFrame(raw, session !== null);
      if ("close" in decoded) {
        refuse(socket, decoded.close.code, decoded.close.reason);
        return;
      }
      const payload = decoded.payload;
      switch (payload.op) {
        case GatewayOpcodes.Heartbeat:
          lastBeat = Date.now();
          send({ op: GatewayOpcodes.HeartbeatAck, d: null, s: null, t: null });
          return;
        case GatewayOpcodes.Identify:
        case GatewayOpcodes.Resume:
          if (session || pending) {
            refuse(socket, GatewayCloseCodes.AlreadyAuthenticated, "You sent more than one identify payload.");
            return;
          }
          pending = true;
          void (
            payload.op === GatewayOpcodes.Identify ? this.identify(socket, payload.d) : this.resume(socket, payload.d)
          )
            .then((started) => {
              pending = false;
              session = started;
              if (started) identified();
            })
            .catch((error: unknown) => {
              console.error("[simulator] gateway error:", error);
              refuse(socket, GatewayCloseCodes.UnknownError, "Unknown error");
            });
          return;
        case GatewayOpcodes.RequestGuildMembers:
          if (session) this.requestMembers(session, payload.d);
          return;
        default:
          // Presence, voice state, soundboard and channel-info requests: accepted, nothing to do.
          return;
      }
    });

    socket.on("close", () => {
      clearInterval(watchdog);
      clearTimeout(identifyTimer);
      identified();
      if (!session) return;
      const closed = session;
      closed.socket = null;
      closed.closedAt = Date.now();
      if (this.sessionCount(closed.auth.botId) === 0) {
        this.sim.events.emit(closed.auth.worldUserId, {
          type: "bot_disconnected",
          at: new Date().toISOString(),
          botId: closed.auth.botId,
          data: { botId: closed.auth.botId, sessionId: closed.id },
        });
      }
    });
  }

  private async identify(socket: WebSocket, data: unknown): Promise<Session | null> {
    const d = (data ?? {}) as { token?: unknown; intents?: unknown };
    const auth = typeof d.token === "string" ? await this.sim.resolveBot(d.token) : null;
    if (!auth) {
      socket.close(GatewayCloseCodes.AuthenticationFailed, "Authentication failed.");
      return null;
    }
    const intents = typeof d.intents === "number" ? d.intents : NaN;
    if (!Number.isInteger(intents) || intents < 0 || intents >= 1 << 26) {
      socket.close(GatewayCloseCodes.InvalidIntents, "Invalid intent(s).");
      return null;
    }
    if (!this.admit(auth.botId)) {
      socket.close(GatewayCloseCodes.RateLimited, "You are being rate limited.");
      return null;
    }
    const { world, ...rest } = auth;
    const session: Session = {
      id: randomBytes(16).toString("hex"),
      auth: rest,
      token: d.token as string,
      intents,
      socket,
      seq: 0,
      buffer: [],
      closedAt: null,
    };
    const wasConnected = this.sessionCount(auth.botId) > 0;
    // The guilds it is a member of: its own test server, or the shared one (runtime/simulator/bots.ts).
    const guilds = world.guilds.filter((guild) => hasMember(guild, auth.bot.userId));
    this.sessions.set(session.id, session);
    const ready: GatewayReadyDispatchData = {
      v: 10,
      user: {
        id: auth.bot.userId,
        username: auth.bot.username,
        discriminator: "0001",
        global_name: null,
        avatar: null,
        bot: true,
        verified: true,
        mfa_enabled: false,
        flags: 0 as UserFlags,
      },
      guilds: guilds.map((guild) => ({ id: guild.id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: `${this.sim.baseUrl.replace(/^http/, "ws")}/gateway`,
      shard: [0, 1],
      application: { id: auth.bot.applicationId, flags: 0 as ApplicationFlags, flags_new: "0" },
    };
    this.send(session, GatewayDispatchEvents.Ready, {
      ...ready,
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      _trace: ["cipher-simulator"],
    });
    const withMembers = (intents & GatewayIntentBits.GuildMembers) !== 0;
    for (const guild of guilds) {
      const members = withMembers
        ? guild.members
        : guild.members.filter((member) => member.user.id === auth.bot.userId);
      const joinedAt =
        guild.members.find((member) => member.user.id === auth.bot.userId)?.joined_at ?? new Date().toISOString();
      const withVoice = (intents & GatewayIntentBits.GuildVoiceStates) !== 0;
      this.send(session, GatewayDispatchEvents.GuildCreate, guildCreatePayload(guild, members, joinedAt, withVoice));
    }
    if (!wasConnected) {
      this.sim.events.emit(auth.worldUserId, {
        type: "bot_connected",
        at: new Date().toISOString(),
        botId: auth.botId,
        data: { botId: auth.botId, sessionId: session.id, intents },
      });
    }
    return session;
  }

  /**
   * Room for one more session of this bot: its identifies are rate-limited, sessions it left
   * closed give way oldest first, and it may not hold more than sessionsPerBot open at once.
   */
  private admit(botId: string): boolean {
    let bucket = this.identifies.get(botId);
    if (!bucket) {
      bucket = new TokenBucket(1000 / simulatorLimits.identifyEveryMs, simulatorLimits.identifyBurst);
      this.identifies.set(botId, bucket);
    }
    if (!bucket.take()) return false;
    const own = [...this.sessions.values()].filter((session) => session.auth.botId === botId);
    if (own.filter((session) => session.socket).length >= simulatorLimits.sessionsPerBot) return false;
    const closed = own.filter((session) => !session.socket).sort((a, b) => (a.closedAt ?? 0) - (b.closedAt ?? 0));
    for (let excess = own.length + 1 - simulatorLimits.sessionsPerBot; excess > 0 && closed.length; excess--) {
      this.sessions.delete(closed.shift()!.id);
    }
    return true;
  }

  private async resume(socket: WebSocket, data: unknown): Promise<Session | null> {
    const d = (data ?? {}) as { token?: unknown; session_id?: unknown; seq?: unknown };
    const auth = typeof d.token === "string" ? await this.sim.resolveBot(d.token) : null;
    if (!auth) {
      socket.close(GatewayCloseCodes.AuthenticationFailed, "Authentication failed.");
      return null;
    }
    const session = typeof d.session_id === "string" ? this.sessions.get(d.session_id) : undefined;
    const seq = typeof d.seq === "number" ? d.seq : -1;
    const oldest = session?.buffer[0]?.s ?? (session ? session.seq + 1 : 0);
    const resumable =
      session &&
      session.auth.botId === auth.botId &&
      session.socket === null &&
      session.closedAt !== null &&
      Date.now() - session.closedAt <= resumeWindowMs &&
      seq <= session.seq &&
      seq >= oldest - 1;
    if (!session || !resumable) {
      socket.send(JSON.stringify({ op: GatewayOpcodes.InvalidSession, d: false, s: null, t: null }));
      return null;
    }
    session.socket = socket;
    session.closedAt = null;
    for (const event of session.buffer) {
      if (event.s > seq)
        socket.send(JSON.stringify({ op: GatewayOpcodes.Dispatch, t: event.t, s: event.s, d: event.d }));
    }
    this.send(session, GatewayDispatchEvents.Resumed, { _trace: ["cipher-simulator"] });
    return session;
  }

  private requestMembers(session: Session, data: unknown): void {
    const d = (data ?? {}) as {
      guild_id?: unknown;
      query?: unknown;
      limit?: unknown;
      user_ids?: unknown;
      nonce?: unknown;
    };
    const world = this.sim.worlds.peek(session.auth.worldUserId);
    const guildIds = Array.isArray(d.guild_id) ? d.guild_id : [d.guild_id];
    for (const guildId of guildIds) {
      const guild = world?.guilds.find((item) => item.id === guildId);
      if (!guild || !hasMember(guild, session.auth.bot.userId)) continue;
      let members = guild.members;
      let notFound: string[] | undefined;
      if (d.user_ids !== undefined) {
        const ids = (Array.isArray(d.user_ids) ? d.user_ids : [d.user_ids]).map(String);
        members = members.filter((member) => ids.includes(member.user.id));
        notFound = ids.filter((id) => !members.some((member) => member.user.id === id));
      } else {
        if ((session.intents & GatewayIntentBits.GuildMembers) === 0) {
          session.socket?.close(GatewayCloseCodes.DisallowedIntents, "Disallowed intent(s).");
          return;
        }
        const query = typeof d.query === "string" ? d.query.toLowerCase() : "";
        members = members.filter((member) => member.user.username.toLowerCase().startsWith(query));
        const limit = typeof d.limit === "number" && d.limit > 0 ? d.limit : members.length;
        members = members.slice(0, limit);
      }
      this.send(session, GatewayDispatchEvents.GuildMembersChunk, {
        guild_id: guild.id,
        members,
        chunk_index: 0,
        chunk_count: 1,
        ...(notFound?.length ? { not_found: notFound } : {}),
        ...(d.nonce !== undefined ? { nonce: d.nonce } : {}),
      });
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions) {
      if (session.closedAt !== null && now - session.closedAt > resumeWindowMs) this.sessions.delete(id);
    }
    const active = new Set([...this.sessions.values()].map((session) => session.auth.botId));
    for (const botId of this.identifies.keys()) if (!active.has(botId)) this.identifies.delete(botId);
  }
}
