/**
 * AI builds through the API: POST /v1/bots with a `prompt` starts the same persisted build as
 * Create New Bot → "Describe your bot" (lib/ai-builder/build), GET /v1/builds/{id} reports its
 * steps, plan and checks, and GET /v1/builds/{id}/events follows it as Server-Sent Events.
 */
import { z } from "zod";

import { enqueueBuild } from "@/lib/ai-builder/build/job";
import { buildSchema as buildFormSchema, planCorrectionsSchema } from "@/lib/ai-builder/build/schema";
import { buildRateLimit, confirmPlan, getBuildView, queueBuild } from "@/lib/ai-builder/build/service";
import { buildStepTitles, finishedBuildStatuses, type BuildView } from "@/lib/ai-builder/build/types";
import { consumeRateLimit, formRateLimit } from "@/lib/rate-limit";

import { endpoint, refuse } from "./endpoint";
import { pollingStream } from "./stream";

const planRateLimit = formRateLimit("build-plan");

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
    review: z.boolean().optional().meta({
      description:
        "Wait at the plan (status `planned`) when it asks a question or left words out, as Create New Bot does: answer and fix it with POST /builds/{id}. Without it the build goes straight on and lists what it left out.",
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
    status: z
      .enum(["queued", "running", "planned", "review", "succeeded", "failed", "refused", "cancelled", "error"])
      .meta({ description: "`planned`: the plan waits for your answers and fixes (POST /builds/{id})." }),
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
        items: z
          .array(
            z.object({
              id: z.string(),
              line: z.string(),
              from: z.string().nullable().meta({ description: "The words of the prompt this line came from." }),
              fields: z.array(
                z.object({
                  id: z.string().meta({ description: "Send it in `fields` of POST /builds/{id} with a new value." }),
                  kind: z.enum(["option", "text", "channel"]),
                  label: z.string(),
                  value: z.string(),
                  choices: z.array(z.string()).nullable(),
                }),
              ),
            }),
          )
          .meta({ description: "The plan's lines, each with the words it came from and what can be fixed." }),
        questions: z
          .array(
            z.object({
              id: z.string().meta({ description: "Send the answer in `answers` of POST /builds/{id}." }),
              kind: z.enum(["text", "channel"]),
              question: z.string(),
              from: z.string(),
              value: z.string().meta({ description: "A suggested answer, or empty." }),
              choices: z.array(z.string()).nullable(),
            }),
          )
          .meta({ description: "What the builder asks before it writes code (a `planned` build)." }),
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
          items: (view.plan.items ?? []).map((item) => ({
            ...item,
            fields: item.fields.map((field) => ({ ...field, choices: field.choices ?? null })),
          })),
          questions: (view.plan.questions ?? []).map((question) => ({
            ...question,
            choices: question.choices ?? null,
          })),
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
  const build = await queueBuild(userId, {
    description: input.prompt,
    language: input.language,
    reviewPlan: input.review === true,
  });
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

export const confirmBuildPlanEndpoint = endpoint({
  method: "POST",
  path: "/builds/{id}",
  operationId: "confirmBuildPlan",
  summary: "Answer and fix a build's plan, then build it",
  description:
    "For a `planned` build: `answers` maps a question's id to its answer, `fields` maps a plan field's id to its new value (an option's name, a reply's text, a channel). Both may be empty to build the plan as it is. The build is queued again (202) to write the code and prove it; a value that cannot be is refused with 422 and the field in `errors`, and nothing changes.",
  tag: "Builds",
  scope: "write",
  params: buildIdParams,
  body: planCorrectionsSchema.meta({ id: "PlanCorrections" }),
  response: buildApiSchema,
  status: 202,
  async handle({ userId, params, body }) {
    // As the build page's Build it: a few tries a minute.
    const limited = await consumeRateLimit(planRateLimit, `user:${userId}`);
    if (!limited.allowed) refuse(429, "rate_limited", `Too many tries. Wait ${limited.retryAfterSeconds} s.`);
    await findBuild(userId, params.id);
    await confirmPlan(userId, params.id, body);
    await enqueueBuild(params.id);
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
      const over = finishedBuildStatuses.includes(view.status) || view.status === "review" || view.status === "planned";
      view = null;
      if (!over) return "more";
      send(null, "end");
      return "over";
    });
  },
});
