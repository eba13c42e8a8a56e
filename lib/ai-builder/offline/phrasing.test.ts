/**
 * Ways people write that the offline builder reads (issue 34): sub-commands, a slash poll, a
 * list written out, a welcome with a DM and a post, /tag with delete.
 */
import { describe, expect, it } from "vitest";

import { understand } from "./index";
import { actionsOf, commandNamed } from "./test-support";

describe("a slash poll stays a slash command", () => {
  it("posts the question with Yes and No buttons, and says answers typed each time cannot be buttons", () => {
    const result = understand("/poll with a question and options");
    const poll = commandNamed(result, "poll");
    expect(poll.type).toBe("slash");
    expect(result.blueprint.events.map((event) => event.on)).toEqual(["button", "button"]);
    expect(result.notUnderstood.map((note) => note.text)).toEqual(["options"]);
  });
});

describe("sub-commands as people write them", () => {
  it("reads each sub-command as the command its name says, grouped under the one written", () => {
    const result = understand(
      "one /eco command with subcommands: /eco balance, /eco daily (150 coins), /eco pay <user> <amount>, /eco top",
    );
    expect(result.blueprint.commands.map((command) => command.name)).toEqual(["eco"]);
    const eco = commandNamed(result, "eco");
    expect(eco.actions).toEqual([]);
    expect(eco.subcommands.map((sub) => sub.name)).toEqual(["balance", "daily", "pay", "top"]);
    // The options keep the names written.
    expect(eco.subcommands.find((sub) => sub.name === "pay")!.options.map((o) => o.name)).toEqual(["user", "amount"]);
    expect(result.plan[0]).toMatch(/^\/eco: balance shows your coins; daily gives you 150 coins/);
    expect(result.plan[0]).toContain("pay (user; amount)");
    expect(result.notUnderstood).toEqual([]);
  });

  it("reads /mod kick|ban|timeout, each with its own permission", () => {
    const result = understand("/mod kick|ban|timeout — one command with subcommands.");
    const mod = commandNamed(result, "mod");
    expect(mod.subcommands.map((sub) => [sub.name, sub.permissions])).toEqual([
      ["kick", ["KickMembers"]],
      ["ban", ["BanMembers"]],
      ["timeout", ["ModerateMembers"]],
    ]);
    expect(actionsOf(mod.subcommands[1]!.actions, "ban")).toHaveLength(1);
    expect(result.notUnderstood).toEqual([]);
  });

  it("leaves commands with sub-commands of their own to the feature that knows them", () => {
    const ticket = commandNamed(understand("/ticket open makes a private channel, /ticket close deletes it"), "ticket");
    expect(ticket.subcommands.map((sub) => sub.name)).toEqual(["open", "close"]);
  });

  it("gives /tag the delete it was asked for, and the answer for a tag nobody saved", () => {
    const result = understand(
      "Could you make me a tag system? /tag add <name> <content> saves a tag, /tag show <name> posts its content, /tag delete <name> removes it. If a tag doesn't exist say 'No such tag.'",
    );
    const tag = commandNamed(result, "tag");
    expect(tag.subcommands.map((sub) => sub.name)).toEqual(["add", "show", "delete"]);
    expect(tag.subcommands[0]!.options.map((o) => o.name)).toEqual(["name", "content"]);
    expect(JSON.stringify(tag.subcommands[1]!.actions)).toContain("No such tag.");
    expect(actionsOf(tag.subcommands[2]!.actions, "store").map((a) => a.op)).toEqual(["get", "delete"]);
    expect(result.notUnderstood).toEqual([]);
  });
});

