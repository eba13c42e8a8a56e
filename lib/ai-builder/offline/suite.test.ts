/**
 * Descriptions written the way the description suite (lib/ai-builder/cases-*.ts) writes them:
 * usage lines with <arguments>, several sentences about one thing, calculators and lookups by
 * name, automod rules with exemptions. Each test checks what the user asked for.
 */
import { describe, expect, it } from "vitest";

import { actionsOf, build, commandNamed, eventsOn, replyTexts } from "./test-support";

describe("usage lines and step-by-step commands", () => {
  it("turns <question> and [reason] into options, with the names the user wrote", () => {
    const result = build("/report <user> [reason] posts the report in #mod-reports and replies privately 'Thanks!'");
    const report = commandNamed(result, "report");
    expect(report.options).toEqual([
      expect.objectContaining({ name: "user", type: "user", required: true }),
      expect.objectContaining({ name: "reason", type: "string", required: false }),
    ]);
    expect(actionsOf(report.actions, "send")[0]?.channel).toBe("#mod-reports");
    expect(actionsOf(report.actions, "reply")[0]).toMatchObject({ ephemeral: true, message: { text: "Thanks!" } });
  });

  it("reads what a command does from the sentences after it, but not from a 'When …' sentence", () => {
    const report = build(
      '/report user reason: anyone can use it. bot posts the report in #mod-reports and tells the reporter privately "Thanks."',
    );
    expect(actionsOf(commandNamed(report, "report").actions, "reply")[0]).toMatchObject({
      ephemeral: true,
      message: { text: "Thanks." },
    });
    const apply = build(
      "/apply opens a form asking for your age. When it's submitted, tell them privately that we got it.",
    );
    // The form is what /apply does; "When it's submitted, …" is what its submission does.
    expect(commandNamed(apply, "apply").actions.map((a) => a.do)).toEqual(["showModal"]);
    const submitted = apply.blueprint.events.find((e) => e.on === "modalSubmit");
    expect(submitted?.actions).toEqual([expect.objectContaining({ do: "reply", ephemeral: true })]);
  });

  it("gives and takes roles, then replies, in the order said", () => {
    const result = build(
      'When they type !verify the bot removes Unverified and gives them Member, and replies "You\'re verified, welcome!"',
    );
    const verify = commandNamed(result, "verify");
    expect(verify.type).toBe("prefix");
    expect(verify.actions.map((a) => a.do)).toEqual(["removeRole", "addRole", "reply"]);
    expect(actionsOf(verify.actions, "addRole")[0]?.role).toBe("Member");
  });

  it("posts now and again after a wait that survives restarts", () => {
    const result = build(
      '/eventstart posts "The event starts in 30 minutes!" in #announcements right away, and 30 minutes later posts "The event is starting now!" there too.',
    );
    const start = commandNamed(result, "eventstart");
    expect(actionsOf(start.actions, "send")[0]?.channel).toBe("#announcements");
    const wait = actionsOf(start.actions, "wait")[0];
    expect(wait?.duration).toBe("30m");
    expect(actionsOf(wait!.then, "send")[0]).toMatchObject({
      channel: "#announcements",
      message: { text: "The event is starting now!" },
    });
  });

  it("reads <mention> and <count> in a welcome text", () => {
    const [join] = eventsOn(
      build("post 'Welcome <mention>, you are member #<count>!' in #welcome when someone joins"),
      "memberJoin",
    );
    expect(actionsOf(join!.actions, "send")[0]?.message.text).toBe(
      "Welcome {user.mention}, you are member #{server.members}!",
    );
  });
});

