/**
 * The offline builder, continued: automod, moderation, economy and levels, tickets, lookups,
 * schedules and longer descriptions — what the user relies on in each.
 */
import { describe, expect, it } from "vitest";

import { actionsOf, build, commandNamed, eventsOn, everyAction, replyTexts } from "./test-support";

describe("automod", () => {
  it("blocks the words listed, warns, and follows a ladder said in later sentences", () => {
    const result = build(
      "banned words: apple, banana. delete the message and warn them. 3 strikes and they get a 1h timeout",
    );
    const [rule] = eventsOn(result, "messageContains");
    expect(rule!.words).toEqual(["apple", "banana"]);
    expect(rule!.actions.map((a) => a.do)).toEqual(["deleteMessage", "send", "store", "if"]);
    expect(actionsOf(rule!.actions, "timeout")[0]).toMatchObject({ member: "{user}", duration: "1h" });
    expect(result.blueprint.commands).toEqual([]);
  });

  it("times out for the length said", () => {
    const result = build(
      "delete messages containing 'heck', 'darn' or 'frick' and warn the user, timeout them for 10 minutes",
    );
    const [rule] = eventsOn(result, "messageContains");
    expect(rule!.words).toEqual(["heck", "darn", "frick"]);
    expect(actionsOf(rule!.actions, "timeout")[0]?.duration).toBe("10m");
  });

  it("reads a timeout said in two words on a warning ladder", () => {
    const result = build(
      "/warn: the first warning is just a warning, the second warning times them out for 1 hour, the third bans them",
    );
    const warn = commandNamed(result, "warn");
    expect(actionsOf(warn.actions, "timeout")[0]).toMatchObject({ duration: "1h" });
    expect(actionsOf(warn.actions, "ban")).toHaveLength(1);
    expect(result.notUnderstood).toEqual([]);
  });

  it("does not read 'time to kick out' as a timeout", () => {
    const warn = commandNamed(build("/warn warns a member. At 3 warnings it is time to kick out the member."), "warn");
    expect(actionsOf(warn.actions, "timeout")).toEqual([]);
  });

  it("posts a warning as the user wrote it, @user being the member warned", () => {
    const warn = commandNamed(
      build("When I /warn someone the bot should post in the channel: '⚠️ @user you have been warned: <reason>'"),
      "warn",
    );
    expect(replyTexts(warn.actions)).toContain("⚠️ {option.member.mention} you have been warned: {option.reason}");
  });

  it("takes a purge's count as written in the usage line, with its default", () => {
    const clear = commandNamed(build("/clear [count] — mods, default 10"), "clear");
    expect(clear.options).toMatchObject([{ name: "count", type: "integer", required: false, default: "10" }]);
    expect(actionsOf(clear.actions, "purge")[0]).toMatchObject({ count: "{option.count}" });
    expect(clear.permissions).toEqual(["ManageMessages"]);
  });

  it("filters invite links", () => {
    const result = build("no invite links! delete them and timeout the user for 5 minutes");
    const [rule] = eventsOn(result, "messageMatches");
    expect(rule!.pattern).toContain("discord");
    expect(actionsOf(rule!.actions, "timeout")[0]?.duration).toBe("5m");
    expect(result.blueprint.commands).toEqual([]);
  });

  it("asks for the words instead of inventing a list", () => {
    const result = build("delete swear words");
    expect(result.blueprint.events).toEqual([]);
    expect(result.notUnderstood[0]?.reason).toContain("Name the words");
  });

  it("replies to trigger words", () => {
    const result = build("when a user says 'gm' the bot says 'good morning!'");
    expect(eventsOn(result, "messageContains")[0]).toMatchObject({ words: ["gm"] });
    expect(replyTexts(eventsOn(result, "messageContains")[0]!.actions)).toEqual(["good morning!"]);
  });
});