describe("a command that shows a list the user wrote out", () => {
  it("replies with the list, numbered", () => {
    const result = understand(
      "new folks get greeted in #start-here, and can type /rules to see our three rules (respect everyone, no NSFW, keep it in English)?",
    );
    expect(commandNamed(result, "rules").actions).toEqual([
      expect.objectContaining({
        do: "reply",
        message: expect.objectContaining({ text: "1. Respect everyone\n2. No NSFW\n3. Keep it in English" }),
      }),
    ]);
    expect(result.notUnderstood).toEqual([]);
  });

  it("still asks when no list is written", () => {
    expect(understand("a /rules command that shows our rules").notUnderstood[0]).toMatchObject({ text: "/rules" });
  });
});

describe("a welcome with a DM and a post", () => {
  it("gives each quote to the message it follows", () => {
    const result = understand(
      "dm new members 'welcome to the server, read the rules pls' and also post in #welcome '<mention> just joined!'",
    );
    const [join] = result.blueprint.events;
    expect(join!.actions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          do: "send",
          channel: "#welcome",
          message: expect.objectContaining({ text: "{user.mention} just joined!" }),
        }),
        expect.objectContaining({
          do: "dm",
          message: expect.objectContaining({ text: "welcome to the server, read the rules pls" }),
        }),
      ]),
    );
    expect(result.notUnderstood).toEqual([]);
  });
});

describe("a banned-words rule with its own notice", () => {
  it("says the quoted notice after deleting the message", () => {
    const result = understand(
      "When someone says a word from my list (placeholders for now: 'badword1', 'badword2'), delete it and reply 'Message removed: that word isn't allowed here.'",
    );
    const [rule] = result.blueprint.events;
    expect(rule).toMatchObject({ on: "messageContains", words: ["badword1", "badword2"] });
    expect(JSON.stringify(rule!.actions)).toContain("Message removed: that word isn't allowed here.");
    expect(result.notUnderstood).toEqual([]);
  });
});

describe("a moderation command's record", () => {
  it("posts in the channel named who was banned and why, said without the word log", () => {
    const result = understand(
      "wen someone gets banned with /ban user reason, post it in #bans with the reason so evryone sees",
    );
    const ban = commandNamed(result, "ban");
    expect(actionsOf(ban.actions, "send")).toEqual([
      expect.objectContaining({
        channel: "#bans",
        message: expect.objectContaining({ text: expect.stringContaining("{option.reason}") }),
      }),
    ]);
    expect(result.notUnderstood).toEqual([]);
  });
});

describe("facts said in words", () => {
  it("become placeholders and the link, not words to copy", () => {
    const result = understand(
      "when someone joins: post 'Welcome {name}!' in #welcome, and DM them the name of the server plus a link to our website example.org",
    );
    const [join] = result.blueprint.events;
    expect(join!.actions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ do: "send", message: expect.objectContaining({ text: "Welcome {user.name}!" }) }),
        expect.objectContaining({
          do: "dm",
          message: expect.objectContaining({ text: "{server.name} plus example.org" }),
        }),
      ]),
    );
    expect(result.notUnderstood).toEqual([]);
  });
});

describe("tickets as people describe them", () => {
  it("keeps the reason, the opening text and the channel name the user wrote", () => {
    const result = understand(
      "support bot: /helpticket <issue> opens a ticket channel named 'help-<username>' and says 'We got your ticket, hang tight' in it",
    );
    const open = commandNamed(result, "helpticket");
    expect(open.options).toMatchObject([{ name: "issue", type: "string", required: true }]);
    expect(actionsOf(open.actions, "createChannel")[0]?.name).toBe("help-{user.name}");
    const text = actionsOf(open.actions, "send")[0]?.message.text ?? "";
    expect(text).toContain("We got your ticket, hang tight");
    expect(text).toContain("{option.issue}");
  });

  it("closes with the words, the delay and the log line the user gave", () => {
    const result = understand(
      "/ticket opens a private channel. /close says 'Bye! Deleting in 10 seconds' and posts 'closed by <user>' in #mod-log",
    );
    const close = commandNamed(result, "close");
    expect(actionsOf(close.actions, "reply")[0]?.message.text).toBe("Bye! Deleting in 10 seconds");
    expect(actionsOf(close.actions, "deleteChannel")[0]?.after).toBe("10s");
    expect(actionsOf(close.actions, "send")[0]).toMatchObject({
      channel: "#mod-log",
      message: { text: "closed by {user.mention}" },
    });
  });

  it("lets the member named into the ticket it is used in, not a sum of a command that takes a member", () => {
    const result = understand("/ticket opens a ticket, /add <user> adds someone to it");
    const add = commandNamed(result, "add");
    expect(add.options).toMatchObject([{ name: "user", type: "user", required: true }]);
    expect(JSON.stringify(add.actions)).toContain('{"do":"addToChannel","channel":"here","member":"{option.user}"}');
    expect(JSON.stringify(add.actions)).not.toContain("calculate");
    expect(result.notUnderstood.map((note) => note.text)).not.toContain("/add");
  });
});