describe("calculators and lookups by name", () => {
  it("works out a tip with an optional percent, default 15", () => {
    const tip = commandNamed(build("tip calculator: /tip bill [percent] — percent is optional, default 15"), "tip");
    expect(tip.options).toEqual([
      expect.objectContaining({ name: "bill", type: "number", required: true }),
      expect.objectContaining({ name: "percent", required: false, default: "15" }),
    ]);
    expect(actionsOf(tip.actions, "calculate").map((a) => a.expression)).toEqual([
      "{option.bill} * {option.percent} / 100",
      "{option.bill} + {result.tip}",
    ]);
  });

  it("rounds when asked", () => {
    const bmi = commandNamed(
      build("/bmi weight height - weight in kg, height in cm, reply with the BMI rounded to 1 decimal"),
      "bmi",
    );
    expect(actionsOf(bmi.actions, "calculate")[0]?.expression).toBe(
      "round(({option.weight} / ({option.height} / 100) ^ 2) * 10) / 10",
    );
  });

  it("converts temperatures both ways", () => {
    const result = build("/ctof <celsius> converts to fahrenheit and /ftoc <fahrenheit> does the opposite");
    expect(actionsOf(commandNamed(result, "ctof").actions, "calculate")[0]?.expression).toBe(
      "{option.celsius} * 9 / 5 + 32",
    );
    expect(commandNamed(result, "ftoc").options[0]?.name).toBe("fahrenheit");
  });

  it("looks a term up in the rows listed on the lines after it, with the fallback said", () => {
    const result = build(
      "/define <term> looks a word up in our glossary:\napi = Application Programming Interface\ndm = Direct message\ngg = Good game\nif the word isn't in the list reply \"I don't know that one yet.\"",
    );
    const define = commandNamed(result, "define");
    expect(result.blueprint.tables[0]?.rows).toEqual({
      api: "Application Programming Interface",
      dm: "Direct message",
      gg: "Good game",
    });
    expect(actionsOf(define.actions, "lookup")[0]).toMatchObject({
      key: "{option.term}",
      fallback: "I don't know that one yet.",
    });
  });

  it("reads rows written 'France - Paris' and numbered rules", () => {
    const capital = build(
      "!capital <country> tells you the capital city. France - Paris, Japan - Tokyo, Egypt - Cairo",
    );
    expect(capital.blueprint.tables[0]?.rows).toEqual({ france: "Paris", japan: "Tokyo", egypt: "Cairo" });
    const rules = build("/rule number → shows that rule. Rules: 1 Be respectful, 2 No spam, 3 Keep it SFW.");
    expect(rules.blueprint.tables[0]?.rows).toEqual({ "1": "Be respectful", "2": "No spam", "3": "Keep it SFW" });
  });
});

describe("rules said over several sentences", () => {
  it("makes one XP event from every sentence about levels", () => {
    const result = build(
      'leveling system!! every message = 10 xp. every 100 xp is a new level and the bot says "GG <mention>, you reached level <level>!" in #level-ups. /rank shows your xp and level.',
    );
    const xp = eventsOn(result, "messageMatches");
    expect(xp).toHaveLength(1);
    expect(actionsOf(xp[0]!.actions, "send")[0]).toMatchObject({
      channel: "#level-ups",
      message: { text: "GG {user.mention}, you reached level {result.level}!" },
    });
  });

  it("reads a warning ladder written with ordinals", () => {
    const result = build(
      "/warn user reason. It escalates: first warning just warns, second is a 1h timeout, third a 24h ban, after that permanent ban.",
    );
    const ifs = actionsOf(commandNamed(result, "warn").actions, "if");
    expect(ifs.map((a) => a.when)).toEqual([
      expect.objectContaining({ op: "==", right: "2" }),
      expect.objectContaining({ op: "==", right: "3" }),
      expect.objectContaining({ op: ">=", right: "4" }),
    ]);
    expect(actionsOf(ifs[1]!.then, "ban")[0]?.duration).toBe("24h");
  });

  it("leaves moderators out of an invite filter said twice", () => {
    const result = build(
      "No invite links! If someone who isn't a mod posts a discord.gg link, delete it and time them out for 10 minutes.",
    );
    const rules = eventsOn(result, "messageMatches");
    expect(rules).toHaveLength(1);
    expect(rules[0]!.actions[0]).toMatchObject({
      do: "if",
      when: { test: "not", condition: { test: "hasPermission", permission: "ModerateMembers" } },
    });
    expect(actionsOf(rules[0]!.actions, "timeout")[0]?.duration).toBe("10m");
  });

  it("filters shouting and warns in the words given", () => {
    const [caps] = eventsOn(
      build(
        "if someone types in all caps (like 10 or more capital letters in a row) delete the message and say 'please don't shout'",
      ),
      "messageMatches",
    );
    expect(caps).toMatchObject({ pattern: "[A-Z]{10,}", ignoreCase: false });
    expect(actionsOf(caps!.actions, "send")[0]?.message.text).toBe("please don't shout");
  });

  it("turns 'tell the person to watch their language' into the warning", () => {
    const result = build(
      "delete any message that has one of these words: frick, dang, heck, darn. then tell the person to watch their language",
    );
    expect(actionsOf(eventsOn(result, "messageContains")[0]!.actions, "send")[0]?.message.text).toBe(
      "{user.mention}, watch your language.",
    );
    expect(result.notUnderstood).toEqual([]);
  });

  it("starts everyone with the balance said", () => {
    const result = build(
      "everyone starts with 500 coins. /balance [user] shows coins (yours if no user) and /pay <user> <amount>",
    );
    expect(result.blueprint.data[0]).toMatchObject({ name: "coins", initial: "500" });
    expect(commandNamed(result, "balance").options[0]).toMatchObject({ type: "user", required: false });
  });

  it("gives each command its own permission when the description says 'matching'", () => {
    const result = build(
      "/kick user [reason], /ban user [reason], /timeout user (always 10 minutes). only people with the matching permission (kick members / ban members / timeout members) can use them.",
    );
    expect(result.blueprint.commands.map((c) => c.permissions[0])).toEqual([
      "KickMembers",
      "BanMembers",
      "ModerateMembers",
    ]);
    expect(replyTexts(commandNamed(result, "timeout").actions)[0]).toContain("10 minutes");
  });
});

