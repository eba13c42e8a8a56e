/**
 * Trial accounts run at most `planLimits.trial.maxRunningBots` bots at once: Start refuses the
 * next one (the plan_limit refusal, even for starts racing each other), and the runner itself
 * never runs more, whatever wrote the rows.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import type { CurrentUser } from "@/lib/auth/session";
import { planLimits } from "@/lib/billing/plans";
import { db } from "@/lib/db";
import type { Runner } from "@/runtime/runner/runner";
import {
  createBot as createBotRow,
  readyLine,
  startFakeCredentials,
  tempDataDir,
  testRunner,
  waitFor,
} from "@/runtime/runner/test-support";

import { startBotAction } from "./actions";
import { restartBot, startBot, stopBot } from "./hosting";
import { RunningBotLimitError, runningLimitMessage } from "./running-limit";
import { createBot } from "./service";

// Who is signed in is stood in for; everything else (database, runner, rate limits) is real.
const signedIn = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock("@/lib/auth/session", () => ({ getCurrentUser: async () => signedIn.user }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const stamp = Date.now().toString(36);
const users: string[] = [];
const cap = planLimits.trial.maxRunningBots!;
const message = runningLimitMessage(planLimits.trial);
const data = tempDataDir();
let credentials: Awaited<ReturnType<typeof startFakeCredentials>>;
let runner: Runner | null = null;

async function newUser(label: string, plan: string) {
  const user = await db.user.create({ data: { email: `running-${label}-${stamp}@example.com`, plan } });
  users.push(user.id);
  return user;
}

async function bots(userId: string, count: number) {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const bot = await createBot(userId, {
      name: `Bot ${index}`,
      language: "javascript",
      files: [{ path: "index.js", content: `${readyLine}\nsetInterval(() => {}, 1000);\n` }],
    });
    ids.push(bot.id);
  }
  return ids;
}

beforeAll(async () => {
  credentials = await startFakeCredentials();
});

afterEach(async () => {
  await db.bot.updateMany({ where: { userId: { in: users } }, data: { desiredState: "stopped" } });
  await runner?.stop();
  runner = null;
});

afterAll(async () => {
  await credentials.close();
  await db.user.deleteMany({ where: { id: { in: users } } });
  data.remove();
});

describe("bots running at once on the trial", () => {
  it(`Start refuses the bot after the first ${cap} with the plan_limit refusal; stopping one makes room`, async () => {
    expect(cap).toBe(3);
    expect(message).toBe(
      "Your plan (30-day free trial) runs up to 3 bots at a time. Stop a running bot to start another (paid plans, which run more, are not on sale yet).",
    );
    const user = await newUser("trial", "trial");
    const ids = await bots(user.id, cap + 1);
    for (const id of ids.slice(0, cap)) await startBot(user.id, id);
    await expect(startBot(user.id, ids[cap]!)).rejects.toThrow(new RunningBotLimitError(planLimits.trial));
    // Restarting (or starting again) a bot that already counts is not refused.
    await restartBot(user.id, ids[0]!);
    await startBot(user.id, ids[1]!);

    signedIn.user = { id: user.id, email: user.email, emailVerified: true, hasPassword: true } as CurrentUser;
    expect(await startBotAction({ botId: ids[cap]! })).toEqual({ ok: false, error: message, code: "plan_limit" });

    await stopBot(user.id, ids[0]!);
    expect(await startBotAction({ botId: ids[cap]! })).toMatchObject({ ok: true });
    const wanted = await db.bot.count({ where: { userId: user.id, desiredState: "running" } });
    expect(wanted).toBe(cap);
  });

  it("Starts racing each other cannot pass the cap together; paid plans have no such cap", async () => {
    const user = await newUser("race", "trial");
    const ids = await bots(user.id, 6);
    const results = await Promise.allSettled(ids.map((id) => startBot(user.id, id)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(cap);
    expect(results.filter((result) => result.status === "rejected").map((result) => result.reason)).toEqual(
      Array(6 - cap).fill(expect.any(RunningBotLimitError)),
    );

    const paying = await newUser("starter", "starter");
    const theirs = await bots(paying.id, cap + 2);
    for (const id of theirs) await startBot(paying.id, id);
    expect(await db.bot.count({ where: { userId: paying.id, desiredState: "running" } })).toBe(cap + 2);
  });

  it("the runner runs only the first bots started, and stops the rest with the plan's message, even when rows were written around Start", async () => {
    const user = await newUser("runner", "trial");
    // Written straight to the database (as a downgrade or a bug would leave them): 4 wanted.
    const ids: string[] = [];
    for (let index = 0; index <= cap; index += 1) {
      const id = await createBotRow(
        user.id,
        [{ path: "index.js", content: `${readyLine}\nsetInterval(() => {}, 1000);\n` }],
        {
          name: `Raw ${index}`,
        },
      );
      await db.bot.update({ where: { id }, data: { lastActiveAt: new Date(Date.now() - (10 - index) * 60_000) } });
      ids.push(id);
    }
    runner = await testRunner({ dataDir: data.dir, simulatorUrl: credentials.url });
    const rows = await waitFor(
      () => db.bot.findMany({ where: { id: { in: ids } }, orderBy: { lastActiveAt: "asc" } }),
      (list) => list.slice(0, cap).every((bot) => bot.status === "running") && list[cap]!.desiredState === "stopped",
      { timeoutMs: 30_000 },
    );
    const last = rows[cap]!;
    expect(last.id).toBe(ids[cap]);
    expect(last).toMatchObject({ status: "stopped", statusReason: message, desiredState: "stopped" });
    expect(runner.botCount).toBeLessThanOrEqual(cap);
    // Still three, a few reconciles later.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const running = await db.bot.count({ where: { id: { in: ids }, status: { in: ["running", "starting"] } } });
    expect(running).toBe(cap);
  }, 60_000);
});
