import { describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import type { Lease } from "./leases";
import { writeStatus } from "./status";
import { botRow, createBot, createUser } from "./test-support";

const files = [{ path: "index.js", content: "console.log('hi');\n" }];

/** A running bot, held under a lease when `leased` (the statement a fleet of runners uses). */
async function runningBot(leased: boolean): Promise<{ botId: string; restartNonce: number; lease?: Lease }> {
  const botId = await createBot(await createUser("runner-status"), files, { desiredState: "running" });
  const { restartNonce } = await db.bot.findUniqueOrThrow({ where: { id: botId } });
  if (!leased) return { botId, restartNonce };
  const lease = { runnerName: `status-test-${botId}`, generation: 1 };
  await db.botLease.create({ data: { botId, ...lease, expiresAt: new Date(Date.now() + 60_000) } });
  return { botId, restartNonce, lease };
}

describe.each([
  { leased: false, title: "without a lease" },
  { leased: true, title: "under a lease" },
])("writeStatus with stopDesired, $title", ({ leased }) => {
  it("stops a bot still running with the restart the runner acted on", async () => {
    const { botId, restartNonce, lease } = await runningBot(leased);

    await writeStatus(botId, { status: "crashed", reason: "No token.", stopDesired: { restartNonce } }, lease);

    const row = await botRow(botId);
    expect(row.status).toBe("crashed");
    expect(row.desiredState).toBe("stopped");
  });

  it("leaves running a bot whose Start or Restart came after the runner acted (a newer restartNonce)", async () => {
    const { botId, restartNonce, lease } = await runningBot(leased);
    await db.bot.update({ where: { id: botId }, data: { restartNonce: { increment: 1 } } });

    await writeStatus(botId, { status: "crashed", reason: "No token.", stopDesired: { restartNonce } }, lease);

    const row = await botRow(botId);
    expect(row.status).toBe("crashed");
    expect(row.desiredState).toBe("running");
  });
});
