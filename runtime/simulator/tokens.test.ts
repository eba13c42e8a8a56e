import { describe, expect, it } from "vitest";

import { mintToken, sameKey, verifyToken } from "./tokens";

describe("simulator bot tokens", () => {
  const claims = { botId: "clbot123", botUserId: "1234567890123456789" };

  it("verify with the key that minted them and decode to the bot's user id", () => {
    const token = mintToken("key", claims);
    expect(verifyToken("key", token)).toEqual(claims);
    expect(verifyToken("key", `Bot ${token}`)).toEqual(claims);
    expect(Buffer.from(token.split(".")[0] ?? "", "base64").toString()).toBe(claims.botUserId);
  });

  it("are rejected when tampered with or minted with another key", () => {
    const token = mintToken("key", claims);
    expect(verifyToken("other", token)).toBeNull();
    expect(verifyToken("key", `${token}x`)).toBeNull();
    expect(verifyToken("key", "not-a-token")).toBeNull();
    const forged = mintToken("key", { ...claims, botId: "someone-else" }).split(".");
    expect(verifyToken("key", [forged[0], forged[1], token.split(".")[2]].join("."))).toBeNull();
  });

  it("compares control keys exactly", () => {
    expect(sameKey("abc", "abc")).toBe(true);
    expect(sameKey("abc", "abd")).toBe(false);
    expect(sameKey("abc", "ab")).toBe(false);
  });
});
