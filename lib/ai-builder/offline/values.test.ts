/**
 * Values described in words become placeholders, not words (issue 34): ids, names, roles and
 * counts, a roll said as a range, an example reply with the values put where it has them, a
 * template the user wrote with <placeholders>, options said in words.
 */
import { describe, expect, it } from "vitest";

import { allActions, build, commandNamed } from "./test-support";

function replies(description: string, name: string): string[] {
  return allActions(commandNamed(build(description), name).actions).flatMap((action) =>
    action.do === "reply" || action.do === "send" ? [action.message.text ?? ""] : [],
  );
}

describe("values said in words", () => {
  it("answers a channel's id, the given channel's when the command takes one", () => {
    const result = build("/chanid #channel tells you the channel's id");
    expect(commandNamed(result, "chanid").options).toMatchObject([{ name: "channel", type: "channel" }]);
    expect(replies("/chanid #channel tells you the channel's id", "chanid")).toEqual(["{option.channel.id}"]);
    expect(replies("/here gives you the id of this channel", "here")).toEqual(["{channel.id}"]);
    expect(result.notUnderstood).toEqual([]);
  });

  it("answers the member's own facts, each said for what it is", () => {
    expect(replies("/myid replies with your user id", "myid")).toEqual(["{user.id}"]);
    expect(replies("/whoami shows your name, id and roles", "whoami")).toEqual([
      "{user.name}, id {user.id}, roles: {user.roles}",
    ]);
    expect(replies("/count answers with how many members the server has", "count")).toEqual(["{server.members}"]);
  });

  it("rolls a range said in words instead of picking from its numbers", () => {
    const result = build("/lucky replies with a random number between 5 and 50");
    const lucky = commandNamed(result, "lucky");
    expect(lucky.actions).toEqual([
      { do: "random", min: 5, max: 50, saveAs: "number" },
      expect.objectContaining({ do: "reply", message: expect.objectContaining({ text: "{result.number}" }) }),
    ]);
  });

  it("puts the roll and the option where an example reply has them", () => {
    const description = "/rateit takes a song and gives it a random rating out of 5, like 'The Wall gets 4/5'";
    const result = build(description);
    expect(commandNamed(result, "rateit").options).toMatchObject([{ name: "song", type: "string", required: true }]);
    expect(replies(description, "rateit")).toEqual(["{option.song} gets {result.rating}/5"]);
    expect(result.notUnderstood).toEqual([]);
  });

  it("posts a text the user wrote with <placeholders> in a channel and answers who asked", () => {
    const description =
      "/complain <text> posts the text to #staff as 'Complaint by <user>: <text>' and tells them 'Sent!'";
    const complain = commandNamed(build(description), "complain");
    expect(complain.actions).toEqual([
      expect.objectContaining({
        do: "send",
        channel: "#staff",
        message: expect.objectContaining({ text: "Complaint by {user.mention}: {option.text}" }),
      }),
      expect.objectContaining({ do: "reply", message: expect.objectContaining({ text: "Sent!" }) }),
    ]);
    expect(replies("/hi replies to the sender 'Hey there'", "hi")).toEqual(["Hey there"]);
  });
});

describe("member info as asked", () => {
  it("shows roles when asked, from a sentence after the command, with the option named as written", () => {
    const result = build(
      "Make /member. It has one option, person, that can be left out. Show their name and the roles they have.",
    );
    const member = commandNamed(result, "member");
    expect(member.options).toMatchObject([{ name: "person", type: "user", required: false }]);
    expect(JSON.stringify(member.actions)).toContain("{option.person.roles}");
    expect(JSON.stringify(member.actions)).toContain("{user.roles}");
  });

  it("shows someone else's avatar when the words say whose", () => {
    const pfp = commandNamed(build("/pfp shows someone's avatar"), "pfp");
    expect(pfp.options).toMatchObject([{ type: "user", required: false }]);
    expect(JSON.stringify(pfp.actions)).toMatch(/\{option\.[a-z]+\.avatar\}/);
    expect(commandNamed(build("/avatar shows your avatar"), "avatar").options).toEqual([]);
  });
});

