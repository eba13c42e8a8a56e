import { describe, expect, it } from "vitest";

import { apiReference, endpointAnchor } from "./reference";
import { endpoints } from "./v1/registry";

describe("the /api reference page's content", () => {
  const reference = apiReference();
  const operations = reference.groups.flatMap((group) => group.operations);

  it("lists exactly the endpoints the API serves, read from its OpenAPI document", () => {
    expect(operations.map((operation) => `${operation.method} ${operation.path}`).sort()).toEqual(
      endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`).sort(),
    );
    // The spec's list of illustrative endpoints that exist so far.
    for (const listed of [
      "GET /bots",
      "POST /bots",
      "PUT /bots/{id}",
      "DELETE /bots/{id}",
      "GET /bots/{id}/commands",
    ]) {
      expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toContain(listed);
    }
  });

  it("gives each operation its scope, parameters, body and answer fields", () => {
    const deploy = operations.find((operation) => operation.path === "/bots/{id}/files")!;
    expect(deploy.scope).toBe("deploy");
    expect(deploy.parameters.map((parameter) => parameter.name)).toContain("id");
    expect(deploy.body?.fields.map((field) => field.name)).toEqual(["files", "message", "restart"]);
    const list = operations.find((operation) => operation.method === "GET" && operation.path === "/bots")!;
    expect(list.responses.find((response) => response.status === "200")?.fields?.map((field) => field.name)).toEqual([
      "data",
      "nextCursor",
    ]);
    expect(reference.problemFields.map((field) => field.name)).toContain("code");
  });

  it("gives every endpoint a unique anchor", () => {
    const anchors = operations.map(endpointAnchor);
    expect(new Set(anchors).size).toBe(anchors.length);
    expect(endpointAnchor({ method: "PUT", path: "/bots/{id}" })).toBe("put-bots-id");
  });

  it("never documents a token or a key's secret in an answer (but signing in's own new tokens)", () => {
    const signingIn = new Set(["/auth/login", "/auth/refresh"]);
    for (const operation of operations.filter((candidate) => !signingIn.has(candidate.path))) {
      for (const response of operation.responses) {
        expect((response.fields ?? []).map((field) => field.name).join(" ")).not.toMatch(/token|secret|hash/i);
      }
    }
  });
});
