import { describe, expect, it } from "vitest";

import { applicationIdFromToken, discordPermissions, inviteNeeds, inviteUrl } from "./invite";
import { blankBotFiles } from "./starter-files";
import { loadTemplateFiles } from "./templates";

const names = (needs: ReturnType<typeof inviteNeeds>) => needs.permissions.map((permission) => permission.name);

describe("what a bot's invite asks for", () => {
  it("a blank bot asks only to see channels and send messages, in every language", () => {
    for (const language of ["javascript", "typescript", "python"] as const) {
      const needs = inviteNeeds(blankBotFiles(language), language);
      expect(names(needs)).toEqual(["ViewChannel", "SendMessages"]);
      expect(needs.permissionBits).toBe(String((1n << 10n) | (1n << 11n)));
      expect(needs.privilegedIntents).toEqual([]);
    }
  });

  it("the Moderation template asks for what /warn's ladder and /purge use, and says why", async () => {
    const needs = inviteNeeds(await loadTemplateFiles("moderation-bot"), "javascript");
    expect(names(needs)).toEqual(
      expect.arrayContaining(["BanMembers", "ModerateMembers", "ManageMessages", "ReadMessageHistory"]),
    );
    expect(needs.permissions.find((permission) => permission.name === "BanMembers")?.why).toBe(
      "the code bans and unbans members",
    );
    let bits = 0n;
    for (const name of names(needs)) bits |= discordPermissions[name];
    expect(needs.permissionBits).toBe(bits.toString());
  });

  it("discord.py code is read with discord.py's names, and privileged intents are named", () => {
    const code = `
intents = discord.Intents.default()
intents.message_content = True
intents.members = True
async def punish(member):
    await member.timeout(datetime.timedelta(minutes=5))
    await member.add_roles(role)
    await channel.purge(limit=10)
`;
    const needs = inviteNeeds([{ path: "main.py", content: code }], "python");
    expect(names(needs)).toEqual(
      expect.arrayContaining(["ModerateMembers", "ManageRoles", "ManageMessages", "ReadMessageHistory"]),
    );
    expect(names(needs)).not.toContain("KickMembers");
    expect(needs.privilegedIntents).toEqual(["Message Content", "Server Members"]);
    // A JavaScript file in a Python bot is not its code.
    const mixed = inviteNeeds(
      [
        { path: "main.py", content: "print('hi')" },
        { path: "tools/x.js", content: "member.kick()" },
      ],
      "python",
    );
    expect(names(mixed)).toEqual(["ViewChannel", "SendMessages"]);
  });

  it("what comments say asks for nothing: the Music Bot, which plays no audio, does not ask to join voice", async () => {
    const music = inviteNeeds(await loadTemplateFiles("music-bot"), "javascript");
    expect(names(music)).not.toContain("Connect");
    const commented = inviteNeeds(
      [{ path: "index.js", content: "// later: member.kick()\n/* guild.members.ban(id) */" }],
      "javascript",
    );
    expect(names(commented)).toEqual(["ViewChannel", "SendMessages"]);
    const voice = inviteNeeds(
      [{ path: "index.js", content: 'const { joinVoiceChannel } = require("@discordjs/voice");' }],
      "javascript",
    );
    expect(names(voice)).toEqual(expect.arrayContaining(["Connect", "Speak"]));
  });

  it("the URL adds the bot with both scopes and the permission integer", () => {
    const url = new URL(inviteUrl("123456789012345678", "3072"));
    expect(url.origin + url.pathname).toBe("https://discord.com/oauth2/authorize");
    expect(url.searchParams.get("client_id")).toBe("123456789012345678");
    expect(url.searchParams.get("scope")).toBe("bot applications.commands");
    expect(url.searchParams.get("permissions")).toBe("3072");
  });

  it("the application id is read from a token's first part, and nothing else passes for one", () => {
    const id = "123456789012345678";
    const token = `${Buffer.from(id).toString("base64").replace(/=+$/, "")}.GhIjKl.${"x".repeat(38)}`;
    expect(applicationIdFromToken(token)).toBe(id);
    expect(applicationIdFromToken("not-a-token")).toBeNull();
    expect(applicationIdFromToken(`${Buffer.from("hello").toString("base64")}.a.b`)).toBeNull();
    expect(applicationIdFromToken("")).toBeNull();
  });
});
