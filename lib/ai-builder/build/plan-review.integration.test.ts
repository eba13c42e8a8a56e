/**
 * The plan before the code (issue 34), on PostgreSQL with the real runner and simulator: a build
 * asked to wait at its plan stops there when it asks something, makes no bot, takes the user's
 * answers and fixes (refusing one that cannot be, with nothing changed), then writes and proves
 * the bot as fixed — the proof holding it to the answers, and no longer to the words a fix
 * replaced. The same through the REST API (POST /v1/bots with review, POST /v1/builds/{id}).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createApiKey } from "@/lib/api-keys/service";
import { createBotEndpoint } from "@/lib/api/v1/bots";
import { confirmBuildPlanEndpoint } from "@/lib/api/v1/builds";
import { apiHandler } from "@/lib/api/v1/endpoint";
import { blueprintFileName, type Blueprint } from "@/lib/blueprint";
import { startWorld, type TestWorld } from "@/lib/blueprint/compile/integration-support";
import { proofDeps } from "@/lib/blueprint/proof/proof-support";
import { listBots } from "@/lib/bots/service";
import { db } from "@/lib/db";
import { createUser } from "@/runtime/runner/test-support";

import { runBuild } from "./run";
import { BuildRefusedError, cancelBuild, confirmPlan, getBuildView, queueBuild } from "./service";

// The REST API's builds are queued for the job runner; here the test runs them itself.
vi.mock("./job", async (original) => ({ ...(await original<object>()), enqueueBuild: vi.fn(async () => undefined) }));

let world: TestWorld;
const users: string[] = [];

beforeAll(async () => {
  world = await startWorld("plan-review", "javascript");
}, 60_000);

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: users } } });
  await world?.close();
});

async function user(label: string) {
  const id = await createUser(`plan-review-${label}`);
  users.push(id);
  return id;
}

const deps = () => ({ proof: proofDeps(world) });

const description =
  "Welcome new members and give them the Member role. A /rules command that shows our rules. /roll [sides] rolls a die, 6 sides if not given.";

describe("a plan that waits for the user", () => {
  it("stops at the plan with its questions, takes the answers and fixes, and proves the bot as fixed", async () => {
    const owner = await user("answers");
    const { id } = await queueBuild(owner, { description, language: "javascript", reviewPlan: true });
    expect(await runBuild(id, deps())).toBe("planned");
    const waiting = (await getBuildView(owner, id))!;
    expect(waiting.status).toBe("planned");
    expect(waiting.bot).toBeNull();
    expect(await listBots(owner)).toEqual([]);
    expect(waiting.steps.map((step) => step.status)).toEqual(["done", "done", "pending", "pending", "pending"]);
    // The draft blueprint stays on the server.
    expect(Object.keys(waiting.plan!)).not.toContain("draft");
    const questions = waiting.plan!.questions!;
    expect(questions.map((q) => q.question)).toEqual([
      "Which channel should welcomes go to?",
      "What should /rules show?",
    ]);
    const roll = waiting.plan!.items!.find((item) => item.line.startsWith("/roll"))!;
    expect(roll.from).toBe("/roll [sides] rolls a die, 6 sides if not given.");
    const sides = roll.fields.find((field) => field.kind === "option" && field.value === "sides")!;

    // A value that cannot be: refused with the field, and the plan still waits as it was.
    const refusal = await confirmPlan(owner, id, { fields: { [sides.id]: "Two Words!" } }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(BuildRefusedError);
    expect((refusal as BuildRefusedError).details.fieldErrors?.[sides.id]?.[0]).toMatch(/lowercase letters/);
    expect((await getBuildView(owner, id))!.status).toBe("planned");
    // Someone else's plan is not theirs to confirm.
    const stranger = await user("stranger");
    await expect(confirmPlan(stranger, id, {})).rejects.toThrow(/no longer exists/);

    const rules = "1. Be kind\n2. No spam";
    await confirmPlan(owner, id, {
      fields: { [sides.id]: "faces" },
      answers: { [questions[0]!.id]: "#lobby", [questions[1]!.id]: rules },
    });
    expect((await getBuildView(owner, id))!.status).toBe("queued");
    // Confirmed once: a second "Build it" is refused.
    await expect(confirmPlan(owner, id, {})).rejects.toThrow(/not waiting for you/);

    expect(await runBuild(id, deps())).toBe("succeeded");
    const built = (await getBuildView(owner, id))!;
    expect(built.status, JSON.stringify(built.proof, null, 1)).toBe("succeeded");
    // What the answer covered is no longer "not understood".
    const left = built.plan!.notUnderstood.map((note) => note.text);
    expect(left).not.toContain("/rules");
    expect(left.some((text) => text.includes("shows our rules"))).toBe(false);
    expect(built.plan!.lines).toContain(`/rules: replies "${rules}"`);
    const file = await db.botFile.findFirstOrThrow({ where: { botId: built.bot!.id, path: blueprintFileName } });
    const blueprint = JSON.parse(file.content) as Blueprint;
    expect(blueprint.commands.find((c) => c.name === "roll")!.options.map((o) => o.name)).toEqual(["faces"]);
    expect(blueprint.events[0]!.actions[0]).toMatchObject({ do: "send", channel: "#lobby" });
    // The bot answered /rules with the answer in the simulator, during its proof.
    const said = built.proof!.checks.flatMap((check) => check.result.transcript.map((line) => line.text));
    expect(said).toContain(rules);
    // Held to the user's words, less what the fix replaced: /rules and /roll are there, "[sides]" was renamed.
    const words = built.proof!.words.map((check) => check.title);
    expect(words).toEqual(expect.arrayContaining(["/rules is a slash command", "/roll is a slash command"]));
    expect(words.some((title) => title.includes("“sides”"))).toBe(false);
    expect(built.proof!.words.every((check) => check.status !== "failed")).toBe(true);
  }, 180_000);

  it("goes straight on when nothing needs the user, and without review as before", async () => {
    const owner = await user("straight");
    const clean = await queueBuild(owner, {
      description: "A /coin command that flips a coin.",
      language: "javascript",
      reviewPlan: true,
    });
    expect(await runBuild(clean.id, deps())).toBe("succeeded");
    const unasked = await queueBuild(owner, { description, language: "javascript" });
    expect(await runBuild(unasked.id, deps())).not.toBe("planned");
    expect((await getBuildView(owner, unasked.id))!.plan!.notUnderstood.map((note) => note.text)).toContain("/rules");
  }, 180_000);

  it("a newer description replaces a plan still waiting", async () => {
    const owner = await user("replaced");
    const first = await queueBuild(owner, { description, language: "javascript", reviewPlan: true });
    expect(await runBuild(first.id, deps())).toBe("planned");
    const newer = await queueBuild(owner, {
      description: "A /ping command that replies Pong!",
      language: "javascript",
    });
    expect((await getBuildView(owner, first.id))!.status).toBe("cancelled");
    await expect(confirmPlan(owner, first.id, {})).rejects.toThrow(/not waiting for you/);
    await cancelBuild(owner, newer.id);
    // "Discard the plan": cancelled, nothing built.
    const second = await queueBuild(owner, { description, language: "javascript", reviewPlan: true });
    expect(await runBuild(second.id, deps())).toBe("planned");
    await cancelBuild(owner, second.id);
    expect((await getBuildView(owner, second.id))!.status).toBe("cancelled");
  }, 60_000);
});

describe("the plan through the REST API", () => {
  it("POST /v1/bots with review waits at the plan; POST /v1/builds/{id} answers it (422 names a bad field)", async () => {
    const owner = await user("api");
    await db.user.update({ where: { id: owner }, data: { plan: "core" } });
    const key = (await createApiKey(owner, { name: "CI", scopes: ["read", "write"], expiresIn: "30" })).secret;
    const request = (path: string, body: unknown) =>
      new Request(`http://localhost:3000/api/v1${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const created = await apiHandler(createBotEndpoint)(
      request("/bots", { prompt: "A /rules command that shows our rules.", review: true }),
      { params: Promise.resolve({}) },
    );
    expect(created.status).toBe(202);
    const { id } = (await created.json()) as { id: string };
    expect(await runBuild(id, deps())).toBe("planned");
    const confirm = (body: unknown) =>
      apiHandler(confirmBuildPlanEndpoint)(request(`/builds/${id}`, body), { params: Promise.resolve({ id }) });

    // Nothing answered: nothing to build yet.
    const empty = await confirm({});
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as { detail: string }).detail).toMatch(/nothing to build yet/);
    const bad = await confirm({ fields: { "c0.s0o0": "x" } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toMatch(/no longer there/);

    const planned = (await (await getBuildView(owner, id))!).plan!;
    const question = planned.questions![0]!;
    expect(question.question).toBe("What should /rules show?");
    const answered = await confirm({ answers: { [question.id]: "Be kind." } });
    expect(answered.status).toBe(202);
    expect(((await answered.json()) as { status: string }).status).toBe("queued");
    expect(await runBuild(id, deps())).toBe("succeeded");
  }, 180_000);
});
