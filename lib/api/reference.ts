/**
 * The public REST API (spec section 7): one description shared by the /api reference page
 * and, later, the /api/v1 route handlers and their tests.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface ApiEndpoint {
  method: HttpMethod;
  /** Path below the base URL, with `{id}` placeholders. */
  path: string;
  group: "Authentication" | "Bots" | "Commands" | "Analytics";
  summary: string;
  description: string;
  /** False only for endpoints that obtain credentials. */
  requiresAuth: boolean;
  request?: unknown;
  response: unknown;
  errors: number[];
}

export const apiVersion = "v1";
export const apiBasePath = `/api/${apiVersion}`;

export const apiErrors: Record<number, string> = {
  400: "The request body or parameters are invalid; the response lists each field.",
  401: "The API key or access token is missing, invalid or revoked.",
  404: "The resource does not exist or does not belong to your account.",
  409: "The change conflicts with the current state (e.g. a duplicate command name).",
  429: "Too many requests; wait for the number of seconds in Retry-After.",
};

const bot = {
  id: "bot_01J9ZK3M4N",
  name: "Guardian",
  description: "Moderation with a strike ladder",
  language: "javascript",
  status: "online",
  createdAt: "2025-07-02T10:15:00Z",
  updatedAt: "2025-07-09T18:42:00Z",
};

const command = {
  id: "cmd_01J9ZM0Q7T",
  botId: bot.id,
  name: "warn",
  description: "Warn a member and add a strike",
  enabled: true,
};

export const apiEndpoints: ApiEndpoint[] = [
  {
    method: "POST",
    path: "/auth/login",
    group: "Authentication",
    summary: "Exchange credentials for tokens",
    description: "Signs in with email and password and returns a short-lived access token and a refresh token.",
    requiresAuth: false,
    request: { email: "you@example.com", password: "••••••••" },
    response: { accessToken: "eyJhbGciOi…", refreshToken: "rt_…", expiresIn: 900 },
    errors: [400, 401, 429],
  },
  {
    method: "POST",
    path: "/auth/refresh",
    group: "Authentication",
    summary: "Refresh an access token",
    description: "Returns a new access token for a valid refresh token. Refresh tokens are single use.",
    requiresAuth: false,
    request: { refreshToken: "rt_…" },
    response: { accessToken: "eyJhbGciOi…", refreshToken: "rt_…", expiresIn: 900 },
    errors: [400, 401],
  },
  {
    method: "POST",
    path: "/auth/logout",
    group: "Authentication",
    summary: "Revoke a refresh token",
    description: "Ends the session the refresh token belongs to.",
    requiresAuth: true,
    request: { refreshToken: "rt_…" },
    response: { ok: true },
    errors: [401],
  },
  {
    method: "GET",
    path: "/bots",
    group: "Bots",
    summary: "List your bots",
    description: "Every bot in your account, newest first. Bot tokens are never returned.",
    requiresAuth: true,
    response: { data: [bot] },
    errors: [401, 429],
  },
  {
    method: "POST",
    path: "/bots",
    group: "Bots",
    summary: "Create a bot",
    description: "Creates a bot. The Discord token is encrypted at rest and can be replaced but never read back.",
    requiresAuth: true,
    request: {
      name: "Guardian",
      description: "Moderation with a strike ladder",
      language: "javascript",
      token: "<discord bot token>",
    },
    response: { data: bot },
    errors: [400, 401, 409, 429],
  },
  {
    method: "PUT",
    path: "/bots/{id}",
    group: "Bots",
    summary: "Update a bot",
    description: "Changes the name, description or token. Send only the fields to change.",
    requiresAuth: true,
    request: { name: "Guardian v2" },
    response: { data: { ...bot, name: "Guardian v2" } },
    errors: [400, 401, 404, 429],
  },
  {
    method: "DELETE",
    path: "/bots/{id}",
    group: "Bots",
    summary: "Delete a bot",
    description: "Stops the bot if it is running and moves it to the archive.",
    requiresAuth: true,
    response: { ok: true },
    errors: [401, 404],
  },
  {
    method: "GET",
    path: "/bots/{id}/commands",
    group: "Commands",
    summary: "List a bot's commands",
    description: "The slash commands the bot registers.",
    requiresAuth: true,
    response: { data: [command] },
    errors: [401, 404],
  },
  {
    method: "POST",
    path: "/bots/{id}/commands",
    group: "Commands",
    summary: "Add a command",
    description: "Adds a slash command. Names are 1–32 lower-case characters and unique per bot.",
    requiresAuth: true,
    request: { name: "warn", description: "Warn a member and add a strike" },
    response: { data: command },
    errors: [400, 401, 404, 409],
  },
  {
    method: "PUT",
    path: "/commands/{id}",
    group: "Commands",
    summary: "Update a command",
    description: "Changes a command's description or turns it on and off.",
    requiresAuth: true,
    request: { enabled: false },
    response: { data: { ...command, enabled: false } },
    errors: [400, 401, 404],
  },
  {
    method: "DELETE",
    path: "/commands/{id}",
    group: "Commands",
    summary: "Delete a command",
    description: "Removes the command; Discord drops it at the bot's next start.",
    requiresAuth: true,
    response: { ok: true },
    errors: [401, 404],
  },
  {
    method: "GET",
    path: "/bots/{id}/analytics",
    group: "Analytics",
    summary: "Command analytics",
    description: "Commands run, unique users and errors for a period: 24h, 7d (default), 30d or 90d (`?period=30d`).",
    requiresAuth: true,
    response: {
      period: "7d",
      commands: 4120,
      uniqueUsers: 812,
      errors: 3,
      topCommands: [{ name: "warn", count: 1260 }],
    },
    errors: [400, 401, 404],
  },
  {
    method: "GET",
    path: "/bots/{id}/usage",
    group: "Analytics",
    summary: "Resource usage",
    description: "CPU, memory and network of the bot's process over the period, sampled every minute.",
    requiresAuth: true,
    response: {
      period: "24h",
      samples: [{ at: "2025-07-09T18:00:00Z", cpuPercent: 3.2, memoryMb: 86, networkKb: 41 }],
    },
    errors: [400, 401, 404],
  },
  {
    method: "GET",
    path: "/bots/{id}/performance",
    group: "Analytics",
    summary: "Performance",
    description: "Uptime, restarts and command latency percentiles over the period.",
    requiresAuth: true,
    response: { period: "7d", uptimePercent: 99.94, restarts: 1, latencyMs: { p50: 84, p95: 210, p99: 390 } },
    errors: [400, 401, 404],
  },
];

/** `/bots/{id}` → `bots-id`, for anchors. */
export function endpointAnchor(endpoint: Pick<ApiEndpoint, "method" | "path">): string {
  return `${endpoint.method.toLowerCase()}-${endpoint.path
    .replace(/[{}]/g, "")
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")}`;
}
