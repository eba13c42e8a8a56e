/** What an API key may do: each /v1 endpoint needs one of these (lib/api/v1). */
export const apiScopes = ["read", "write", "deploy", "control"] as const;
export type ApiScope = (typeof apiScopes)[number];

export const apiScopeDescriptions: Record<ApiScope, { label: string; description: string }> = {
  read: { label: "Read", description: "List bots, their status, logs, versions and analytics." },
  write: { label: "Write", description: "Create, rename and delete bots and their commands." },
  deploy: { label: "Deploy", description: "Upload new code as a version (cipher deploy, CI)." },
  control: { label: "Control", description: "Start, stop and restart bots." },
};

/** How long a new key lives; "never" keys last until revoked. */
export const apiKeyLifetimes = ["7", "30", "90", "365", "never"] as const;
export type ApiKeyLifetime = (typeof apiKeyLifetimes)[number];

export const apiKeyLifetimeLabels: Record<ApiKeyLifetime, string> = {
  "7": "7 days",
  "30": "30 days",
  "90": "90 days",
  "365": "1 year",
  never: "No expiry",
};

/** Keys one user may hold at once (revoked and expired ones do not count). */
export const maxActiveApiKeys = 25;

/** Every key starts with this, so secret scanners (and people) recognise a leaked one. */
export const apiKeyPrefix = "cph_";

/** Tools → API Keys. */
export const apiKeysPath = "/dashboard/tools/api-keys";
