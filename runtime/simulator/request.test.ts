import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "./http";
import { handleRequests, parseTarget } from "./request";

let server: Server | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(handler: Parameters<typeof handleRequests>[0]): Promise<string> {
  server = createServer(handleRequests(handler));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe("the simulator's request wrapper", () => {
  it("answers an unexpected error with a 500 that carries the request id, and logs it with that id", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let calls = 0;
    const url = await serve(async (_request, response) => {
      calls += 1;
      if (calls === 1) throw new TypeError("Cannot read properties of null (reading 'type')");
      response.end("fine");
    });
    const failed = await fetch(`${url}/api/v10/anything?token=secret`);
    const body = (await failed.json()) as { code: number; message: string; request_id: string };
    expect(failed.status).toBe(500);
    expect(body).toEqual({
      code: 0,
      message: expect.stringContaining(body.request_id),
      request_id: expect.any(String),
    });
    expect(failed.headers.get("x-request-id")).toBe(body.request_id);
    expect(body.message).not.toMatch(/null|TypeError|\/work/);
    const line = logged.mock.calls.map((call) => String(call[0])).join("\n");
    expect(line).toContain(body.request_id);
    expect(line).not.toContain("secret");
    // Only that request failed: the next one is served.
    expect(await (await fetch(`${url}/api/v10/anything`)).text()).toBe("fine");
  });

  it("answers Discord-style errors thrown by a handler with their own status and body", async () => {
    const url = await serve(async () => {
      throw new ApiError(404, 10003, "Unknown Channel");
    });
    const response = await fetch(`${url}/x`);
    expect([response.status, await response.json()]).toEqual([404, { code: 10003, message: "Unknown Channel" }]);
  });
});

describe("parseTarget", () => {
  it("refuses URLs that do not parse, bad percent-encoding and NUL or lone surrogates in the path", () => {
    for (const url of ["//[", "/a/%zz", "/a/%E0%A4%A", "/a/%00", "/a/%ED%A0%80"]) {
      expect(() => parseTarget(url), url).toThrow(ApiError);
    }
    expect(parseTarget("/api/v10/channels/1/messages?before=2").path).toBe("/api/v10/channels/1/messages");
    expect(parseTarget("/a/%F0%9F%98%80").path).toBe("/a/%F0%9F%98%80");
  });
});
