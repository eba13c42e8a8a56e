/**
 * The offline builder reads descriptions the way people write them — slash or no slash, several
 * commands in one sentence, lowercase, typos — and builds what they say, nothing more. Each test
 * checks the parts a user relies on: names, options, events, permissions and actions.
 */
import { describe, expect, it } from "vitest";

import { actionsOf, build, commandNamed, eventsOn, everyAction, replyTexts } from "./test-support";

describe("replies and fun commands", () => {
  it("builds /ping that replies Pong!", () => {
    const result = build("a /ping command that replies Pong!");
    const ping = commandNamed(result, "ping");
    expect(ping.type).toBe("slash");
    expect(replyTexts(ping.actions)).toEqual(["Pong!"]);
    expect(result.plan).toEqual(['/ping: replies "Pong!"']);
    expect(result.notUnderstood).toEqual([]);
    expect(result.blueprint.name).toBe("Ping Bot");
  });

  it("reads commands named without a slash, with typos, and turns {user} into a mention", () => {
    const result = build(
      'make a bot with a ping comand that replys pong and a hello command that says "Hello {user}!"',
    );
    expect(replyTexts(commandNamed(result, "ping").actions)).toEqual(["pong"]);
    expect(replyTexts(commandNamed(result, "hello").actions)).toEqual(["Hello {user.mention}!"]);
  });

  it("makes !name a prefix command", () => {
    const result = build("!ping should answer with 'pong!'");
    expect(commandNamed(result, "ping").type).toBe("prefix");
    expect(result.plan[0]).toBe('!ping: replies "pong!"');
  });

  it("reads the bot's name and its own prefix", () => {
    const result = build("the bot is called Helper. prefix is ?. ?ping replies pong");
    expect(result.blueprint.name).toBe("Helper");
    expect(result.blueprint.prefix).toBe("?");
    expect(commandNamed(result, "ping").type).toBe("prefix");
  });

  it("rolls a die with an optional number of sides, default 6", () => {
    const result = build(
      "i want a dice bot. /roll rolls a die with an optional number of sides, default 6. /flip flips a coin",
    );
    const roll = commandNamed(result, "roll");
    expect(roll.options).toEqual([
      expect.objectContaining({ name: "sides", type: "integer", required: false, default: "6" }),
    ]);
    expect(actionsOf(roll.actions, "random")[0]).toMatchObject({ min: 1, max: "{option.sides}" });
    expect(actionsOf(commandNamed(result, "flip").actions, "random")[0]?.choices).toEqual(["Heads", "Tails"]);
    expect(result.plan).toContain("/roll: rolls a die (sides: optional, default 6)");
  });

  it("reads a fixed number of sides", () => {
    const roll = commandNamed(build("a 20-sided dice roll command"), "roll");
    expect(roll.options).toEqual([]);
    expect(actionsOf(roll.actions, "random")[0]).toMatchObject({ min: 1, max: 20 });
  });

  it("makes commands asked for in words, with no command named", () => {
    const result = build("users can roll dice and flip coins");
    expect(result.blueprint.commands.map((c) => c.name)).toEqual(["roll", "coinflip"]);
  });

  it("uses the 8-ball answers given", () => {
    const ball = commandNamed(build("a magic 8ball command with the answers yes, no and maybe"), "8ball");
    expect(ball.options).toEqual([expect.objectContaining({ name: "question", type: "string", required: true })]);
    expect(actionsOf(ball.actions, "random")[0]?.choices).toEqual(["yes", "no", "maybe"]);
  });

  it("picks at random from a quoted list", () => {
    const choose = commandNamed(build("/choose picks a random answer from 'pizza', 'burger' and 'tacos'"), "choose");
    expect(actionsOf(choose.actions, "random")[0]?.choices).toEqual(["pizza", "burger", "tacos"]);
  });

  it("plays rock paper scissors", () => {
    const rps = commandNamed(build("i want /rps rock paper scissors"), "rps");
    expect(rps.options[0]?.choices?.map((c) => c.value)).toEqual(["rock", "paper", "scissors"]);
  });

  it("gives a reply command the member it is about", () => {
    const hug = commandNamed(build('/hug @user replies "{user} hugs {member}!"'), "hug");
    expect(hug.options).toEqual([expect.objectContaining({ name: "member", type: "user" })]);
    expect(replyTexts(hug.actions)).toEqual(["{user.mention} hugs {option.member.mention}!"]);
  });
});