describe("moderation", () => {
  it("gives kick and ban their permissions and reads a fixed timeout", () => {
    const result = build(
      "a kick command and a ban command, mods only. also /timeout that mutes someone for 10 minutes",
    );
    expect(commandNamed(result, "kick").permissions).toEqual(["KickMembers"]);
    expect(commandNamed(result, "ban").permissions).toEqual(["BanMembers"]);
    expect(actionsOf(commandNamed(result, "timeout").actions, "timeout")[0]?.duration).toBe("10m");
  });

  it("applies a trailing 'admins only' to every command of the sentence", () => {
    const result = build("/purge deletes messages, /slowmode sets slowmode, admins only");
    expect(commandNamed(result, "purge").permissions).toEqual(["Administrator"]);
    expect(commandNamed(result, "slowmode").permissions).toEqual(["Administrator"]);
    expect(commandNamed(result, "purge").options[0]).toMatchObject({ name: "count", type: "integer", max: 100 });
  });

  it("warns with an escalation ladder stored per member", () => {
    const result = build(
      "/warn with warnings stored per member: 3 warnings = mute for 1 hour, 5 warnings = kick, 7 = ban",
    );
    expect(result.blueprint.data).toEqual([expect.objectContaining({ name: "warnings", scope: "member" })]);
    const warn = commandNamed(result, "warn");
    expect(actionsOf(warn.actions, "timeout")[0]?.duration).toBe("1h");
    expect(actionsOf(warn.actions, "kick")).toHaveLength(1);
    const ifs = actionsOf(warn.actions, "if").map((a) => a.when);
    expect(ifs).toEqual([
      expect.objectContaining({ op: "==", right: "3" }),
      expect.objectContaining({ op: "==", right: "5" }),
      expect.objectContaining({ op: ">=", right: "7" }),
    ]);
  });

  it("reads the ladder from its own sentence", () => {
    const result = build(
      "moderation bot: /warn warns someone. After 3 warnings they get a 1 hour timeout and at 5 they are banned.",
    );
    expect(result.blueprint.commands.map((c) => c.name)).toEqual(["warn"]);
    expect(actionsOf(commandNamed(result, "warn").actions, "ban")).toHaveLength(1);
    expect(result.notUnderstood).toEqual([]);
  });

  it("makes commands from 'only admins can ban people'", () => {
    expect(commandNamed(build("only admins can ban people"), "ban").permissions).toEqual(["Administrator"]);
  });

  it("does not turn a rule for the bot into a command", () => {
    const result = build("mute people who spam, 3 messages in 5 seconds");
    expect(result.blueprint.commands).toEqual([]);
    expect(result.notUnderstood[0]?.reason).toContain("Spam");
  });
});

describe("economy and levels", () => {
  it("builds an economy with cooldowns and a leaderboard", () => {
    const result = build(
      "economy with coins: /bal, /daily (100 coins every 24h), /work (once an hour, 10-50 coins), /pay and /top",
    );
    expect(result.blueprint.commands.map((c) => c.name)).toEqual(["bal", "daily", "work", "pay", "top"]);
    // Once a day across restarts: the claim is stored and freed by a stored timer, not a cooldown kept in memory.
    expect(commandNamed(result, "daily").actions).toContainEqual(
      expect.objectContaining({ do: "wait", duration: "1d" }),
    );
    expect(commandNamed(result, "work").cooldown?.seconds).toBe(3_600);
    expect(actionsOf(commandNamed(result, "work").actions, "random")[0]).toMatchObject({ min: 10, max: 50 });
    expect(commandNamed(result, "pay").options.map((o) => o.name)).toEqual(["member", "amount"]);
    expect(actionsOf(commandNamed(result, "top").actions, "store")[0]).toMatchObject({ op: "list", order: "highest" });
    expect(result.blueprint.data).toContainEqual(expect.objectContaining({ name: "coins", keyed: true }));
  });

  it("names the currency and reads a cooldown", () => {
    const result = build("/daily gives 50 gems with a 12 hour cooldown");
    expect(result.blueprint.data[0]?.name).toBe("gems");
    expect(commandNamed(result, "daily").actions).toContainEqual(
      expect.objectContaining({ do: "wait", duration: "12h" }),
    );
    expect(actionsOf(commandNamed(result, "daily").actions, "store").find((a) => a.data === "gems")?.value).toBe("50");
  });

  it("understands 'saved across restarts' and says so in the plan", () => {
    const result = build("users can check their balance and collect daily coins, everything saved across restarts");
    expect(result.blueprint.commands.map((c) => c.name)).toEqual(["balance", "daily"]);
    expect(result.plan).toContain("Remembers coins across restarts.");
    expect(result.notUnderstood).toEqual([]);
  });

  it("levels members up from their messages", () => {
    const result = build(
      "levels: 15 xp per message, level up every 200 xp, announce level ups in #levels, /level shows your level and /leaderboard",
    );
    const [xp] = eventsOn(result, "messageMatches");
    expect(actionsOf(xp!.actions, "store")[0]).toMatchObject({ op: "increment", value: "15" });
    expect(actionsOf(xp!.actions, "calculate")[0]?.expression).toContain("200");
    expect(actionsOf(xp!.actions, "send")[0]?.channel).toBe("#levels");
    expect(actionsOf(commandNamed(result, "leaderboard").actions, "store")[0]?.data).toBe("xp");
  });

  it("counts, and resets for admins only", () => {
    const result = build("a counter: /count adds one, /reset sets it back to zero (admins only)");
    expect(actionsOf(commandNamed(result, "count").actions, "store")[0]?.op).toBe("increment");
    expect(commandNamed(result, "reset").permissions).toEqual(["Administrator"]);
  });
});