describe("who may use a command, not who a channel is for", () => {
  it("does not restrict the command that opens a channel for the member and the staff", () => {
    const result = understand(
      "/ticket opens a private channel just for them and the staff. Only staff can close it with /close.",
    );
    expect(commandNamed(result, "ticket").permissions).toEqual([]);
    expect(commandNamed(result, "close").permissions).toEqual(["ModerateMembers"]);
  });

  it("restricts only the subcommand named, and nothing when that subcommand was not made", () => {
    const result = understand("/ticket open <reason>, /ticket frobnicate (Moderators only), /ticket close");
    const ticket = commandNamed(result, "ticket");
    expect(ticket.permissions).toEqual([]);
    expect(ticket.subcommands.flatMap((sub) => sub.permissions)).toEqual([]);
  });
});

describe("XP numbers as people say them", () => {
  const xpEvent = (text: string) => understand(text).blueprint.events.find((event) => event.on === "messageMatches")!;
  const gain = (text: string) =>
    xpEvent(text).actions.flatMap((action) =>
      action.do === "store" && action.op === "increment" ? [action.value] : [],
    )[0];
  const per = (text: string) =>
    xpEvent(text).actions.flatMap((action) =>
      action.do === "calculate" && action.saveAs === "level" ? [action.expression] : [],
    )[0];

  it("reads the XP per message, not the XP per level said after it", () => {
    expect(gain("members earn 15 XP for each message. Every level is 300 XP, announce level ups")).toBe("15");
    expect(per("members earn 15 XP for each message. Every level is 300 XP, announce level ups")).toBe(
      "floor({result.xp} / 300)",
    );
    expect(gain("leveling:\n- one message = 7 xp\n- level N needs N*40 xp\n- announce level ups")).toBe("7");
    expect(per("leveling:\n- one message = 7 xp\n- level N needs N*40 xp\n- announce level ups")).toBe(
      "floor({result.xp} / 40)",
    );
  });

  it("announces a new level by DM when asked to send it privately", () => {
    const actions = JSON.stringify(xpEvent("xp system, 10 xp a message, 100 xp per level, dm them when they level up"));
    expect(actions).toContain('"do":"dm"');
  });
});

describe("unit converters", () => {
  it("converts with the option the user named, rounds as said, and goes the other way", () => {
    const result = understand(
      "distance bot: /kmtomi with an option called length, rounded to 1 decimal. also /mi for the other way",
    );
    const there = commandNamed(result, "kmtomi");
    expect(there.options).toMatchObject([{ name: "length", type: "number" }]);
    expect(actionsOf(there.actions, "calculate")[0]?.expression).toBe(
      "round(({option.length} * 0.621371192237) * 10) / 10",
    );
    expect(actionsOf(commandNamed(result, "mi").actions, "calculate")[0]?.expression).toContain("* 1.609344");
  });

  it("uses the factor the user gave, and the decimals said without 'round'", () => {
    const result = understand("/stone <weight> to kg (1 st = 6.35 kg), show 3 decimals");
    expect(actionsOf(commandNamed(result, "stone").actions, "calculate")[0]?.expression).toBe(
      "round(({option.weight} * 6.35) * 1000) / 1000",
    );
  });
});

