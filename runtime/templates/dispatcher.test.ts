import { MessageFlags } from "discord.js";
import { describe, expect, it, vi } from "vitest";

import { fakeInteraction, loadModule, memoryDb, textOf, type CommandModule, type EventModule } from "./test-support";

const interactionCreate = loadModule<EventModule>("economy-bot", "events/interactionCreate.js");

function withCommand(command: CommandModule) {
  const fake = fakeInteraction({ commandName: command.data.name });
  fake.interaction.client.commands.set(command.data.name, command);
  return fake;
}

describe("events/interactionCreate.js", () => {
  it("runs the matching command with the context", async () => {
    const execute = vi.fn(async () => undefined);
    const fake = withCommand({ data: { name: "ping", toJSON: () => ({ name: "ping", description: "x" }) }, execute });
    const context = { db: memoryDb() };
    await interactionCreate.execute(fake.interaction, context);
    expect(execute).toHaveBeenCalledWith(fake.interaction, context);
  });

  it("tells the user privately when a command throws, instead of leaving it 'thinking'", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fake = withCommand({
      data: { name: "boom", toJSON: () => ({ name: "boom", description: "x" }) },
      execute: async () => {
        throw new Error("kaput");
      },
    });
    await interactionCreate.execute(fake.interaction, { db: memoryDb() });
    expect(textOf(fake.replies[0])).toBe("Something went wrong while running this command.");
    expect(fake.replies[0]).toMatchObject({ flags: MessageFlags.Ephemeral });
    errors.mockRestore();
  });

  it("follows up instead of replying twice when the command had already deferred", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fake = withCommand({
      data: { name: "slow", toJSON: () => ({ name: "slow", description: "x" }) },
      execute: async (interaction) => {
        await (interaction as { deferReply(): Promise<void> }).deferReply();
        throw new Error("kaput");
      },
    });
    await interactionCreate.execute(fake.interaction, { db: memoryDb() });
    expect(fake.interaction.followUp).toHaveBeenCalledTimes(1);
    expect(fake.interaction.reply).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
