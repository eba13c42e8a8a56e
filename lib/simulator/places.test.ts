import { describe, expect, it } from "vitest";

import { describePlaces, placesStillThere } from "./places";

describe("what the simulator added for a bot, in words", () => {
  it("lists channels first, then the roles", () => {
    expect(describePlaces({ channels: ["suggestions"], roles: ["Gamer"] })).toBe("#suggestions and the Gamer role");
    expect(describePlaces({ channels: ["a", "b"], roles: ["Gamer", "VIP"] })).toBe(
      "#a, #b and the Gamer and VIP roles",
    );
    expect(describePlaces({ channels: [], roles: ["Gamer"] })).toBe("the Gamer role");
    expect(describePlaces({ channels: [], roles: [] })).toBe("");
  });

  it("leaves out what the server no longer has", () => {
    const guild = { channels: [{ name: "general" }], roles: [{ name: "gamer" }] };
    expect(placesStillThere({ channels: ["suggestions"], roles: ["Gamer"] }, guild)).toEqual({
      channels: [],
      roles: ["Gamer"],
    });
    expect(placesStillThere(undefined, guild)).toEqual({ channels: [], roles: [] });
  });
});
