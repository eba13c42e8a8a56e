"use server";

import { z } from "zod";

import { ActionRefusal, type ActionResult } from "@/lib/actions";
import { assertOwnedBot, BotNotFoundError } from "@/lib/bots/service";
import { recordMilestone } from "@/lib/onboarding/milestones";
import type { RateLimitRule } from "@/lib/rate-limit";
import { userAction } from "@/lib/user-action";

import {
  closeModal,
  resetWorld,
  simulateComponent,
  simulateInteraction,
  simulateMemberJoin,
  simulateMemberLeave,
  simulateMessage,
  SimulatorError,
  submitModal,
} from "./client";
import {
  testCommandSchema,
  testComponentSchema,
  testMemberJoinSchema,
  testMemberLeaveSchema,
  testMessageSchema,
  testModalCloseSchema,
  testModalSubmitSchema,
  testServerSchema,
  worldMemberJoinSchema,
  worldMemberLeaveSchema,
} from "./schemas";
import { moveToTestServer } from "./test-server";

function refusalFor(error: unknown): unknown {
  if (error instanceof BotNotFoundError) return new ActionRefusal("This bot no longer exists.", { code: "not_found" });
  // The simulator's own messages are written for the user (unknown command, missing option…).
  if (error instanceof SimulatorError) return new ActionRefusal(error.message, { code: "simulator" });
  return error;
}

/** A chat moves fast; enough for a person typing and clicking, not for a script hammering it. */
const testRateLimit: RateLimitRule = { bucket: "bot-test", limit: 120, windowMs: 60_000 };

function testAction<S extends z.ZodType<{ botId: string }>, T>(
  name: string,
  schema: S,
  run: (userId: string, input: z.infer<S>) => Promise<T>,
) {
  return userAction(
    name,
    schema,
    async (userId, input: z.infer<S>) => {
      await assertOwnedBot(userId, input.botId);
      const result = await run(userId, input);
      // The first-run checklist's "try it in the Test tab".
      await recordMilestone(userId, "tested");
      return result;
    },
    { rateLimit: testRateLimit, refusal: refusalFor },
  );
}

export async function sendTestMessageAction(input: z.input<typeof testMessageSchema>): Promise<ActionResult<void>> {
  return testAction("simulator.message", testMessageSchema, async (userId, { channelId, authorId, content }) => {
    await simulateMessage(userId, { channelId, authorId, content });
  })(input);
}

export async function runTestCommandAction(
  input: z.input<typeof testCommandSchema>,
): Promise<ActionResult<{ interactionId: string }>> {
  return testAction("simulator.command", testCommandSchema, (userId, { botId, channelId, authorId, name, options }) =>
    simulateInteraction(userId, { botId, channelId, authorId, name, options: options as never }),
  )(input);
}

/** A click on a button, or a choice in a select menu (with `values`), of a bot's message. */
export async function pressTestComponentAction(
  input: z.input<typeof testComponentSchema>,
): Promise<ActionResult<{ interactionId: string }>> {
  return testAction(
    "simulator.component",
    testComponentSchema,
    (userId, { channelId, messageId, authorId, customId, values }) =>
      simulateComponent(userId, { channelId, messageId }, { authorId, customId, ...(values ? { values } : {}) }),
  )(input);
}

export async function submitTestModalAction(
  input: z.input<typeof testModalSubmitSchema>,
): Promise<ActionResult<{ interactionId: string }>> {
  return testAction("simulator.modal", testModalSubmitSchema, (userId, { modalId, values }) =>
    submitModal(userId, modalId, { values }),
  )(input);
}

export async function closeTestModalAction(input: z.input<typeof testModalCloseSchema>): Promise<ActionResult<void>> {
  return testAction("simulator.modal-close", testModalCloseSchema, (userId, { modalId }) =>
    closeModal(userId, modalId),
  )(input);
}

export async function joinTestMemberAction(input: z.input<typeof testMemberJoinSchema>): Promise<ActionResult<void>> {
  return testAction("simulator.join", testMemberJoinSchema, async (userId, { guildId, username }) => {
    await simulateMemberJoin(userId, { guildId, username });
  })(input);
}

export async function removeTestMemberAction(
  input: z.input<typeof testMemberLeaveSchema>,
): Promise<ActionResult<void>> {
  return testAction("simulator.leave", testMemberLeaveSchema, (userId, { guildId, memberId }) =>
    simulateMemberLeave(userId, guildId, memberId),
  )(input);
}

/**
 * Moves the bot to its own test server or to the shared one. The choice is saved first, so a
 * simulator that is down still applies it when the bot next starts or is tested.
 */
export async function setTestServerAction(
  input: z.input<typeof testServerSchema>,
): Promise<ActionResult<{ applied: boolean; ownServer: boolean }>> {
  return userAction(
    "simulator.test-server",
    testServerSchema,
    (userId, { botId, testServer }) => moveToTestServer(userId, botId, testServer),
    { rateLimit: testRateLimit, refusal: refusalFor },
  )(input);
}

export async function resetTestWorldAction(input: { botId: string }): Promise<ActionResult<void>> {
  return testAction("simulator.reset", z.object({ botId: z.string().min(1).max(64) }), (userId) => resetWorld(userId))(
    input,
  );
}

/**
 * The Discord Simulator page (/dashboard/tools/simulator) acts on the signed-in user's world as a
 * whole, with no bot in between: the world is named by the session's user id only, never by input.
 */
const worldRateLimit: RateLimitRule = { bucket: "simulator-world", limit: 60, windowMs: 60_000 };

function worldAction<S extends z.ZodType, T>(
  name: string,
  schema: S,
  run: (userId: string, input: z.infer<S>) => Promise<T>,
) {
  return userAction(name, schema, run, { rateLimit: worldRateLimit, refusal: refusalFor });
}

export async function addWorldMemberAction(
  input: z.input<typeof worldMemberJoinSchema>,
): Promise<ActionResult<{ id: string; username: string }>> {
  return worldAction("simulator.world-join", worldMemberJoinSchema, async (userId, { guildId, username }) => {
    const member = await simulateMemberJoin(userId, { guildId, username });
    return { id: member.user?.id ?? "", username: member.user?.username ?? username };
  })(input);
}

export async function removeWorldMemberAction(
  input: z.input<typeof worldMemberLeaveSchema>,
): Promise<ActionResult<void>> {
  return worldAction("simulator.world-leave", worldMemberLeaveSchema, async (userId, { guildId, memberId }) => {
    await simulateMemberLeave(userId, guildId, memberId);
  })(input);
}

/** Back to the default server; the user's bots and their commands stay (runtime/README.md). */
export async function resetWorldAction(): Promise<ActionResult<void>> {
  return worldAction("simulator.world-reset", z.object({}), async (userId) => {
    // The control route answers with the fresh world; the page fetches it itself.
    await resetWorld(userId);
  })({});
}
