/**
 * Everyday bot commands as people ask for them in a few words (issue 34): texts the builder writes
 * itself (a joke, a fact, a dare), gestures at a member, a calculator of typed sums, a to-do list,
 * locking a channel, several dice — and what must not happen: a reply made of the options, of
 * "(admins only)", or a purge for a command that shows a deleted message.
 */
import { describe, expect, it } from "vitest";

import { understand } from "./index";
import { actionsOf, commandNamed } from "./test-support";

const picks = (actions: Parameters<typeof actionsOf>[0]) =>
  actionsOf(actions, "random").flatMap((action) => (action.do === "random" ? (action.choices ?? []) : []));

describe("texts the builder writes", () => {
  it("answers a /joke, a /catfact or a would-you-rather with one of its own, and says so in the plan", () => {
    const result = understand("need a /joke command, a /catfact one and !wyr asks a would you rather question");
    expect(result.notUnderstood).toEqual([]);
    expect(picks(commandNamed(result, "joke").actions).length).toBeGreaterThanOrEqual(10);
    expect(picks(commandNamed(result, "catfact").actions).join(" ")).toMatch(/cat/i);
    expect(picks(commandNamed(result, "wyr").actions).every((text) => text.startsWith("Would you rather"))).toBe(true);
    expect(result.plan.join("\n")).toMatch(/jokes the builder wrote/);
  });

  it("takes the subject from the words: facts about animals, posted where asked", () => {
    const result = understand(
      "every time someone uses /fact the bot posts a random fun fact in #fun-facts (make up like 10 facts about animals)",
    );
    expect(result.notUnderstood).toEqual([]);
    const fact = commandNamed(result, "fact");
    expect(actionsOf(fact.actions, "send")[0]).toMatchObject({
      channel: "#fun-facts",
      message: { text: "{result.fact}" },
    });
    expect(picks(fact.actions).join(" ")).toMatch(/octopus|otter|flamingo/i);
  });

  it("posts a random quote on a schedule, not the words 'random quote'", () => {
    const result = understand("every day post a random inspirational quote in #general");
    const schedule = result.blueprint.events.find((event) => event.on === "schedule")!;
    expect(actionsOf(schedule.actions, "send")[0]?.message.text).toBe("{result.quote}");
    expect(picks(schedule.actions).length).toBeGreaterThanOrEqual(10);
  });

  it("gives a compliment to the member named", () => {
    const result = understand("/compliment @user gives them a nice compliment");
    const reply = actionsOf(commandNamed(result, "compliment").actions, "reply")[0];
    expect(reply?.message.text).toMatch(/^\{option\.[a-z]+\.mention\} \{result\.compliment\}$/);
  });
});

describe("fun commands known by name", () => {
  it("hugs, ships and rates", () => {
    const result = understand(
      "/hug @user sends a hug, /ship <user1> <user2> gives a love percentage, /rate <thing> out of 10",
    );
    expect(result.notUnderstood).toEqual([]);
    expect(actionsOf(commandNamed(result, "hug").actions, "reply")[0]?.message.text).toMatch(
      /\{user\.mention\} hugs \{option\.user\.mention\}/,
    );
    expect(actionsOf(commandNamed(result, "ship").actions, "random")[0]).toMatchObject({ min: 0, max: 100 });
    expect(actionsOf(commandNamed(result, "rate").actions, "random")[0]).toMatchObject({ min: 1, max: 10 });
  });

  it("rolls as many dice as asked", () => {
    const roll = commandNamed(understand("/roll rolls two six sided dice and adds them up"), "roll");
    expect(actionsOf(roll.actions, "random")[0]).toMatchObject({ dice: "2d6" });
  });
});

describe("never the user's words or options as the reply", () => {
  it("says the message given, not '(admins only)'", () => {
    const say = commandNamed(understand("/say <message> makes the bot say it (admins only)"), "say");
    expect(actionsOf(say.actions, "reply")[0]?.message.text).toBe("{option.message}");
    expect(say.permissions).toEqual(["Administrator"]);
  });

  it("leaves a command it cannot do as not understood instead of echoing its options", () => {
    const weather = understand("/weather <city> tells the weather");
    expect(weather.blueprint.commands).toEqual([]);
    expect(weather.notUnderstood.map((note) => note.text)).toContain("/weather");
  });

  it("does not purge for a command that shows the last deleted message", () => {
    const snipe = understand("/snipe shows the last deleted message");
    expect(snipe.blueprint.commands.flatMap((command) => command.actions.map((action) => action.do))).not.toContain(
      "purge",
    );
  });

  it("says goodbye by name when told to 'say goodbye'", () => {
    const leave = understand("when a member leaves say goodbye in #goodbye").blueprint.events[0]!;
    expect(actionsOf(leave.actions, "send")[0]?.message.text).toBe("Goodbye, {user.name}!");
  });
});

