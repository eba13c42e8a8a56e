import { z } from "zod";

import { storable } from "@/lib/validation/text";

/** A Discord id, as the simulator makes them. */
export const snowflake = z.string().regex(/^\d{1,20}$/, "Not a valid id");
const botId = z.string().min(1).max(64);

/** What a simulated member types (the Test tab, the REST API). */
export const messageContent = z
  .string()
  .trim()
  .min(1, "Type a message first")
  .max(2000, "Discord messages are at most 2,000 characters")
  .superRefine(storable("The message", { multiline: true }));

export const testMessageSchema = z.object({
  botId,
  channelId: snowflake,
  authorId: snowflake,
  content: messageContent,
});
export type TestMessageInput = z.input<typeof testMessageSchema>;

/** One option as Discord sends it in an interaction (subcommands nest their options). */
export type TestCommandOption = {
  name: string;
  type: number;
  value?: string | number | boolean;
  options?: TestCommandOption[];
};

const commandOption: z.ZodType<TestCommandOption> = z.lazy(() =>
  z.object({
    name: z.string().min(1).max(32),
    type: z.number().int().min(1).max(11),
    value: z
      .union([z.string().max(6000).superRefine(storable("The option's value")), z.number(), z.boolean()])
      .optional(),
    options: z.array(commandOption).max(25).optional(),
  }),
);

export const testCommandSchema = z.object({
  botId,
  channelId: snowflake,
  authorId: snowflake,
  name: z.string().min(1).max(32),
  options: z.array(commandOption).max(25).default([]),
});
export type TestCommandInput = z.input<typeof testCommandSchema>;

/** A simulated member's name: Discord's username rules (2–32 of letters, digits, '_' and '.'). */
export const memberName = z
  .string()
  .trim()
  .min(2, "Names are at least 2 characters")
  .max(32, "Names are at most 32 characters")
  .regex(/^[a-z0-9_.]+$/i, "Use letters, digits, '_' and '.'");

export const testMemberJoinSchema = z.object({ botId, guildId: snowflake, username: memberName });
export type TestMemberJoinInput = z.input<typeof testMemberJoinSchema>;

export const testMemberLeaveSchema = z.object({ botId, guildId: snowflake, memberId: snowflake });

/** Which simulated server a bot joins: its own (the default for new bots) or the shared one. */
export const testServerSchema = z.object({ botId, testServer: z.enum(["own", "shared"]) });
export type TestServer = z.infer<typeof testServerSchema>["testServer"];

/** A click (no values) or a choice in a select menu, on a message of the Test tab. */
export const testComponentSchema = z.object({
  botId,
  channelId: snowflake,
  messageId: snowflake,
  authorId: snowflake,
  customId: z.string().min(1).max(100),
  values: z.array(z.string().max(100)).max(25).optional(),
});
export type TestComponentInput = z.input<typeof testComponentSchema>;

/** A modal's answers by custom_id: text, a list of choices, or a checkbox. */
export const modalValues = z.record(
  z.string().max(100),
  z.union([
    z
      .string()
      .max(4000, "Answers are at most 4,000 characters")
      .superRefine(storable("The answer", { multiline: true })),
    z.array(z.string().max(100)).max(25),
    z.boolean(),
  ]),
);

/** A modal's answers by custom_id: text, a list of choices, or a checkbox. */
export const testModalSubmitSchema = z.object({
  botId,
  modalId: snowflake,
  values: modalValues,
});
export type TestModalSubmitInput = z.input<typeof testModalSubmitSchema>;

export const testModalCloseSchema = z.object({ botId, modalId: snowflake });

/** Add member on the Discord Simulator page: the form's field… */
export const worldMemberFormSchema = z.object({ username: memberName });
export type WorldMemberFormInput = z.input<typeof worldMemberFormSchema>;

/** …and what its action takes. The world is always the signed-in user's own. */
export const worldMemberJoinSchema = worldMemberFormSchema.extend({ guildId: snowflake });
export type WorldMemberJoinInput = z.input<typeof worldMemberJoinSchema>;

/** Remove (leave) a member on the Discord Simulator page. */
export const worldMemberLeaveSchema = z.object({ guildId: snowflake, memberId: snowflake });
export type WorldMemberLeaveInput = z.input<typeof worldMemberLeaveSchema>;
