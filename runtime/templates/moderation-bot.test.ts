import { MessageFlags, PermissionFlagsBits } from "discord.js";
import { afterEach, describe, expect, it, vi } from "vitest";

import {
  fakeGuild,
  fakeInteraction,
  fakeMember,
  loadModule,
  memoryDb,
  type CommandModule,
  type Db,
  type FakeMember,
} from "./test-support";

interface LadderModule {
  ONE_HOUR: number;
  ONE_DAY: number;
  actionForStrikes(count: number): { type: string; durationMs: number | null; label: string };
}

const { actionForStrikes, ONE_DAY, ONE_HOUR } = loadModule<LadderModule>("moderation-bot", "lib/strike-ladder.js");
const command = (name: string) => loadModule<CommandModule>("moderation-bot", `commands/${name}.js`);

const { ModerateMembers, BanMembers, ManageMessages } = PermissionFlagsBits;

describe("the strike ladder", () => {
  it("gives a warning for the first strike", () => {
    expect(actionForStrikes(1)).toEqual({ type: "warning", durationMs: null, label: "a warning" });
  });

  it("gives a 1-hour timeout for the second strike", () => {
    expect(actionForStrikes(2)).toEqual({ type: "timeout", durationMs: 3_600_000, label: "a 1-hour timeout" });
  });

  it("gives a 24-hour ban for the third strike", () => {
    expect(actionForStrikes(3)).toEqual({ type: "tempban", durationMs: 86_400_000, label: "a 24-hour ban" });
    expect(ONE_DAY).toBe(24 * ONE_HOUR);
  });

  it("gives a permanent ban for the fourth strike and every one after", () => {
    for (const count of [4, 5, 12]) expect(actionForStrikes(count)).toMatchObject({ type: "ban", durationMs: null });
  });

  it("refuses counts that are not whole numbers of at least 1", () => {
    for (const count of [0, -1, 1.5, Number.NaN]) expect(() => actionForStrikes(count)).toThrow(RangeError);
  });
});

describe("/warn", () => {
  const guild = fakeGuild("g-warn");
  let db: Db;
  let target: FakeMember;

  function warn(options: { permissions?: bigint[]; moderator?: FakeMember; member?: FakeMember | null } = {}) {
    const fake = fakeInteraction({
      guild,
      member: options.moderator,
      permissions: options.permissions ?? [ModerateMembers, BanMembers],
      options: { user: options.member === undefined ? target : options.member, reason: "Spamming #general" },
    });
    return command("warn")
      .execute(fake.interaction, { db })
      .then(() => fake);
  }

  function reset() {
    db = memoryDb();
    target = fakeMember("target", { rolePosition: 1 });
    guild.members.ban.mockClear();
    guild.members.unban.mockClear();
  }

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("warns on the first strike: a DM to the member and a reply to the moderator", async () => {
    reset();
    const fake = await warn();
    expect(target.send).toHaveBeenCalledWith(expect.stringContaining("strike 1"));
    expect(target.send).toHaveBeenCalledWith(expect.stringContaining("Spamming #general"));
    expect(fake.lastText()).toBe("Strike 1 for <@target>: a warning.");
    expect(target.timeout).not.toHaveBeenCalled();
    expect(guild.members.ban).not.toHaveBeenCalled();
  });

  it("times the member out for 1 hour on the second strike", async () => {
    reset();
    await warn();
    const fake = await warn();
    expect(fake.lastText()).toContain("a 1-hour timeout");
    expect(target.timeout).toHaveBeenCalledWith(3_600_000, expect.stringContaining("Strike 2"));
  });

  it("bans for 24 hours on the third strike, and lifts the ban after 24 hours", async () => {
    reset();
    vi.useFakeTimers();
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    await warn();
    await warn();
    const fake = await warn();
    expect(fake.lastText()).toContain("a 24-hour ban");
    expect(guild.members.ban).toHaveBeenCalledWith("target", expect.objectContaining({ reason: expect.any(String) }));
    expect(await db.list("unban:")).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(ONE_DAY - 1000);
    expect(guild.members.unban).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(guild.members.unban).toHaveBeenCalledWith("target", "24-hour ban expired");
    expect(await db.list("unban:")).toHaveLength(0);
  });

  it("bans permanently on the fourth strike, and an earlier 24-hour timer does not lift it", async () => {
    reset();
    vi.useFakeTimers();
    for (let i = 0; i < 3; i += 1) await warn();
    // A moderator unbans them by hand, they come back and are warned again before the timer ends.
    const fake = await warn();
    expect(fake.lastText()).toContain("a permanent ban");
    expect(guild.members.ban).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(ONE_DAY + 1000);
    expect(guild.members.unban).not.toHaveBeenCalled();
  });

  it("records the strike but does not ban when the moderator lacks Ban Members", async () => {
    reset();
    await warn({ permissions: [ModerateMembers] });
    await warn({ permissions: [ModerateMembers] });
    const fake = await warn({ permissions: [ModerateMembers] });
    expect(fake.lastText()).toContain("Strike 3 recorded");
    expect(fake.lastText()).toContain("Ban Members");
    expect(guild.members.ban).not.toHaveBeenCalled();
  });

  it("refuses moderators without Moderate Members, privately and without a strike", async () => {
    reset();
    const fake = await warn({ permissions: [] });
    expect(fake.lastText()).toBe("You need the **Moderate Members** permission to use this command.");
    expect(fake.replies[0]).toMatchObject({ flags: MessageFlags.Ephemeral });
    expect(await db.list("strikes:")).toEqual([]);
  });

  it("refuses to warn bots, yourself, members not in the server, or members with a higher role", async () => {
    reset();
    expect((await warn({ member: fakeMember("bot", { bot: true }) })).lastText()).toBe("Bots cannot be warned.");
    const moderator = fakeMember("moderator", { rolePosition: 10 });
    expect((await warn({ moderator, member: moderator })).lastText()).toBe("You cannot warn yourself.");
    expect((await warn({ member: null })).lastText()).toBe("That user is not in this server.");
    const senior = fakeMember("senior", { rolePosition: 10 });
    expect((await warn({ member: senior })).lastText()).toContain("below yours");
    expect(await db.list("strikes:")).toEqual([]);
  });

  it("says clearly when the bot itself cannot time the member out", async () => {
    reset();
    target = fakeMember("target", { rolePosition: 1, moderatable: false });
    await warn();
    const fake = await warn();
    expect(fake.lastText()).toContain("I cannot time them out");
    expect(target.timeout).not.toHaveBeenCalled();
  });

  it("still warns when the member's DMs are closed, and says so", async () => {
    reset();
    target.send.mockRejectedValueOnce(new Error("Cannot send messages to this user"));
    const fake = await warn();
    expect(fake.lastText()).toContain("could not DM them");
  });
});

