/**
 * AI builds through the API: POST /v1/bots with a `prompt` starts the same persisted build as
 * Create New Bot → "Describe your bot" (lib/ai-builder/build), GET /v1/builds/{id} reports its
 * steps, plan and checks, and GET /v1/builds/{id}/events follows it as Server-Sent Events.
 */
import { z } from "zod";

import { enqueueBuild } from "@/lib/ai-builder/build/job";
import { buildSchema as buildFormSchema } from "@/lib/ai-builder/build/schema";
import { buildRateLimit, getBuildView, queueBuild } from "@/lib/ai-builder/build/service";
import { buildStepTitles, finishedBuildStatuses, type BuildView } from "@/lib/ai-builder/build/types";
import { consumeRateLimit } from "@/lib/rate-limit";

import { endpoint, refuse } from "./endpoint";
import { pollingStream } from "./stream";

export const buildPromptInput = z
  .object({
    prompt: buildFormSchema.shape.description.meta({
      description: "What the bot should do, in plain words (as on Create New Bot).",
      example: "A /roll command that rolls a die with an optional number of sides, default 6.",
    }),
    language: buildFormSchema.shape.language.meta({
      description:
        "The bot's language. Without it, the language the prompt asks for in words (“a python bot”, “in discord.py”, “written in JavaScript”), else javascript.",
    }),
  })
  .meta({ id: "BuildInput" });

const buildIdParams = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9]{1,64}$/i)
    .meta({ description: "The build's id" }),
});

export const buildApiSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["create", "change"]),
    status: z.enum(["queued", "running", "review", "succeeded", "failed", "refused", "cancelled", "error"]),
    prompt: z.string(),
    language: z.enum(["javascript", "python"]),
    steps: z.array(
      z.object({
        key: z.enum(["understand", "plan", "code", "prove", "done"]),
        title: z.string(),
        status: z.enum(["pending", "running", "done", "failed", "skipped"]),
        detail: z.string().nullable(),
      }),
    ),
    plan: z
      .object({
        lines: z.array(z.string()),
        notUnderstood: z.array(z.object({ text: z.string(), reason: z.string(), refused: z.boolean() })),
        languageNote: z
          .string()
          .nullable()
          .meta({ description: "When the prompt named a language: whether it was built in it." }),
      })
      .nullable()
      .meta({ description: "The plan in plain words, and what was left out and why." }),
    message: z.string().nullable().meta({ description: "How it ended, in words." }),
    bot: z.object({ id: z.string(), name: z.string() }).nullable().meta({ description: "The bot it made or changed." }),
    versionNumber: z.number().int().nullable(),
    checks: z
      .object({
        status: z.enum(["queued", "running", "passed", "failed", "error"]),
        error: z.string().nullable(),
        passed: z.number().int(),
        total: z.number().int(),
        items: z.array(
          z.object({
            id: z.string(),
            title: z.string(),
            status: z.enum(["pending", "running", "passed", "failed"]),
            problem: z.string().nullable(),
            transcript: z.array(z.object({ who: z.string(), what: z.string(), text: z.string() })),
          }),
        ),
        notChecked: z.array(z.string()),
      })
      .nullable()
      .meta({ description: "The proof: each behaviour check run against the built bot in the simulator." }),
    createdAt: z.string().meta({ format: "date-time" }),
    finishedAt: z.string().nullable().meta({ format: "date-time" }),
  })
  .meta({ id: "Build" });

export function toApiBuild(view: BuildView): z.input<typeof buildApiSchema> {
  const proof = view.proof;
  return {
    id: view.id,
    kind: view.kind,
    status: view.status,
    prompt: view.description,
    language: view.language,
    steps: view.steps.map((step) => ({
      key: step.key,
      title: buildStepTitles[step.key],
      status: step.status,
      detail: step.detail ?? null,
    })),
    plan: view.plan
      ? {
          lines: view.plan.lines,
          notUnderstood: view.plan.notUnderstood.map((item) => ({
            text: item.text,
            reason: item.reason,
            refused: item.refused === true,
          })),
          languageNote: view.plan.languageNote ?? null,
        }
      : null,
    message: view.message,
    bot: view.bot,
    versionNumber: view.versionNumber,
    checks: proof
      ? {
          status: proof.status,
          error: proof.error,
          passed: proof.checks.filter((check) => check.result.status === "passed").length,
          total: proof.checks.length,
          items: proof.checks.map((check) => ({
            id: check.id,
            title: check.title,
            status: check.result.status,
            problem: check.result.problem ?? null,
            transcript: check.result.transcript.map(({ who, what, text }) => ({ who, what, text })),
          })),
          notChecked: proof.gaps.map((gap) => gap.reason),
        }
      : null,
    createdAt: view.createdAt,
    finishedAt: view.finishedAt,
  };
}

/** Starts a build for POST /v1/bots with a prompt; the 202's body is the queued build. */
export async function startApiBuild(
  userId: string,
  input: z.infer<typeof buildPromptInput>,
): Promise<z.input<typeof buildApiSchema>> {
  const limited = await consumeRateLimit(buildRateLimit, `user:${userId}`);
  if (!limited.allowed) {
    refuse(
      429,
      "rate_limited",
      `You started ${buildRateLimit.limit} builds this hour. Wait ${limited.retryAfterSeconds} s.`,
    );
  }
  const build = await queueBuild(userId, { description: input.prompt, language: input.language });
  await enqueueBuild(build.id);
  const view = await getBuildView(userId, build.id);
  if (!view) refuse(404, "not_found", "The build is gone.");
  return toApiBuild(view);
}

async function findBuild(userId: string, id: string): Promise<BuildView> {
  const view = await getBuildView(userId, id);
  if (!view) refuse(404, "not_found", "Nothing exists at this path.");
  return view;
}

export const getBuildEndpoint = endpoint({
  method: "GET",
  path: "/builds/{id}",
  operationId: "getBuild",
  summary: "An AI build: its steps, plan and checks",
  description:
    "Poll until `status` is succeeded, failed, refused, cancelled or error (or follow `/builds/{id}/events`). When it succeeded, `bot` is the new bot and `checks` what was proven in the simulator.",
  tag: "Builds",
  scope: "read",
  params: buildIdParams,
  response: buildApiSchema,
  async handle({ userId, params }) {
    return toApiBuild(await findBuild(userId, params.id));
  },
});

/** How often a followed build is looked at (the dashboard's build page uses the same). */
const followPollMs = 300;

export const followBuildEndpoint = endpoint({
  method: "GET",
  path: "/builds/{id}/events",
  operationId: "followBuild",
  summary: "Follow an AI build as it happens (Server-Sent Events)",
  description:
    "`text/event-stream`: event `build` (a Build, as GET /builds/{id} answers) each time a step, the plan or a check changes, then event `end`, and the stream closes once the build is over.",
  tag: "Builds",
  scope: "read",
  params: buildIdParams,
  stream: true,
  async handle({ userId, params, request, stillAllowed }) {
    let view: BuildView | null = await findBuild(userId, params.id);
    let last = "";
    const options = { everyMs: followPollMs, stillAllowed, label: `followBuild ${params.id}` };
    return pollingStream(request, userId, options, async (send) => {
      view ??= await getBuildView(userId, params.id);
      if (!view) {
        send({ code: "not_found" }, "gone");
        return "over";
      }
      const json = JSON.stringify(view);
      if (json !== last) {
        last = json;
        send(toApiBuild(view), "build");
      }
      const over = finishedBuildStatuses.includes(view.status) || view.status === "review";
      view = null;
      if (!over) return "more";
      send(null, "end");
      return "over";
    });
  },
});