describe("an answer described, not dictated", () => {
  it("does not send the description as the reply", () => {
    const result = understand("/mean takes numbers and replies with their average");
    const texts = JSON.stringify(result.blueprint);
    expect(texts).not.toContain('"their average"');
  });
});

describe("automod punishments as people write them", () => {
  it("bans and DMs as said, and the DM's text is not a word to block", () => {
    const result = understand("anyone who posts a message with 'casino' in it gets banned and DM'd 'Bye, spammer'");
    const rule = result.blueprint.events.find((event) => event.on === "messageContains")!;
    expect(rule).toMatchObject({ words: ["casino"] });
    expect(rule.actions.map((action) => action.do)).toEqual(["deleteMessage", "dm", "ban"]);
  });

  it("says it cannot count a share of capitals instead of guessing a number of letters", () => {
    const result = understand("delete messages that are more than 80% caps");
    expect(result.blueprint.events).toEqual([]);
    expect(result.notUnderstood[0]?.reason).toMatch(/share of a message/);
  });
});

describe("kept from the old suite", () => {
  it("a prefix poll reacts on the member's own message; a slash one posts and reacts on its post", () => {
    const prefix = commandNamed(understand("!poll <question> - the bot adds 👍 and 👎 to the poll message"), "poll");
    expect(prefix.actions).toEqual([
      { do: "react", emoji: "👍" },
      { do: "react", emoji: "👎" },
    ]);
  });

  it("a reminder with its text written and its time said outright", () => {
    const remind = commandNamed(understand("/remindme <text> → DMs you the text 1 hour later"), "remindme");
    expect(remind.options.map((option) => option.name)).toEqual(["text"]);
    expect(actionsOf(remind.actions, "wait")[0]?.duration).toBe("1h");
  });
});

describe("lists the member types", () => {
  it("picks one of the options typed, separated by commas, unless two options are named", () => {
    const listed = commandNamed(
      understand("/choose lets you give options separated by commas and picks one"),
      "choose",
    );
    expect(listed.options).toMatchObject([{ name: "options", type: "string", required: true }]);
    expect(listed.actions[0]).toEqual({ do: "random", from: "{option.options}", saveAs: "choice" });
    const two = commandNamed(understand("/choose <a> <b> picks one of the two"), "choose");
    expect(two.actions[0]).toEqual({ do: "random", choices: ["{option.a}", "{option.b}"], saveAs: "choice" });
  });

  it("averages or adds up the numbers typed in one text option, and keeps a + b for two", () => {
    const average = commandNamed(
      understand(
        "/average: one text option, numbers, where you type numbers separated by spaces; it replies with their average",
      ),
      "average",
    );
    expect(average.options).toMatchObject([{ name: "numbers", type: "string" }]);
    expect(average.actions[0]).toEqual({ do: "calculate", expression: "average({option.numbers})", saveAs: "average" });
    const sum = commandNamed(understand("/sum <numbers> adds up all the numbers you give it"), "sum");
    expect(sum.actions[0]).toMatchObject({ do: "calculate", expression: "sum({option.numbers})" });
    const add = commandNamed(understand("/add <a> <b> adds two numbers"), "add");
    expect(add.actions[0]).toMatchObject({ do: "calculate", expression: "{option.a} + {option.b}" });
  });
});

