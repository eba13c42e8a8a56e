/**
 * The offline builder reads descriptions the way people write them — slash or no slash, several
 * commands in one sentence, lowercase, typos — and builds what they say, nothing more. Each test
 * checks the parts a user relies on: names, options, events, permissions and actions.
 */
import { describe, expect, it } from "vitest";

import { actionsOf, build, commandNamed, eventsOn, replyTexts } from "./test-support";

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
    // The option keeps the name the command line gave it ("@user"); the reply's {member} is that option.
    expect(hug.options).toEqual([expect.objectContaining({ name: "user", type: "user" })]);
    expect(replyTexts(hug.actions)).toEqual(["{user.mention} hugs {option.user.mention}!"]);
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

  it("works out two numbers with a calculator of listed operations, and a typed sum as a whole", () => {
    const result = build("/calc that can add, subtract, multiply and divide");
    expect(commandNamed(result, "calc").subcommands.map((s) => s.name)).toEqual([
      "add",
      "subtract",
      "multiply",
      "divide",
    ]);
    const expression = build("a calculator command that calculates an expression");
    expect(expression.notUnderstood).toEqual([]);
    const calculator = commandNamed(expression, "calculator");
    expect(calculator.options).toMatchObject([{ name: "expression", type: "string", required: true }]);
    expect(calculator.actions[0]).toEqual({
      do: "calculate",
      expression: "evaluate({option.expression})",
      saveAs: "answer",
    });
    // The name the user wrote for what is typed is kept.
    const math = commandNamed(build("/math <problem> solves it, like 2+3*4"), "math");
    expect(math.options.map((o) => o.name)).toEqual(["problem"]);
  });
});

describe("polls, suggestions, reminders", () => {
  it("makes a reaction poll with the emoji given", () => {
    const poll = commandNamed(build("a poll command, people vote with 👍 and 👎"), "poll");
    expect(poll.type).toBe("slash");
    // Posted by the bot, its reactions on that post for members to vote with.
    expect(poll.actions[0]).toMatchObject({ do: "send", channel: "here", saveAs: "poll" });
    expect(actionsOf(poll.actions, "react")).toEqual([
      { do: "react", emoji: "👍", message: "{result.poll}" },
      { do: "react", emoji: "👎", message: "{result.poll}" },
    ]);
  });

  it("puts the reactions on the suggestion it posts, and keeps the answer the user gave", () => {
    const suggest = commandNamed(
      build('/suggest <idea> posts it in #ideas with ✅ and ❌ so people can vote, and answers "Got it!"'),
      "suggest",
    );
    expect(actionsOf(suggest.actions, "send")[0]).toMatchObject({ channel: "#ideas", saveAs: "suggestion" });
    expect(actionsOf(suggest.actions, "react").map((a) => [a.emoji, a.message])).toEqual([
      ["✅", "{result.suggestion}"],
      ["❌", "{result.suggestion}"],
    ]);
    expect(actionsOf(suggest.actions, "reply")[0]?.message.text).toBe("Got it!");
  });

  it("does not make a suggestion of a command that judges or counts them", () => {
    const result = build(
      "/suggest <idea> posts to #ideas. admins /deny <number> a suggestion, /suggestion-count counts them",
    );
    expect(result.blueprint.commands.map((command) => command.name)).toEqual(["suggest"]);
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

  it("lets the member say when to be reminded, as people write a time", () => {
    const remind = commandNamed(build("a /remindme command that reminds you after a chosen time"), "remindme");
    expect(remind.options.find((o) => o.name === "in")).toMatchObject({ type: "string" });
    expect(remind.options.find((o) => o.name === "in")?.choices).toBeUndefined();
    // The wait first: a time it cannot read is said instead of "I'll remind you".
    expect(remind.actions[0]).toMatchObject({ do: "wait", duration: "{option.in}" });
  });

  it("keeps the options the user wrote, the time read from them when the command runs", () => {
    const cases: [string, string, Record<string, string>][] = [
      [
        "/remind <minutes> <text> — DMs you the text after that many minutes",
        "{option.minutes}m",
        { minutes: "integer", text: "string" },
      ],
      [
        "a bot with /remind hours:<number> what:<text>, it dms me when its time",
        "{option.hours}h",
        { hours: "integer", what: "string" },
      ],
      ["/remind in:<minutes> note:<text> pings me in the channel", "{option.in}m", { in: "integer", note: "string" }],
      ["/remindme time:<like 10m, 2h, 1d> about:<text>", "{option.time}", { time: "string", about: "string" }],
      [
        "a /remind command that takes a duration (just a number), a unit (minutes, hours or days) and a message",
        "{option.duration} {option.unit}",
        { duration: "integer", unit: "string", message: "string" },
      ],
    ];
    for (const [description, duration, options] of cases) {
      const remind = build(description).blueprint.commands.find((c) => c.name.startsWith("remind"))!;
      expect(Object.fromEntries(remind.options.map((o) => [o.name, o.type])), description).toEqual(options);
      expect(actionsOf(remind.actions, "wait")[0]?.duration, description).toBe(duration);
    }
  });

  it("lists the pending reminders when asked to, and forgets each once it is sent", () => {
    const result = build("/remind <minutes> <text> dms you. also /reminders to see your pending ones");
    const remind = commandNamed(result, "remind");
    const wait = actionsOf(remind.actions, "wait")[0]!;
    expect(remind.actions.find((action) => action.do === "store")).toMatchObject({
      op: "append",
      value: "{option.text}",
    });
    expect(actionsOf(wait.then, "store")[0]).toMatchObject({ op: "remove", value: "{option.text}" });
    expect(actionsOf(commandNamed(result, "reminders").actions, "store")[0]).toMatchObject({ op: "list" });
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
    // "say bye": the word said, to the member by name.
    expect(actionsOf(eventsOn(result, "memberLeave")[0]!.actions, "send")[0]?.message.text).toBe("Bye, {user.name}!");
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