describe("utility commands", () => {
  it("builds several commands from one sentence", () => {
    const result = build(
      "/userinfo shows info about a member, /serverinfo shows server stats, /avatar shows your avatar",
    );
    expect(result.blueprint.commands.map((c) => c.name)).toEqual(["userinfo", "serverinfo", "avatar"]);
    expect(commandNamed(result, "userinfo").options[0]).toMatchObject({
      name: "member",
      type: "user",
      required: false,
    });
    expect(replyTexts(commandNamed(result, "avatar").actions)).toEqual(["{user.avatar}"]);
  });

  it("lists commands named together before the word command", () => {
    const result = build("add an 8ball command and a coinflip command, also a userinfo and serverinfo command");
    expect(result.blueprint.commands.map((c) => c.name)).toEqual(["8ball", "coinflip", "userinfo", "serverinfo"]);
  });

  it("keeps /say to admins when only admins can use it", () => {
    const say = commandNamed(build("a say command that repeats what you type, only admins can use it"), "say");
    expect(say.options[0]).toMatchObject({ name: "text", type: "string" });
    expect(say.permissions).toEqual(["Administrator"]);
  });

  it("keeps a command to a role, checked before anything else", () => {
    const result = build("only people with the 'DJ' role can use /say");
    const say = commandNamed(result, "say");
    expect(say.actions[0]).toMatchObject({
      do: "if",
      when: { test: "not", condition: { test: "hasRole", role: "DJ" } },
    });
    expect(result.plan[0]).toContain("only members with the DJ role");
  });

  it("posts announcements in the channel named", () => {
    const announce = commandNamed(build("/announce posts a message in #announcements, only for admins"), "announce");
    expect(actionsOf(announce.actions, "send")[0]?.channel).toBe("#announcements");
    expect(announce.permissions).toEqual(["Administrator"]);
  });

  it("works out two numbers with a calculator, and says a typed expression is not possible", () => {
    const result = build("/calc that can add, subtract, multiply and divide");
    expect(commandNamed(result, "calc").subcommands.map((s) => s.name)).toEqual([
      "add",
      "subtract",
      "multiply",
      "divide",
    ]);
    const expression = build("a calculator command that calculates an expression");
    expect(expression.notUnderstood).toEqual([expect.objectContaining({ text: "expression" })]);
  });
});

describe("polls, suggestions, reminders", () => {
  it("makes a reaction poll with the emoji given", () => {
    const poll = commandNamed(build("a poll command, people vote with 👍 and 👎"), "poll");
    expect(poll.type).toBe("prefix");
    expect(actionsOf(poll.actions, "react").map((a) => a.emoji)).toEqual(["👍", "👎"]);
  });

  it("posts suggestions to the channel named", () => {
    const suggest = commandNamed(build("/suggest posts suggestions to #suggestions"), "suggest");
    expect(actionsOf(suggest.actions, "send")[0]?.channel).toBe("#suggestions");
    expect(suggest.options[0]).toMatchObject({ name: "idea", type: "string" });
  });

  it("reminds after the time said, across restarts", () => {
    const remind = commandNamed(build("remind me in 10 minutes"), "remind");
    const wait = actionsOf(remind.actions, "wait")[0];
    expect(wait?.duration).toBe("10m");
    expect(actionsOf(wait!.then, "dm")[0]?.message.text).toContain("{option.what}");
  });

  it("lets the member choose when to be reminded", () => {
    const remind = commandNamed(build("a /remindme command that reminds you after a chosen time"), "remindme");
    expect(remind.options.find((o) => o.name === "in")?.choices?.length).toBeGreaterThan(2);
    expect(actionsOf(remind.actions, "wait").length).toBe(remind.options.find((o) => o.name === "in")?.choices?.length);
  });
});

