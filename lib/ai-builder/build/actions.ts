"use server";

import type { z } from "zod";

import { botAction } from "@/lib/bots/bot-action";
import { formRateLimit } from "@/lib/rate-limit";

import { acceptChange, discardChange } from "./change";
import { enqueueBuild } from "./job";
import { buildIdSchema, buildSchema, confirmPlanSchema } from "./schema";
import { buildRateLimit, cancelBuild, confirmPlan, queueBuild } from "./service";

/** "Build it" (Create New Bot) and "Change it with words" (a bot's page): queues a build. */
export async function startBuildAction(input: z.input<typeof buildSchema>) {
  return botAction(
    "build.start",
    buildSchema,
    async (userId, request) => {
      const build = await queueBuild(userId, request);
      await enqueueBuild(build.id);
      return build;
    },
    { rateLimit: buildRateLimit },
  )(input);
}

/** "Build it" on the plan: the user's answers and fixes go in, then the code is written and proven. */
export async function confirmPlanAction(input: z.input<typeof confirmPlanSchema>) {
  return botAction(
    "build.confirmPlan",
    confirmPlanSchema,
    async (userId, { buildId, fields, answers }) => {
      const build = await confirmPlan(userId, buildId, { fields, answers });
      await enqueueBuild(build.id);
      return build;
    },
    { rateLimit: formRateLimit("build-plan") },
  )(input);
}

export async function cancelBuildAction(input: z.input<typeof buildIdSchema>) {
  return botAction("build.cancel", buildIdSchema, async (userId, { buildId }) => {
    await cancelBuild(userId, buildId);
    return { buildId };
  })(input);
}

/** A change's diff accepted: saved as a new version, then proven again. */
export async function acceptChangeAction(input: z.input<typeof buildIdSchema>) {
  return botAction(
    "build.acceptChange",
    buildIdSchema,
    async (userId, { buildId }) => {
      const saved = await acceptChange(userId, buildId);
      await enqueueBuild(buildId);
      return saved;
    },
    { rateLimit: formRateLimit("build-review") },
  )(input);
}

export async function discardChangeAction(input: z.input<typeof buildIdSchema>) {
  return botAction("build.discardChange", buildIdSchema, async (userId, { buildId }) => {
    await discardChange(userId, buildId);
    return { buildId };
  })(input);
}
