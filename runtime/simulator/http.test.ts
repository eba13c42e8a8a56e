import { describe, expect, it } from "vitest";

import { fieldError, quoteSnowflakes, Router } from "./http";

describe("simulator HTTP helpers", () => {
  it("keeps integer snowflakes exact (discord.py sends them as numbers)", () => {
    const parsed = JSON.parse(
      quoteSnowflakes('{"message_id":1574174351274672144,"tts":false,"n":5,"s":"1574174351274672144 x","f":1.5}'),
    );
    expect(parsed).toEqual({ message_id: "1574174351274672144", tts: false, n: 5, s: "1574174351274672144 x", f: 1.5 });
  });

  it("builds Discord's nested field errors", () => {
    expect(fieldError(["embeds", 0, "title"], "BASE_TYPE_MAX_LENGTH", "Too long").toBody()).toEqual({
      message: "Invalid Form Body",
      code: 50035,
      errors: { embeds: { 0: { title: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Too long" }] } } } },
    });
  });

  it("matches routes by method and path", () => {
    const router = new Router<null>()
      .add("GET", "/users/@me", () => ({ status: 200 }))
      .add("GET", "/users/:userId", () => ({ status: 200 }));
    expect(router.match("GET", "/users/@me")).toMatchObject({ pattern: "GET /users/@me", params: {} });
    expect(router.match("GET", "/users/42")).toMatchObject({ params: { userId: "42" } });
    expect(router.match("POST", "/users/42")).toBe("method");
    expect(router.match("GET", "/nope")).toBeUndefined();
  });
});