describe("tickets, lookups, custom commands, schedules", () => {
  it("opens private ticket channels from a button and closes them only in tickets", () => {
    const result = build(
      "a ticket system: a button that opens a private channel for the member and the Support role, and a /close command",
    );
    const create = actionsOf(eventsOn(result, "button")[0]!.actions, "createChannel")[0];
    expect(create).toMatchObject({ member: "{user}", staffRole: "Support" });
    const close = commandNamed(result, "close");
    expect(close.actions[0]).toMatchObject({ do: "if", when: { left: "{channel.name}", op: "startsWith" } });
  });

  it("answers FAQ topics said one by one", () => {
    const result = build("when someone asks /faq rules reply 'Be kind'. /faq hours replies 'We are open 9 to 5'");
    expect(result.blueprint.tables).toEqual([{ name: "faq", rows: { rules: "Be kind", hours: "We are open 9 to 5" } }]);
    expect(commandNamed(result, "faq").options[0]?.choices?.map((c) => c.value)).toEqual(["rules", "hours"]);
    expect(result.blueprint.commands).toHaveLength(1);
  });

  it("reads FAQ answers written with arrows", () => {
    const result = build("FAQ: /faq rules -> 'Be nice', hours -> 'Open 9-5'");
    expect(result.blueprint.tables[0]?.rows).toEqual({ rules: "Be nice", hours: "Open 9-5" });
  });

  it("lets admins add custom commands", () => {
    const result = build("custom commands that admins can add");
    expect(commandNamed(result, "cc").subcommands.map((s) => s.name)).toEqual(["add", "remove", "list"]);
    expect(eventsOn(result, "messageMatches")).toHaveLength(1);
  });

  it("posts on a schedule in the channel named", () => {
    const result = build("every day post 'Good morning!' in #announcements");
    expect(eventsOn(result, "schedule")[0]).toMatchObject({ every: "1d", channel: "#announcements" });
  });

  it("posts a random one of the messages given", () => {
    const result = build("every hour post a random tip in #tips from 'Drink water', 'Stretch', 'Take a break'");
    const [schedule] = eventsOn(result, "schedule");
    expect(actionsOf(schedule!.actions, "random")[0]?.choices).toEqual(["Drink water", "Stretch", "Take a break"]);
  });

  it("says a time of day cannot be scheduled", () => {
    const result = build("every monday at 9am post 'New week!' in #general");
    expect(eventsOn(result, "schedule")[0]?.every).toBe("7d");
    expect(result.notUnderstood[0]?.reason).toContain("time of day");
  });
});

describe("longer descriptions", () => {
  it("builds everything a long description asks for", () => {
    const result = build(
      'i need a bot for my server with these commands: /ping (replies pong), /coinflip and /rules which replies \'Be nice!\'. when someone joins say hi in #general. also block the words "spoiler" and "leak".',
    );
    expect(result.blueprint.commands.map((c) => c.name)).toEqual(["ping", "coinflip", "rules"]);
    expect(eventsOn(result, "memberJoin")).toHaveLength(1);
    expect(eventsOn(result, "messageContains")[0]?.words).toEqual(["spoiler", "leak"]);
    expect(result.plan).toHaveLength(5);
  });

  it("builds moderation from plain words, and keeps it to moderators", () => {
    const result = build(
      "Make me a bot that can kick and ban people, warn them and keep track of warnings. Only moderators can use these.",
    );
    expect(result.blueprint.commands.map((c) => c.name).sort()).toEqual(["ban", "kick", "warn"]);
    expect(result.blueprint.commands.every((c) => c.permissions.length === 1)).toBe(true);
  });

  it("tells what it cannot build and builds the rest", () => {
    const result = build("a bot that plays music and has a /ping");
    expect(result.blueprint.commands.map((c) => c.name)).toEqual(["ping"]);
    expect(result.notUnderstood).toEqual([{ text: "plays music", reason: expect.stringContaining("music") }]);
    expect(everyAction(result).map((a) => a.do)).toEqual(["reply"]);
  });

  it("never invents what an unknown command does", () => {
    const result = build("a /foo command");
    expect(result.blueprint.commands).toEqual([]);
    expect(result.notUnderstood[0]?.text).toBe("/foo");
  });
});