describe("calculators, lists and channels", () => {
  it("works out the sum typed, keeping the option's name", () => {
    const calc = commandNamed(understand("/calc <expression> evaluates arithmetic like 2+3*4"), "calc");
    expect(calc.options.map((o) => o.name)).toEqual(["expression"]);
    expect(calc.actions[0]).toEqual({ do: "calculate", expression: "evaluate({option.expression})", saveAs: "answer" });
  });

  it("keeps a to-do list with the sub-commands written", () => {
    const result = understand("/todo add <item>, /todo list and /todo remove <number>");
    expect(result.notUnderstood).toEqual([]);
    const todo = commandNamed(result, "todo");
    expect(todo.subcommands.map((sub) => sub.name)).toEqual(["add", "list", "remove"]);
    const remove = todo.subcommands[2]!;
    expect(remove.options).toMatchObject([{ name: "number", type: "integer" }]);
    expect(remove.actions[0]).toMatchObject({ do: "store", op: "removeAt", value: "{option.number}" });
    expect(result.blueprint.data).toEqual([expect.objectContaining({ kind: "list", scope: "member" })]);
  });

  it("locks and unlocks a channel", () => {
    const result = understand("/lock locks the current channel so members can't talk, /unlock opens it again");
    expect(result.notUnderstood).toEqual([]);
    expect(commandNamed(result, "lock").actions[0]).toEqual({ do: "lockChannel", channel: "here" });
    expect(commandNamed(result, "unlock").actions[0]).toEqual({ do: "unlockChannel", channel: "here" });
    expect(commandNamed(result, "lock").permissions).toEqual(["ManageChannels"]);
  });
});

describe("lists and pairs as people write them", () => {
  it("blocks the words in brackets", () => {
    const event = understand("delete any message with a bad word (shit, fuck) and warn the user").blueprint.events[0]!;
    expect(event).toMatchObject({ on: "messageContains", words: ["shit", "fuck"] });
  });

  it("pairs each emoji with the role after it: '🎮 for Gamer', '🎨 = Artist'", () => {
    const result = understand("reaction roles: 🎮 for Gamer, 🎨 for Artist in #roles");
    expect(result.notUnderstood).toEqual([]);
    expect(result.blueprint.events.map((event) => [event.on, "emoji" in event ? event.emoji : null])).toEqual([
      ["reactionAdd", "🎮"],
      ["reactionAdd", "🎨"],
    ]);
    expect(actionsOf(result.blueprint.events[1]!.actions, "addRole")[0]?.role).toBe("Artist");
    // And as before: "Reacting with 🎮 on that message gives Gamer, 🎨 gives Artist".
    const menu = understand(
      "/rolemenu posts 'React to get a role' in #roles. Reacting with 🎮 on that message gives Gamer, 🎨 gives Artist.",
    );
    expect(menu.blueprint.events.map((event) => actionsOf(event.actions, "addRole")[0]?.role)).toEqual([
      "Gamer",
      "Artist",
    ]);
  });

  it("gives each level's role, the role said before 'at level N' too", () => {
    const plan = understand("give the Active role at level 5 and the Veteran role at level 10").plan.join("\n");
    expect(plan).toContain("Active at level 5, Veteran at level 10");
  });

  it("reads /role add and /role remove with a member and a role", () => {
    const result = understand("/role add <user> <role>, /role remove <user> <role>");
    expect(result.notUnderstood).toEqual([]);
    const role = commandNamed(result, "role");
    expect(role.subcommands.map((sub) => [sub.name, sub.actions[0]?.do])).toEqual([
      ["add", "addRole"],
      ["remove", "removeRole"],
    ]);
  });

  it("keeps a member written in a usage line, and a list option's name", () => {
    const avatar = commandNamed(understand("/avatar [user] shows the avatar big"), "avatar");
    expect(avatar.options).toMatchObject([{ name: "user", type: "user", required: false }]);
    const choose = commandNamed(understand("/choose <options> picks one"), "choose");
    expect(actionsOf(choose.actions, "random")[0]).toMatchObject({ from: "{option.options}" });
  });

  it("reminds of what was said on a schedule, not of 'me'", () => {
    const schedule = understand("remind me every day at 8pm to drink water").blueprint.events[0]!;
    expect(actionsOf(schedule.actions, "send")[0]?.message.text).toBe("⏰ Reminder: drink water");
  });

  it("gives one colour role of those listed and takes the others", () => {
    const color = commandNamed(understand("/color <color> gives you a color role: red, blue or green"), "color");
    expect(color.options).toMatchObject([
      { name: "color", choices: [{ name: "Red" }, { name: "Blue" }, { name: "Green" }] },
    ]);
  });
});

