/**
 * The language asked for in words is the language built (issue 34), through the real build path on
 * PostgreSQL with the real runner and simulator: "make me a python bot…" sent without a language
 * (Create New Bot with the select left alone, or POST /v1/bots without `language`) builds and
 * proves a Python bot, says so in the plan and lists nothing as not understood; a language the
 * user chose wins, and the plan says the words asked for the other.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createApiKey } from "@/lib/api-keys/service";
import { createBotEndpoint } from "@/lib/api/v1/bots";
import { apiHandler } from "@/lib/api/v1/endpoint";
import { startWorld, type TestWorld } from "@/lib/blueprint/compile/integration-support";
import { proofDeps } from "@/lib/blueprint/proof/proof-support";
import { db } from "@/lib/db";
import { createUser } from "@/runtime/runner/test-support";

import { runBuild } from "./run";
import { getBuildView, queueBuild, type BuildRequest } from "./service";

// The REST API's builds are queued for the job runner; here the test runs them itself.
vi.mock("./job", async (original) => ({ ...(await original<object>()), enqueueBuild: vi.fn(async () => undefined) }));

let world: TestWorld;
const users: string[] = [];

beforeAll(async () => {
  world = await startWorld("ai-build-language", "python");
}, 60_000);

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: users } } });
  await world?.close();
});

async function user(label: string) {
  const id = await createUser(`ai-build-language-${label}`);
  users.push(id);
  return id;
}

async function build(userId: string, request: BuildRequest) {
  const { id } = await queueBuild(userId, request);
  await runBuild(id, { proof: proofDeps(world), model: null });
  return (await getBuildView(userId, id))!;
}

const words = "make me a python bot that has a /ping command that replies Pong!";

describe("the language asked for in words", () => {
  it("'make me a python bot…' with no language chosen builds, and proves, a Python bot", async () => {
    const owner = await user("words");
    const view = await build(owner, { description: words });
    expect(view.status, JSON.stringify(view, null, 1)).toBe("succeeded");
    expect(view.language).toBe("python");
    expect(view.plan).toMatchObject({
      lines: ['/ping: replies "Pong!"'],
      notUnderstood: [],
      languageNote: "Built in Python (discord.py), as you asked.",
      questions: [],
    });
    expect(view.steps.find((step) => step.key === "code")?.detail).toMatch(/^Python \(discord\.py\)/);
    expect(view.proof?.status).toBe("passed");
    const bot = await db.bot.findUniqueOrThrow({ where: { id: view.bot!.id }, include: { files: true } });
    expect(bot.language).toBe("python");
    expect(bot.files.map((file) => file.path)).toContain("main.py");
    expect(bot.files.map((file) => file.path)).not.toContain("index.js");
  }, 120_000);

  it("a language the user chose wins over the words, and the plan says so", async () => {
    const owner = await user("chosen");
    const view = await build(owner, { description: words, language: "javascript" });
    expect(view.status, JSON.stringify(view, null, 1)).toBe("succeeded");
    expect(view.language).toBe("javascript");
    expect(view.plan?.notUnderstood).toEqual([]);
    expect(view.plan?.languageNote).toMatch(/^Built in JavaScript \(discord\.js\), the language chosen.*“python”/);
    const bot = await db.bot.findUniqueOrThrow({ where: { id: view.bot!.id }, include: { files: true } });
    expect(bot.language).toBe("javascript");
  }, 120_000);

  it("words about python that do not ask for it leave the build in JavaScript", async () => {
    const owner = await user("jokes");
    const { id } = await queueBuild(owner, { description: 'a /joke command that tells python jokes: "Hiss."' });
    const row = await db.botBuild.findUniqueOrThrow({ where: { id }, select: { language: true } });
    expect(row.language).toBe("javascript");
    await db.botBuild.update({ where: { id }, data: { status: "cancelled" } });
  });

  it("POST /v1/bots with a prompt and no language: the words decide", async () => {
    const owner = await user("api");
    await db.user.update({ where: { id: owner }, data: { plan: "core" } });
    const key = (await createApiKey(owner, { name: "CI", scopes: ["read", "write"], expiresIn: "30" })).secret;
    const post = (body: unknown) =>
      apiHandler(createBotEndpoint)(
        new Request("http://localhost:3000/api/v1/bots", {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
        { params: Promise.resolve({}) },
      );
    const created = await post({ prompt: "a /ping command that replies Pong!, written in discord.py" });
    expect(created.status).toBe(202);
    const queued = (await created.json()) as { id: string; language: string };
    expect(queued.language).toBe("python");
    await runBuild(queued.id, { proof: proofDeps(world), model: null });
    const view = (await getBuildView(owner, queued.id))!;
    expect(view.status, JSON.stringify(view, null, 1)).toBe("succeeded");
    expect(view.plan?.notUnderstood).toEqual([]);

    // Without words about the language, JavaScript as before; a language sent is a choice.
    const plain = await post({ prompt: "a /ping command that replies Pong!" });
    expect(((await plain.json()) as { language: string }).language).toBe("javascript");
  }, 120_000);
});
