import { describe, expect, it } from "vitest";

import { apiEndpoints, endpointAnchor } from "./reference";

describe("API reference data", () => {
  it("documents exactly the spec's /v1 endpoints", () => {
    expect(apiEndpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual(
      [
        "POST /auth/login",
        "POST /auth/refresh",
        "POST /auth/logout",
        "GET /bots",
        "POST /bots",
        "PUT /bots/{id}",
        "DELETE /bots/{id}",
        "GET /bots/{id}/commands",
        "POST /bots/{id}/commands",
        "PUT /commands/{id}",
        "DELETE /commands/{id}",
        "GET /bots/{id}/analytics",
        "GET /bots/{id}/usage",
        "GET /bots/{id}/performance",
      ].sort(),
    );
  });

  it("gives every endpoint a unique anchor", () => {
    const anchors = apiEndpoints.map(endpointAnchor);
    expect(new Set(anchors).size).toBe(anchors.length);
    expect(endpointAnchor({ method: "PUT", path: "/bots/{id}" })).toBe("put-bots-id");
  });

  it("never shows a bot token in a bot or command response example", () => {
    for (const endpoint of apiEndpoints.filter((e) => e.group !== "Authentication")) {
      expect(JSON.stringify(endpoint.response)).not.toMatch(/token/i);
    }
  });
});
