import { describe, expect, it } from "vitest";

import { namedPlaces } from "./named-places";
import { blueprintShape, type BlueprintInput } from "./schema";

const blueprint = (input: Partial<BlueprintInput>) => blueprintShape.parse({ version: 1, name: "Places", ...input });

const command = (actions: unknown[]) => ({ name: "go", description: "Go", actions });

describe("the channels and roles a blueprint names", () => {
  it("are every channel a message, slowmode or deletion names and every role given, taken, tested or made staff", () => {
    const places = namedPlaces(
      blueprint({
        commands: [
          command([
            { do: "send", channel: "#suggestions", message: { text: "New idea" } },
            { do: "toggleRole", member: "{user}", role: "Gamer" },
            { do: "slowmode", channel: "busy", seconds: 5 },
            {
              do: "if",
              when: { test: "not", condition: { test: "hasRole", member: "{user}", role: "VIP" } },
              then: [{ do: "addRole", member: "{user}", role: "Newcomer" }],
              else: [{ do: "deleteChannel", channel: "#old-news" }],
            },
            { do: "wait", duration: "1h", then: [{ do: "removeRole", member: "{user}", role: "Muted" }] },
            { do: "createChannel", name: "ticket-{user.name}", staffRole: "Support" },
          ]),
        ],
        events: [
          { on: "reactionAdd", channel: "#roles", actions: [] },
          { on: "schedule", every: "1d", channel: "daily", actions: [] },
        ],
      }),
    );
    expect(places.channels).toEqual(["suggestions", "busy", "old-news", "roles", "daily"]);
    expect(places.roles).toEqual(["Gamer", "VIP", "Newcomer", "Muted", "Support"]);
  });

  it("leave out what names nothing fixed: here, the channel it happened in, options and results", () => {
    const places = namedPlaces(
      blueprint({
        commands: [
          {
            name: "give",
            description: "Give",
            options: [
              { name: "where", description: "Where", type: "channel" },
              { name: "role", description: "Role", type: "role" },
            ],
            actions: [
              { do: "send", channel: "here", message: { text: "a" } },
              { do: "send", channel: "{channel}", message: { text: "b" } },
              { do: "send", channel: "{option.where}", message: { text: "c" } },
              { do: "addRole", member: "{user}", role: "{option.role}" },
            ],
          },
        ],
      }),
    );
    expect(places).toEqual({ channels: [], roles: [] });
  });

  it("name each place once, in any case, and only names a Discord server could hold", () => {
    const places = namedPlaces(
      blueprint({
        commands: [
          command([
            { do: "send", channel: "#Suggestions", message: { text: "a" } },
            { do: "send", channel: "suggestions", message: { text: "b" } },
            { do: "send", channel: "two words", message: { text: "c" } },
            { do: "addRole", member: "{user}", role: "Gamer" },
            { do: "removeRole", member: "{user}", role: "gamer" },
            { do: "addRole", member: "{user}", role: "@everyone" },
          ]),
        ],
      }),
    );
    expect(places).toEqual({ channels: ["Suggestions"], roles: ["Gamer"] });
  });
  it("are the roles a role option is compared with: the ones a member may pick", () => {
    const places = namedPlaces(
      blueprint({
        commands: [
          {
            name: "iam",
            description: "Pick a role",
            options: [{ name: "role", description: "Which", type: "role", required: true }],
            actions: [
              {
                do: "if",
                when: {
                  test: "any",
                  conditions: ["Gamer", "Artist"].map((right) => ({
                    test: "compare",
                    left: "{option.role.name}",
                    op: "==",
                    right,
                  })),
                },
                then: [{ do: "addRole", member: "{user}", role: "{option.role}" }],
                else: [],
              },
              // A text compared with a word is not a role.
              { do: "if", when: { test: "compare", left: "{user.name}", op: "==", right: "Sam" }, then: [], else: [] },
            ],
          },
        ],
      }),
    );
    expect(places.roles).toEqual(["Gamer", "Artist"]);
  });
});