describe("what a command shows, as written", () => {
  it("shows a numbered list written after the colon, on one line or on lines of its own", () => {
    const inline = commandNamed(understand("/rules shows the server rules: 1. be nice 2. no spam 3. no nsfw"), "rules");
    expect(actionsOf(inline.actions, "reply")[0]?.message.text).toBe("1. Be nice\n2. No spam\n3. No nsfw");
    const lines = commandNamed(understand("/rules replies with our rules:\n1. Be nice\n2. No spam"), "rules");
    expect(actionsOf(lines.actions, "reply")[0]?.message.text).toBe("1. Be nice\n2. No spam");
  });

  it("answers an address with what it is", () => {
    const ip = commandNamed(understand("!ip replies with the server ip play.example.com"), "ip");
    expect(actionsOf(ip.actions, "reply")[0]?.message.text).toBe("Server ip: play.example.com");
  });

  it("picks a number in the range typed, and tells about the bot itself", () => {
    const random = commandNamed(understand("/random <min> <max> gives a random number"), "random");
    expect(actionsOf(random.actions, "random")[0]).toMatchObject({ min: "{option.min}", max: "{option.max}" });
    const info = commandNamed(understand("/botinfo shows the bot's name, ping and uptime"), "botinfo");
    expect(actionsOf(info.actions, "reply")[0]?.message.text).toBe(
      "{bot.name}, ping {bot.ping} ms, online for {bot.uptime}",
    );
  });

  it("converts from the unit typed to the one after 'to'", () => {
    const temp = commandNamed(understand("/temp <celsius> converts to fahrenheit"), "temp");
    expect(temp.description).toBe("Converts celsius to fahrenheit");
    const miles = commandNamed(understand("/miles converts km to miles"), "miles");
    expect(miles.description).toBe("Converts kilometers to miles");
    // With no "to", a name of one unit is what it converts from.
    const km = commandNamed(understand("/km with an option called distance, answer in miles"), "km");
    expect(km.description).toBe("Converts kilometers to miles");
  });
});

describe("commands named in passing", () => {
  it("makes each command of a list without commas", () => {
    const result = understand("a moderation bot with kick ban mute and purge commands, only mods can use them");
    expect(result.blueprint.commands.map((command) => command.name)).toEqual(["kick", "ban", "mute", "purge"]);
  });

  it("reads the sentence after two commands for the one it names", () => {
    const result = understand("it must have /ping and /hello. hello say hello to user with his name");
    expect(actionsOf(commandNamed(result, "ping").actions, "reply")[0]?.message.text).toBe("Pong!");
    expect(actionsOf(commandNamed(result, "hello").actions, "reply")[0]?.message.text).toBe("Hello, {user.name}!");
  });

  it("takes away the role 'it' stands for", () => {
    const verify = commandNamed(
      understand("give everyone who joins the Unverified role, and /verify removes it and gives Verified"),
      "verify",
    );
    expect(verify.actions.map((action) => [action.do, "role" in action ? action.role : null])).toEqual([
      ["removeRole", "Unverified"],
      ["addRole", "Verified"],
      ["reply", null],
    ]);
  });
});

