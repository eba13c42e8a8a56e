/** The build form's rules, shared by the form (client) and the action (server). */
import { z } from "zod";

/** The longest description a build reads. */
export const maxBuildDescription = 4000;

const id = z.string().min(1).max(64);

export const buildSchema = z.object({
  description: z
    .string({ error: "Describe your bot first." })
    .trim()
    .min(1, "Describe your bot first.")
    .max(
      maxBuildDescription,
      `Keep it under ${maxBuildDescription.toLocaleString("en")} characters: describe the main commands and events, and add more later with "Change it with words".`,
    ),
  /** Only when the user chose one: otherwise the words decide ("a python bot"), else JavaScript. */
  language: z.enum(["javascript", "python"], { error: "Choose JavaScript or Python." }).optional(),
  botId: id.optional(),
  /** Wait at the plan when it asks something or left words out (Create New Bot sends it). */
  reviewPlan: z.boolean().optional(),
});
export type BuildInput = z.input<typeof buildSchema>;

export const buildIdSchema = z.object({ buildId: id });

/** Field and question ids as ./plan-review.ts makes them: "c0.s0o1", "e0.ch", "cmd.2", "ch.e0.c0". */
const planPartId = z.string().regex(/^[a-z0-9.]{1,40}$/i, "Not a part of this plan.");
const planValue = z.string().max(2_000, "Keep it under 2,000 characters.");

/** "Build it" on a plan that waited for the user: fixed lines and answered questions. */
export const planCorrectionsSchema = z
  .object({
    fields: z
      .record(planPartId, planValue)
      .refine((fields) => Object.keys(fields).length <= 200, "Too many fixes at once.")
      .optional(),
    answers: z
      .record(planPartId, planValue)
      .refine((answers) => Object.keys(answers).length <= 50, "Too many answers at once.")
      .optional(),
  })
  .strict();

export const confirmPlanSchema = planCorrectionsSchema.extend({ buildId: id });

/** "Describe your bot"'s placeholder on Create New Bot (an example too: lib/ai-builder/cases-examples.ts). */
export const describePlaceholder =
  "A /roll command that rolls a die with an optional number of sides, default 6. Welcome new members in #welcome.";

/**
 * Descriptions to start from on Create New Bot: each builds, offline, a bot that does what its
 * words say (lib/ai-builder/cases-examples.ts checks it in the simulator).
 */
export const buildExamples = [
  {
    label: "Dice and coins",
    text: "A /roll command that rolls a die with an optional number of sides, default 6, and a /coinflip command that flips a coin.",
  },
  {
    label: "Welcome",
    text: 'When someone joins, welcome them in #welcome with their name and give them the "Member" role.',
  },
  {
    label: "Warnings ladder",
    text: "A /warn command for moderators: 2 warnings is a 1 hour timeout, 3 warnings is a 24 hour ban. Remember warnings across restarts.",
  },
  {
    label: "Economy",
    text: "An economy bot with /balance, /daily that gives 100 coins once a day, and a /leaderboard of the richest members.",
  },
  {
    label: "Banned words",
    text: 'Delete any message that contains "spam", "scam" or "free nitro" and warn the member.',
  },
] as const;
