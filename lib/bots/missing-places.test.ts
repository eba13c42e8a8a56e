import { describe, expect, it } from "vitest";

import { missingPlaces } from "./missing-places";

const out = (line: string) => ({ stream: "stdout", line });
const system = (line: string) => ({ stream: "system", line });

describe("what a bot's server lacks, from its log", () => {
  it("names the channels and roles it looked for and did not find since it last started, once each", () => {
    const lines = [
      out("[blueprint] /suggest: send failed: there is no text channel named #old"),
      system("Starting index.js (Node.js, discord)."),
      out("[blueprint] /suggest: send failed: there is no text channel named #suggestions"),
      out("[blueprint] /suggest: toggleRole failed: there is no role named Gamer"),
      out("[blueprint] button role_news: toggleRole failed: there is no role named gamer"),
      out("[blueprint] /kick: kick failed: Missing Permissions"),
      out("[blueprint] /suggest: send failed: there is no text channel named #suggestions"),
    ];
    expect(missingPlaces(lines)).toEqual({ channels: ["suggestions"], roles: ["Gamer"] });
  });

  it("is empty for a bot that found everything", () => {
    expect(missingPlaces([system("Starting main.py (Python, discord)."), out("Ready.")])).toEqual({
      channels: [],
      roles: [],
    });
  });
});