describe("roles a member picks", () => {
  it("gives a typed role only from the list written, and refuses the rest in words", () => {
    const result = build(
      "/join <role> lets you give yourself one of these roles: Red, Blue, Green. /quit <role> drops it",
    );
    const join = commandNamed(result, "join");
    expect(join.options).toMatchObject([{ name: "role", type: "role", required: true }]);
    const check = join.actions[0]!;
    expect(check).toMatchObject({ do: "if", when: { test: "any" } });
    expect(JSON.stringify(check)).toContain('"right":"Blue"');
    expect(allActions(join.actions)).toContainEqual({ do: "addRole", member: "{user}", role: "{option.role}" });
    expect(allActions(commandNamed(result, "quit").actions)).toContainEqual({
      do: "removeRole",
      member: "{user}",
      role: "{option.role}",
    });
  });

  it("never lets a member give themselves any role typed when no list was written", () => {
    const result = build("/grab <role> gives you that role");
    expect(result.blueprint.commands.map((c) => c.name)).not.toContain("grab");
    expect(result.notUnderstood.map((note) => note.text)).toContain("/grab");
  });

  it("reads /group add|remove <role> by the sub-command's name", () => {
    const result = build("/group add <role> and /group remove <role>, only for these roles: Chess, Go");
    const group = commandNamed(result, "group");
    const add = group.subcommands.find((sub) => sub.name === "add")!;
    const remove = group.subcommands.find((sub) => sub.name === "remove")!;
    expect(allActions(add.actions).some((a) => a.do === "addRole")).toBe(true);
    expect(allActions(remove.actions).some((a) => a.do === "removeRole")).toBe(true);
  });
});

describe("what people write around commands", () => {
  it("rolls the dice a member types when the words give dice notation", () => {
    const result = build("!dice <roll> rolls things like 3d6 or 2d10+2 and replies with the sum");
    const dice = commandNamed(result, "dice");
    expect(dice.options).toMatchObject([{ name: "roll", type: "string", required: true }]);
    expect(dice.actions[0]).toEqual({ do: "random", dice: "{option.roll}", saveAs: "total" });
    expect(commandNamed(build("/roll rolls a six sided die"), "roll").actions[0]).toMatchObject({ min: 1, max: 6 });
  });

  it("times out for the minutes typed, and says a number past the maximum is too much", () => {
    const result = build("/mute <user> <minutes> for mods, the maximum is 30 minutes");
    const mute = commandNamed(result, "mute");
    expect(mute.options.map((o) => [o.name, o.type])).toEqual([
      ["user", "user"],
      ["minutes", "integer"],
      ["reason", "string"],
    ]);
    const actions = allActions(mute.actions);
    expect(actions).toContainEqual(expect.objectContaining({ do: "timeout", duration: "{option.minutes}m" }));
    expect(JSON.stringify(mute.actions)).toContain('"right":"30"');
    const free = commandNamed(build("/silence takes a member and a duration like 5m or 3h"), "silence");
    expect(allActions(free.actions)).toContainEqual(
      expect.objectContaining({ do: "timeout", duration: "{option.duration}" }),
    );
  });

  it("bets at the odds said, and works without a pause nobody asked for", () => {
    const result = build("/wager <amount> — there's a 25% chance to win. /job pays 5 to 15 coins");
    const wager = JSON.stringify(commandNamed(result, "wager").actions);
    expect(wager).toContain('"max":100');
    expect(wager).toContain('"right":"25"');
    expect(commandNamed(result, "job").cooldown).toBeUndefined();
    expect(commandNamed(build("/job pays 5 to 15 coins, once every 2 hours"), "job").cooldown).toMatchObject({
      seconds: 7_200,
    });
  });

  it("makes sub-commands that each give a role one of a set when only one may be held", () => {
    const result = build(
      "/side light gives Light Side, /side dark gives Dark Side. nobody can have both, picking one removes the other.",
    );
    const side = commandNamed(result, "side");
    const light = side.subcommands.find((sub) => sub.name === "light")!;
    expect(light.actions).toEqual(
      expect.arrayContaining([
        { do: "removeRole", member: "{user}", role: "Dark Side" },
        { do: "addRole", member: "{user}", role: "Light Side" },
      ]),
    );
  });

  it("reads 'command /x', 'every command' and a greeting without making commands of them", () => {
    const result = build(
      "Hi there, I'd like a bot. Command /flip that says heads or tails, and /list shows every command.",
    );
    expect(result.blueprint.commands.map((c) => c.name).sort()).toEqual(["flip", "list"]);
    expect(build("!me -> the bot says ur name and ur top role").blueprint.commands[0]!.actions).toContainEqual(
      expect.objectContaining({ message: expect.objectContaining({ text: "{user.name}, {user.toprole}" }) }),
    );
  });
});
