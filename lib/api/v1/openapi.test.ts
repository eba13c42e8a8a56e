/**
 * The OpenAPI document of /api/v1 is valid OpenAPI 3.1 (a well-kept validator), and it describes
 * exactly the routes under app/api/v1: a route the document lacks, or a documented operation no
 * route serves, fails here.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";

import type { ApiRouteHandler } from "./endpoint";
import { openApiDocument } from "./openapi";

const apiRoot = path.join(process.cwd(), "app", "api", "v1");
const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Every route.ts under app/api/v1, with its OpenAPI-style path ("[id]" → "{id}"). */
function routeFiles(directory = apiRoot): { file: string; path: string }[] {
  const found: { file: string; path: string }[] = [];
  for (const name of readdirSync(directory)) {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) found.push(...routeFiles(full));
    else if (name === "route.ts") {
      const relative = path.relative(apiRoot, directory).split(path.sep).filter(Boolean);
      found.push({ file: full, path: `/${relative.map((part) => part.replace(/^\[(.+)\]$/, "{$1}")).join("/")}` });
    }
  }
  return found;
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const document = openApiDocument();
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("describes exactly the routes app/api/v1 serves, each with the endpoint it documents", async () => {
    const document = openApiDocument();
    const documented = new Set<string>();
    for (const [route, item] of Object.entries(document.paths ?? {})) {
      for (const method of methods) if (item?.[method.toLowerCase() as "get"]) documented.add(`${method} ${route}`);
    }
    const served = new Set<string>();
    for (const route of routeFiles()) {
      if (route.path === "/openapi.json") continue;
      const routeModule = (await import(route.file)) as Partial<Record<(typeof methods)[number], ApiRouteHandler>>;
      for (const method of methods) {
        const handler = routeModule[method];
        if (!handler) continue;
        // Every handler under /api/v1 is an endpoint's, for that method and path.
        expect(handler.endpoint, `${method} ${route.path} is not made with apiHandler`).toBeDefined();
        expect(`${handler.endpoint!.method} ${handler.endpoint!.path}`).toBe(`${method} ${route.path}`);
        served.add(`${method} ${route.path}`);
      }
    }
    expect([...served].sort()).toEqual([...documented].sort());
    expect(served.size).toBeGreaterThanOrEqual(9);
  });

  it("names each operation's scope and documents problem details", () => {
    const document = openApiDocument();
    const operations = Object.values(document.paths ?? {}).flatMap((item) =>
      methods.map((method) => item?.[method.toLowerCase() as "get"]).filter(Boolean),
    );
    const publicOperations: string[] = [];
    for (const operation of operations) {
      const scope = (operation as Record<string, unknown>)["x-cipher-scope"];
      expect(["read", "write", "deploy", "control", "public"]).toContain(scope);
      if (scope === "public") publicOperations.push(operation!.operationId!);
      expect(operation!.responses?.["401"]).toBeDefined();
    }
    // Only signing in needs no credential.
    expect(publicOperations.sort()).toEqual(["login", "refreshLogin"]);
    expect(document.components?.schemas?.Problem).toBeDefined();
  });
});