describe("tickets people can be added to", () => {
  it("makes /ticket add|remove sub-commands and /remove commands that work only in ticket channels", () => {
    const subs = commandNamed(understand("/ticket open <reason>, /ticket add <member>, /ticket close"), "ticket");
    expect(subs.subcommands.map((sub) => sub.name)).toEqual(["open", "close", "add"]);
    const remove = commandNamed(
      understand("/ticket opens a ticket, /remove <user> takes them out of the ticket again"),
      "remove",
    );
    const text = JSON.stringify(remove.actions);
    expect(text).toContain('"op":"startsWith","right":"ticket-"');
    expect(text).toContain('{"do":"removeFromChannel","channel":"here","member":"{option.user}"}');
    // Without tickets, /group add <role> is about roles.
    const group = commandNamed(
      understand("/group add <role> and /group remove <role>, only for these roles: Chess, Go"),
      "group",
    );
    expect(JSON.stringify(group)).not.toContain("ToChannel");
  });
});

describe("a poll of the choices typed", () => {
  it("lists the choices numbered and reacts once a choice, up to 10", () => {
    const result = understand(
      "/poll where i put the question and then the choices separated by commas, and it shows them as a numbered list so we can react with 1️⃣ 2️⃣ 3️⃣",
    );
    const poll = commandNamed(result, "poll");
    expect(poll.options.map((option) => option.name)).toEqual(["question", "choices"]);
    expect(poll.actions[0]).toMatchObject({ message: { text: "📊 **{option.question}**\n{option.choices.numbered}" } });
    const reacts = poll.actions.filter((action) => action.do === "if");
    expect(reacts).toHaveLength(10);
    expect(reacts[2]).toMatchObject({ when: { left: "{option.choices.count}", op: ">", right: "2" } });
  });
});

describe("an answer's band", () => {
  it("says whether a BMI is underweight, normal or overweight, by the WHO's bounds", () => {
    const bmi = commandNamed(
      understand(
        "/bmi with weight in kg and height in cm. reply with the BMI to one decimal and whether that's underweight, normal or overweight",
      ),
      "bmi",
    );
    const text = JSON.stringify(bmi.actions);
    expect(text).toContain('"op":"<","right":"18.5"');
    expect(text).toContain('"op":"<","right":"25"');
    expect(text).not.toContain("obese");
    expect(text).toContain("BMI: {result.result} (overweight)");
  });
});

describe("a text changed", () => {
  it("reverses, capitalises or counts the text typed, and /flip a coin is still a coin", () => {
    expect(commandNamed(understand("/reverse <text> flips the text backwards"), "reverse").actions[0]).toMatchObject({
      message: { text: "{option.text.reversed}" },
    });
    expect(commandNamed(understand("/caps <text> turns your text into capitals"), "caps").actions[0]).toMatchObject({
      message: { text: "{option.text.upper}" },
    });
    expect(commandNamed(understand("/flip flips a coin"), "flip").actions[0]).toMatchObject({ do: "random" });
  });
});

describe("a role for a while", () => {
  it("gives the role and takes it away after the hours typed, from the words before the command too", () => {
    const result = understand(
      "Admins can give someone the VIP role for a few hours with /vip — it takes the user and the number of hours. The bot removes VIP by itself when the time is up, and it has to remember that even if it restarts.",
    );
    const vip = commandNamed(result, "vip");
    expect(vip.options.map((option) => [option.name, option.type])).toEqual([
      ["member", "user"],
      ["hours", "integer"],
    ]);
    expect(vip.actions[0]).toMatchObject({ do: "addRole", role: "VIP" });
    expect(vip.actions[2]).toMatchObject({ do: "wait", duration: "{option.hours}h" });
    expect(result.notUnderstood).toEqual([]);
  });
});

describe("what the bot knows of itself", () => {
  it("answers its latency and how long it has been online, not the words", () => {
    expect(commandNamed(understand("/ping replies with the bot's latency in ms"), "ping").actions[0]).toMatchObject({
      message: { text: "Pong! {bot.ping} ms" },
    });
    expect(commandNamed(understand("/uptime says how long it has been online"), "uptime").actions[0]).toMatchObject({
      message: { text: "Online for {bot.uptime}." },
    });
    expect(commandNamed(understand("/ping replies Pong!"), "ping").actions[0]).toMatchObject({
      message: { text: "Pong!" },
    });
  });
});