describe("counting and roles", () => {
  it("counts messages and gives a role at a number, typos and all", () => {
    const result = build("after somone sends 5 messages give them teh 'Chatter' role and congradulate them");
    const [count] = eventsOn(result, "messageMatches");
    expect(actionsOf(count!.actions, "addRole")[0]).toMatchObject({ role: "Chatter" });
    expect(actionsOf(count!.actions, "if")[0]?.when).toMatchObject({ op: "==", right: "5" });
    expect(result.notUnderstood).toEqual([]);
  });

  it("gives and takes any role for staff with Manage Roles", () => {
    const result = build("/giverole user role and /takerole user role for staff with the Manage Roles permission");
    expect(commandNamed(result, "giverole").options.map((o) => o.type)).toEqual(["user", "role"]);
    expect(actionsOf(commandNamed(result, "takerole").actions, "removeRole")[0]?.role).toBe("{option.role}");
    expect(result.blueprint.commands.every((c) => c.permissions[0] === "ManageRoles")).toBe(true);
  });
});

describe("tickets said the way people say them", () => {
  it("makes /ticket open and /ticket close subcommands, once", () => {
    const result = build(
      "Support tickets with /ticket open <reason> and /ticket close. Only people with the Moderator role can close tickets.",
    );
    expect(result.blueprint.commands).toHaveLength(1);
    const ticket = commandNamed(result, "ticket");
    expect(ticket.subcommands.map((s) => s.name)).toEqual(["open", "close"]);
    expect(ticket.subcommands[0]?.options[0]).toMatchObject({ name: "reason", type: "string" });
    expect(result.blueprint.events).toEqual([]);
  });

  it("does not invent a ticket system from a sentence about closing tickets", () => {
    const result = build(
      "Only people with the Moderator role can close tickets, users shouldn't be able to close them themselves.",
    );
    expect(result.blueprint.commands).toEqual([]);
    expect(result.blueprint.events).toEqual([]);
  });

  it("uses the panel's texts and the staff role said in the next sentence", () => {
    const result = build(
      '/ticketpanel (admins only) posts "Need help?" with a button "Create Ticket". pressing the button creates a private channel support-<username> for that person and the Staff role.',
    );
    expect(commandNamed(result, "ticketpanel").permissions).toEqual(["Administrator"]);
    const create = actionsOf(eventsOn(result, "button")[0]!.actions, "createChannel")[0];
    expect(create).toMatchObject({ name: "support-{user.name}", staffRole: "Staff" });
  });
});
