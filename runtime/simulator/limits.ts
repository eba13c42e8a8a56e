/**
 * How far one world, one bot or one request may grow the simulator: Discord's own limits where it
 * has them (channels, roles, embeds, gateway payloads), and the simulator's where Discord relies
 * on scale instead (kept messages, DM channels, members, sessions). A bot that hits one gets a
 * Discord-style error; the simulator and every other world carry on.
 */
export const simulatorLimits = {
  /** Discord: 500 channels per guild (code 30013). */
  channelsPerGuild: 500,
  /** Discord: 250 roles per guild (code 30005). */
  rolesPerGuild: 250,
  /** Discord: 20 different reactions per message (code 30010). */
  reactionsPerMessage: 20,
  /** Members that can join a simulated guild from the control API. */
  membersPerGuild: 1000,
  /**
   * Bots' own test servers per world; a bot set to its own server beyond this many joins the
   * world's shared server instead (the Test tab says so).
   */
  ownGuildsPerWorld: 50,
  /** DM channels per world (every bot with every user). */
  dmChannelsPerWorld: 1000,
  /** Messages kept per channel, and per world across all its channels (oldest dropped first). */
  messagesPerChannel: 100,
  messagesPerWorld: 5000,
  /** Discord: the text of all embeds of a message at most 6,000 characters. */
  embedChars: 6000,
  /** Whole embeds and components of one message, as JSON (URLs, colours, nested rows…). */
  embedsJsonBytes: 64 * 1024,
  componentsJsonBytes: 64 * 1024,
  /** A JSON request body (REST or control API); multipart bodies may carry files up to Discord's 25 MB. */
  jsonBodyBytes: 1024 * 1024,
  multipartBodyBytes: 25 * 1024 * 1024,
  /** A refused body is still read (and dropped) this long, up to this much, so its answer arrives. */
  drainBodyMs: 1_000,
  drainBodyBytes: 8 * 1024 * 1024,
  /**
   * JSON nesting, in any body or gateway payload: Discord's deepest real payloads (components v2
   * in containers, embeds with fields) stay under 16; beyond this is refused before parsing.
   */
  jsonDepth: 64,
  /** Discord: a gateway payload from a client is at most 4,096 bytes (else close 4002). */
  gatewayPayloadBytes: 4096,
  /** A websocket frame larger than this is refused by the socket itself (close 1009), before it is buffered. */
  gatewayFrameBytes: 64 * 1024,
  /** Discord: 120 gateway payloads per connection per 60 s (else close 4008). */
  gatewayPayloadsPerMinute: 120,
  /** Gateway sessions (open, or closed and still resumable) per bot. */
  sessionsPerBot: 10,
  /** Identifies per bot: a burst, then one every `identifyEveryMs`. */
  identifyBurst: 20,
  identifyEveryMs: 1000,
  /** A connection that has not identified (or resumed) by then is closed (4003). */
  identifyTimeoutMs: 15_000,
  /** Connections not yet identified, across the simulator. */
  pendingConnections: 1000,
  /**
   * Gateway connections from one IP address at once, and new ones per IP (a burst, then a steady
   * rate); beyond them the upgrade gets HTTP 429. Discord documents none per IP beyond its
   * per-bot identify limits (max_concurrency, session_start_limit) and Cloudflare's ban of IPs
   * sending 10,000 invalid requests in 10 minutes, so these are sized for this host: every bot
   * the runner hosts connects from loopback (10 sessions per bot at most).
   */
  gatewayConnectionsPerIp: 1000,
  gatewayConnectsPerIpBurst: 200,
  gatewayConnectsPerIpPerSecond: 50,
  /** A world nobody used for this long (no request, no session, no event stream) leaves memory; it stays saved. */
  idleWorldMs: 10 * 60_000,
} as const;