describe("welcome, goodbye and roles", () => {
  it("welcomes in the channel named and gives the role", () => {
    const result = build("when someone joins, welcome them in #welcome and give them the 'Member' role");
    const [join] = eventsOn(result, "memberJoin");
    expect(actionsOf(join!.actions, "send")[0]?.channel).toBe("#welcome");
    expect(actionsOf(join!.actions, "addRole")[0]).toMatchObject({ member: "{user}", role: "Member" });
  });

  it("uses the welcome text given, with the user's placeholders", () => {
    const result = build(
      "welcome new members in #lobby with 'Hey {user}, welcome to {server}!' and give them the Newbie role",
    );
    const send = actionsOf(eventsOn(result, "memberJoin")[0]!.actions, "send")[0];
    expect(send).toMatchObject({
      channel: "#lobby",
      message: { text: "Hey {user.mention}, welcome to {server.name}!" },
    });
  });

  it("says goodbye when someone leaves", () => {
    const result = build('when someone leaves post "{user} left us :(" in #goodbye');
    const send = actionsOf(eventsOn(result, "memberLeave")[0]!.actions, "send")[0];
    expect(send?.channel).toBe("#goodbye");
    expect(eventsOn(result, "memberJoin")).toEqual([]);
  });

  it("handles join and leave in one sentence", () => {
    const result = build("when someone joins, welcome them in #welcome and when they leave say bye");
    expect(eventsOn(result, "memberJoin")).toHaveLength(1);
    expect(actionsOf(eventsOn(result, "memberLeave")[0]!.actions, "send")[0]?.message.text).toBe("bye");
  });

  it("gives an auto-role without inventing a welcome message", () => {
    const [join] = eventsOn(build("auto role: give every new member the 'Newbie' role"), "memberJoin");
    expect(join!.actions.map((a) => a.do)).toEqual(["addRole"]);
  });

  it("welcomes by DM", () => {
    const [join] = eventsOn(build("when ppl join send them a dm saying 'welcome!!'"), "memberJoin");
    expect(join!.actions).toEqual([expect.objectContaining({ do: "dm", member: "{user}" })]);
  });

  it("lets members pick roles with buttons", () => {
    const result = build("self roles: members can pick the roles Red, Green and Blue with buttons");
    expect(commandNamed(result, "roles").permissions).toEqual(["ManageRoles"]);
    const buttons = eventsOn(result, "button");
    expect(buttons.map((e) => actionsOf(e.actions, "toggleRole")[0]?.role)).toEqual(["Red", "Green", "Blue"]);
  });

  it("lets members pick roles by command, only from the roles listed", () => {
    const role = commandNamed(build("/role lets members give themselves the 'News' or 'Events' role"), "role");
    expect(role.options[0]?.choices?.map((c) => c.value)).toEqual(["News", "Events"]);
    expect(actionsOf(role.actions, "toggleRole").map((a) => a.role)).toEqual(["News", "Events"]);
  });

  it("gives and takes reaction roles", () => {
    const result = build("react with ✅ in #rules to get the Verified role, remove it when they unreact");
    expect(eventsOn(result, "reactionAdd")[0]).toMatchObject({ emoji: "✅", channel: "#rules" });
    expect(actionsOf(eventsOn(result, "reactionRemove")[0]!.actions, "removeRole")[0]?.role).toBe("Verified");
  });

  it("posts a verify button", () => {
    const result = build("a verify button that gives the Verified role");
    expect(actionsOf(eventsOn(result, "button")[0]!.actions, "addRole")[0]?.role).toBe("Verified");
  });
});

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
    expect(commandNamed(result, "daily").cooldown).toMatchObject({ seconds: 86_400, per: "user" });
    expect(commandNamed(result, "work").cooldown?.seconds).toBe(3_600);
    expect(actionsOf(commandNamed(result, "work").actions, "random")[0]).toMatchObject({ min: 10, max: 50 });
    expect(commandNamed(result, "pay").options.map((o) => o.name)).toEqual(["member", "amount"]);
    expect(actionsOf(commandNamed(result, "top").actions, "store")[0]).toMatchObject({ op: "list", order: "highest" });
    expect(result.blueprint.data).toEqual([expect.objectContaining({ name: "coins", keyed: true })]);
  });

  it("names the currency and reads a cooldown", () => {
    const result = build("/daily gives 50 gems with a 12 hour cooldown");
    expect(result.blueprint.data[0]?.name).toBe("gems");
    expect(commandNamed(result, "daily").cooldown?.seconds).toBe(43_200);
    expect(actionsOf(commandNamed(result, "daily").actions, "store")[0]?.value).toBe("50");
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