describe("/strikes and /clearstrikes", () => {
  it("lists a member's strikes and what the next one means, then clears them", async () => {
    const db = memoryDb();
    const target = fakeMember("t2", { rolePosition: 1 });
    const guild = fakeGuild("g-strikes");
    for (const reason of ["Spam", "Insults"]) {
      const fake = fakeInteraction({ guild, permissions: [ModerateMembers], options: { user: target, reason } });
      await command("warn").execute(fake.interaction, { db });
    }

    const listed = fakeInteraction({ guild, permissions: [ModerateMembers], options: { user: target } });
    await command("strikes").execute(listed.interaction, { db });
    expect(listed.lastText()).toContain("has 2 strike(s)");
    expect(listed.lastText()).toContain("1. Spam");
    expect(listed.lastText()).toContain("2. Insults");
    expect(listed.lastText()).toContain("The next strike means a 24-hour ban.");

    const cleared = fakeInteraction({ guild, permissions: [ModerateMembers], options: { user: target } });
    await command("clearstrikes").execute(cleared.interaction, { db });
    expect(cleared.lastText()).toContain("Cleared 2 strike(s)");

    const empty = fakeInteraction({ guild, permissions: [ModerateMembers], options: { user: target } });
    await command("strikes").execute(empty.interaction, { db });
    expect(empty.lastText()).toBe("user-t2 has no strikes.");
  });

  it("need Moderate Members", async () => {
    for (const name of ["strikes", "clearstrikes"]) {
      const fake = fakeInteraction({ permissions: [], options: { user: fakeMember("x") } });
      await command(name).execute(fake.interaction, { db: memoryDb() });
      expect(fake.lastText()).toContain("Moderate Members");
    }
  });
});

describe("/purge", () => {
  function purge(amount: number, permissions: bigint[], appPermissions = [ManageMessages]) {
    const bulkDelete = vi.fn(async (count: number) => ({ size: Math.min(count, 7) }));
    const fake = fakeInteraction({ permissions, appPermissions, options: { amount }, channel: { bulkDelete } });
    return command("purge")
      .execute(fake.interaction, { db: memoryDb() })
      .then(() => ({ ...fake, bulkDelete }));
  }

  it("bulk-deletes the requested number of messages, skipping ones older than 14 days", async () => {
    const result = await purge(5, [ManageMessages]);
    expect(result.bulkDelete).toHaveBeenCalledWith(5, true);
    expect(result.lastText()).toBe("Deleted 5 message(s).");
  });

  it("says when old messages could not be deleted", async () => {
    const result = await purge(20, [ManageMessages]);
    expect(result.lastText()).toContain("Deleted 7 message(s).");
    expect(result.lastText()).toContain("older than 14 days");
  });

  it("needs Manage Messages, for the moderator and for the bot", async () => {
    expect((await purge(5, [])).lastText()).toContain("You need the **Manage Messages** permission");
    expect((await purge(5, [ManageMessages], [])).lastText()).toContain("I need the **Manage Messages** permission");
  });

  it("accepts only 1 to 100 messages", async () => {
    for (const amount of [0, 101]) {
      const result = await purge(amount, [ManageMessages]);
      expect(result.bulkDelete).not.toHaveBeenCalled();
      expect(result.lastText()).toBe("Choose a number of messages from 1 to 100.");
    }
  });
});
