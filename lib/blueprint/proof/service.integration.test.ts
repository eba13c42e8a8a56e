/**
 * Queueing a proof on PostgreSQL: only the user's own blueprint bot, one proof at a time per user,
 * an interrupted proof does not block the next, and a proof bot never shows among the user's bots.
 */
import { afterAll, describe, expect, it } from "vitest";

import { botCounts, listBots } from "@/lib/bots/service";
import { db } from "@/lib/db";
import { createBot, createUser } from "@/runtime/runner/test-support";

import { compileBlueprint } from "../compile";
import { exampleBlueprints } from "../examples";
import { checkBlueprint } from "../index";
import { getProofView, ProofRefusedError, queueProof } from "./service";

const users: string[] = [];
async function user(label: string) {
  const id = await createUser(`proof-service-${label}`);
  users.push(id);
  return id;
}

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: users } } });
});

function diceFiles() {
  const checked = checkBlueprint(exampleBlueprints.dice);
  if (!checked.ok) throw new Error("invalid");
  return compileBlueprint(checked.blueprint, "javascript");
}

describe("queueing a proof", () => {
  it("takes the user's blueprint bot, one at a time, and refuses code bots and other users' bots", async () => {
    const owner = await user("owner");
    const stranger = await user("stranger");
    const bot = await createBot(owner, diceFiles(), { desiredState: "stopped" });
    const codeBot = await createBot(owner, [{ path: "index.js", content: "console.log(1)" }], {
      desiredState: "stopped",
    });

    await expect(queueProof(stranger, bot)).rejects.toThrow(ProofRefusedError);
    await expect(queueProof(owner, codeBot)).rejects.toThrow(/code bot/);
    const { id } = await queueProof(owner, bot);
    await expect(queueProof(owner, bot)).rejects.toThrow("A check of this bot is already running.");
    const view = await getProofView(owner, bot);
    expect(view).toMatchObject({ id, status: "queued", language: "javascript", checks: [] });
    // Another user cannot read it.
    expect(await getProofView(stranger, bot, id)).toBeNull();

    // A proof left queued for over 10 minutes (its process died) no longer blocks the next one.
    await db.blueprintProof.update({ where: { id }, data: { createdAt: new Date(Date.now() - 11 * 60_000) } });
    const next = await queueProof(owner, bot);
    expect(next.id).not.toBe(id);
    expect((await db.blueprintProof.findUniqueOrThrow({ where: { id } })).status).toBe("error");
  });

  it("keeps a proof's own bot out of the user's bots and counts", async () => {
    const owner = await user("hidden");
    await createBot(owner, diceFiles(), { desiredState: "stopped", name: "Mine" });
    await db.bot.create({ data: { userId: owner, name: "Proof copy", language: "javascript", kind: "proof" } });
    expect((await listBots(owner)).map((bot) => bot.name)).toEqual(["Mine"]);
    expect((await botCounts(owner)).total).toBe(1);
  });
});
