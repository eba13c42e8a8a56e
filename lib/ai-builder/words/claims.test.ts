import { describe, expect, it } from "vitest";

import { claimsOf, type Claim } from "./claims";

/** The claims without the words they came from, for short expectations. */
function plain(description: string): Omit<Claim, "words">[] {
  return claimsOf(description).map(({ words: _words, ...rest }) => rest);
}

describe("claims: what a description states outright", () => {
  it("reads named commands, slash or prefix, and not paths, fractions or punctuation", () => {
    expect(plain("a /poll command and !joke, open 24/7, and/or see https://x.org/help wow!nice")).toEqual([
      { kind: "command", name: "poll", type: "slash" },
      { kind: "command", name: "joke", type: "prefix" },
    ]);
  });

  it("reads written options and subcommands, a|b|c included", () => {
    expect(plain("/remind <minutes> <text> and /warn @user [reason]")).toEqual([
      { kind: "command", name: "remind", type: "slash" },
      { kind: "option", command: "remind", name: "minutes" },
      { kind: "option", command: "remind", name: "text" },
      { kind: "command", name: "warn", type: "slash" },
      { kind: "option", command: "warn", name: "user", type: "user" },
      { kind: "option", command: "warn", name: "reason" },
    ]);
    expect(plain("/note add <text>, /note list and /note show <number>")).toEqual([
      { kind: "command", name: "note", type: "slash" },
      { kind: "subcommand", command: "note", name: "add" },
      { kind: "option", command: "note", subcommand: "add", name: "text" },
      { kind: "subcommand", command: "note", name: "list" },
      { kind: "subcommand", command: "note", name: "show" },
      { kind: "option", command: "note", subcommand: "show", name: "number" },
    ]);
    expect(plain("/mod kick|ban").filter((claim) => claim.kind === "subcommand")).toHaveLength(2);
    // One word after a command once is not a subcommand: "/ping replies".
    expect(plain("/ping replies with the latency").some((claim) => claim.kind === "subcommand")).toBe(false);
    expect(plain("/split total:<amount> people:<count>")).toContainEqual({
      kind: "option",
      command: "split",
      name: "people",
    });
    expect(plain("a /dice command with an option called faces")).toContainEqual({
      kind: "option",
      command: "dice",
      name: "faces",
    });
  });

  it("takes a quote as a reply only when the words make it the bot's text", () => {
    const replies = (text: string) =>
      claimsOf(text)
        .filter((claim) => claim.kind === "reply")
        .map((claim) => (claim as { text: string }).text);
    expect(replies("when someone says 'hello', reply 'Hi there!'")).toEqual(["Hi there!"]);
    expect(replies('/ping answers "Pong!"')).toEqual(["Pong!"]);
    expect(replies("if nobody has it say 'I don't know that one.'")).toEqual(["I don't know that one."]);
    expect(replies("logs it to #mod-log as 'Report from <user>'")).toEqual(["Report from <user>"]);
    expect(replies("delete messages containing 'free nitro'")).toEqual([]);
    expect(replies("anyone who posts a message with 'scam' in it gets kicked")).toEqual([]);
    expect(replies("reply something like 'welcome!'")).toEqual([]);
    expect(replies("give them the 'Gamer' role")).toEqual([]);
    expect(replies("don't say it, it's fine")).toEqual([]);
  });

  it("reads channels the bot works in, not the ones of the story", () => {
    const channels = (text: string) =>
      claimsOf(text)
        .filter((claim) => claim.kind === "channel")
        .map((claim) => (claim as { name: string }).name);
    expect(channels("post suggestions in #ideas")).toEqual(["ideas"]);
    expect(channels("requests in #general are chaos")).toEqual([]);
    expect(channels("rule #1 is be nice, and /channelid #channel")).toEqual([]);
    expect(channels("reply 'Head to #verify and press the button.'")).toEqual([]);
  });

  it("reads roles by @, quotes or 'the X role', and whether they say who may do something", () => {
    expect(plain('give them @Member and the "Night Owl" role, then the Gamer role')).toEqual([
      { kind: "role", name: "Member" },
      { kind: "role", name: "Night Owl" },
      { kind: "role", name: "Gamer" },
    ]);
    expect(plain("only staff (the Helper role) can use it")).toEqual([
      { kind: "role", name: "Helper", restricts: true },
    ]);
    expect(plain("@everyone and @user are not roles")).toEqual([]);
  });

  it("gives each duration to the action nearest to it", () => {
    expect(plain("second warning is a 1h timeout, third a 24h ban").filter((c) => c.kind === "duration")).toEqual([
      { kind: "duration", action: "timeout", seconds: 3600 },
      { kind: "duration", action: "ban", seconds: 86_400 },
    ]);
    expect(plain("mute them for 10 minutes")).toEqual([{ kind: "duration", action: "timeout", seconds: 600 }]);
    // A duration a member types is an option's value, not a fixed length.
    expect(plain("/timeout takes a duration like 10m or 2h").some((claim) => claim.kind === "duration")).toBe(false);
    expect(plain("/cooldown puts a 30 second slowmode on").some((claim) => claim.kind === "duration")).toBe(false);
  });

  it("reads 'only admins' on the command it is said of", () => {
    expect(plain("/purge <amount> (mods only)")).toContainEqual({ kind: "restricted", command: "purge" });
    expect(plain("/ping for everyone. /ban is admin only.")).toEqual([
      { kind: "command", name: "ping", type: "slash" },
      { kind: "command", name: "ban", type: "slash" },
      { kind: "restricted", command: "ban" },
    ]);
  });

  it("keeps the user's words for each claim", () => {
    const [claim] = claimsOf("reply 'Pong!'");
    expect(claim).toMatchObject({ kind: "reply", text: "Pong!", words: "'Pong!'" });
  });
});