describe("tickets, roles and formulas as asked", () => {
  it("keeps /ticket a command when its button only closes the ticket", () => {
    const result = understand("/ticket creates a private channel for the user and @Staff, with a Close button");
    expect(result.blueprint.commands.map((command) => command.name)).toEqual(["ticket"]);
    expect(result.blueprint.events.map((event) => event.on)).toEqual(["button"]);
  });

  it("claims a ticket instead of paying a daily reward", () => {
    const result = understand("/ticket opens a private channel, /claim lets staff claim a ticket");
    expect(JSON.stringify(commandNamed(result, "claim").actions)).toContain("has claimed this ticket");
  });

  it("reads the role names a list of buttons gives", () => {
    const result = understand("button roles: a message in #roles with buttons Red, Green, Blue that give those roles");
    expect(result.blueprint.events.map((event) => ("button" in event ? event.button : null))).toEqual([
      "role_red",
      "role_green",
      "role_blue",
    ]);
  });

  it("works out a discount, minutes as hours, and what percent one number is of another", () => {
    const discount = commandNamed(understand("/discount <price> <percent> shows the price after discount"), "discount");
    expect(discount.actions[0]).toMatchObject({
      do: "calculate",
      expression: "{option.price} * (1 - {option.percent} / 100)",
    });
    const hours = commandNamed(understand("/hours <minutes> converts minutes into hours and minutes"), "hours");
    expect(hours.actions[0]).toMatchObject({ expression: "floor({option.minutes} / 60)" });
    const share = commandNamed(understand("/percent <part> <total> says what percent it is"), "percent");
    expect(share.actions[0]).toMatchObject({ expression: "{option.part} / {option.total} * 100" });
  });
});

describe("rewards, boards and rules as people say them", () => {
  it("makes /weekly a reward once a week", () => {
    const weekly = commandNamed(understand("/daily gives 300 coins, /weekly gives 2000 coins"), "weekly");
    expect(actionsOf(weekly.actions, "wait")[0]).toMatchObject({ duration: "7d" });
  });

  it("ranks the top people by XP", () => {
    const result = understand("lvl bot, ppl get xp for talkin, /rank shows there level and /top shows the top 10 ppl");
    expect(commandNamed(result, "top").description).toMatch(/xp/i);
  });

  it("welcomes the member a moderator names", () => {
    const greet = commandNamed(
      understand("/greet takes a user and the bot publicly welcomes them with a mention"),
      "greet",
    );
    expect(actionsOf(greet.actions, "reply")[0]?.message.text).toBe("Welcome to {server.name}, {option.user.mention}!");
  });

  it("reads a mass-mention rule whose punishment is the next sentence, and who may", () => {
    const result = understand(
      "Only admins and mods are allowed to use @everyone or @here. If anyone else tries, delete the message and time them out for 10 minutes.",
    );
    expect(result.notUnderstood).toEqual([]);
    expect(result.plan.join("\n")).toContain("(unless they are a moderator)");
  });
});

describe("welcomes as people describe them", () => {
  it("asks what the description says to ask, and names a channel without posting there", () => {
    const dm = understand("when someone joins send them a DM saying welcome and telling them to read #rules").blueprint
      .events[0]!;
    expect(dm.actions).toEqual([
      expect.objectContaining({
        do: "dm",
        message: expect.objectContaining({ text: expect.stringContaining("Please read #rules.") }),
      }),
    ]);
  });

  it("welcomes with the values asked for", () => {
    const join = understand("greet new people in #general with their name and the member count").blueprint.events[0]!;
    expect(actionsOf(join.actions, "send")[0]?.message.text).toBe(
      "Welcome to {server.name}, {user.name}! You are member #{server.members}.",
    );
  });

  it("shows the level-up text it was given in the plan", () => {
    const plan = understand('level up message: "GG {user}, you reached level {level}!"').plan.join("\n");
    expect(plan).toContain('with "GG {user.mention}, you reached level {result.level}!"');
  });
});

it("shows the level of the member written in the usage line, yours when none is given", () => {
  const rank = commandNamed(understand("xp for messages. /rank <user> shows their level"), "rank");
  expect(rank.options).toMatchObject([{ name: "user", type: "user", required: false }]);
  expect(rank.actions[0]).toMatchObject({ do: "if", when: { test: "isSet", value: "{option.user}" } });
});

it("posts each answer typed with the reaction that votes for it", () => {
  const poll = commandNamed(understand("/poll <question> <option1> <option2> <option3>"), "poll");
  expect(poll.options.map((o) => o.name)).toEqual(["question", "option1", "option2", "option3"]);
  expect(actionsOf(poll.actions, "send")[0]?.message.text).toBe(
    "📊 {option.question}\n1️⃣ {option.option1}\n2️⃣ {option.option2}\n3️⃣ {option.option3}",
  );
  expect(actionsOf(poll.actions, "react").map((action) => (action.do === "react" ? action.emoji : ""))).toEqual([
    "1️⃣",
    "2️⃣",
    "3️⃣",
  ]);
});
