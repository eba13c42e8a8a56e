/**
 * Issue 24, "Bad input never crashes a service, never loses data", end to end: against the real
 * production server, its simulator and its runner (scripts/e2e-server.ts), a user saves work (a
 * second version of a bot's code, an environment variable, messages in the bot's simulated
 * server, the bot running); then a hostile zip goes through the import path, a flood of malformed
 * gateway traffic and 1,000 random control-API requests hit the simulator. Afterwards the
 * platform still serves, no answer was a 5xx, no service restarted, the running bot still
 * answers, and everything the user saved reads back exactly.
 */
import { isDeepStrictEqual } from "node:util";

import fc from "fast-check";

import { hostileZips } from "../../lib/bots/import/fixtures/hostile-zips";
import { zipLimitMessages } from "../../lib/bots/import/limits";
import { env } from "../../lib/env";
import type { BotCredentials, WorldSnapshot } from "../../lib/simulator/types";
import { rawRequest } from "../../runtime/simulator/hostile-support";
import {
  connectionScript,
  controlRequest,
  runConnection,
  sendControl,
  type ConnectionScript,
  type HostileTargets,
} from "../../runtime/simulator/hostile-traffic";
import { fuzzParameters, fuzzRuns, fuzzSeed } from "../fuzz/settings";
import { e2eBaseUrl, e2eSimulatorControlKeyFile, e2eSimulatorPort } from "./server-info";
import { expect, hasDatabase, query, simulatorControlKey, test } from "./support";
import { createAccount, signIn } from "./support-accounts";
import { addVariable, appendToEditor, createFromTemplate, runnerWait, sendTestMessage, startBot } from "./support-bots";

test.skip(!hasDatabase(), "accounts are created directly in the server's database");
test.skip(
  !simulatorControlKey() && Boolean(env.E2E_BASE_URL),
  "talks to the simulator's control API, whose key only the suite's own server writes (scripts/e2e-server.ts)",
);

const slow = { timeout: 30_000 };
const simulatorUrl = `http://127.0.0.1:${e2eSimulatorPort}`;
const controlRequests = Math.max(1000, fuzzRuns(1000));

function controlKey(): string {
  const key = simulatorControlKey();
  if (!key) throw new Error(`The e2e server wrote no simulator control key at ${e2eSimulatorControlKeyFile}`);
  return key;
}

async function control<T>(method: string, path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${simulatorUrl}/control${path}`, {
    method,
    headers: { authorization: `Bearer ${controlKey()}` },
  });
  return { status: response.status, body: (await response.json()) as T };
}

/**
 * Everything the user saved, read from the database and the simulator. One query at a time: the
 * embedded database the suite may run on mixes up statements of concurrent connections.
 */
async function savedWork(userId: string, botId: string) {
  const files = await query(`SELECT path, content FROM "BotFile" WHERE "botId" = $1 ORDER BY path`, [botId]);
  const versions = await query(`SELECT number, message, files FROM "BotVersion" WHERE "botId" = $1 ORDER BY number`, [
    botId,
  ]);
  const variables = await query(`SELECT key, value, secret FROM "BotEnvVar" WHERE "botId" = $1 ORDER BY key`, [botId]);
  const services = await query(`SELECT service, state, restarts, "upSince" FROM "RuntimeServiceHealth" ORDER BY id`);
  const [stored] = await query<{ messages: unknown }>(
    `SELECT state->'messages' AS messages FROM "SimulatorWorld" WHERE "userId" = $1`,
    [userId],
  );
  const world = await control<WorldSnapshot>("GET", `/worlds/${userId}`);
  expect(world.status).toBe(200);
  return { files, versions, variables, services, storedMessages: stored?.messages, messages: world.body.messages };
}

test("after a hostile zip, a malformed gateway flood and 1,000 random control-API requests, the platform still serves and nothing saved is missing", async ({
  page,
  clientIp,
}, testInfo) => {
  test.setTimeout(180_000);
  const webFiveXx: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 500) webFiveXx.push(`${response.status()} ${response.url()}`);
  });

  // 1. A user with saved work: a second version of the code, a variable, messages, the bot running.
  const user = await createAccount(testInfo, { label: "attacked" });
  await signIn(page, user, "/dashboard/bots");
  const botId = await createFromTemplate(page, "Economy Bot");
  await page.goto(`/dashboard/bots/${botId}/code`);
  await expect(page.getByText("All changes saved · version 1")).toBeVisible(slow);
  await appendToEditor(page, "\n// saved before the attack\n");
  await page.getByLabel("Describe this change").fill("Before the attack");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByText("Saved as version 2")).toBeVisible(slow);
  await addVariable(page, botId, "ATTACK_SURVIVOR", "still-here");
  await startBot(page, botId);
  await page.getByRole("link", { name: "Test", exact: true }).click();
  await expect(page.getByText("Economy Bot is connected")).toBeVisible(runnerWait);
  const log = page.getByRole("log", { name: "Messages" });
  await sendTestMessage(page, "saved before the attack");
  await expect(log.getByText("saved before the attack")).toBeVisible(slow);
  await sendTestMessage(page, "/balance");
  await expect(log.getByText(/You have \d+ coins/)).toHaveCount(1, slow);

  let before = await savedWork(user.id, botId);
  // The simulator saves a changed world within seconds: wait until the database holds what it shows.
  await expect
    .poll(async () => {
      before = await savedWork(user.id, botId);
      // jsonb keeps its own key order: compared as values, not as text.
      return isDeepStrictEqual(before.storedMessages, before.messages);
    }, slow)
    .toBe(true);
  expect(before.versions.map((version) => version.message)).toEqual(["Created", "Before the attack"]);
  expect(before.files.find((file) => file.path === "index.js")?.content).toContain("// saved before the attack");
  expect(before.variables.map((variable) => variable.key)).toEqual(["ATTACK_SURVIVOR"]);
  const contents = Object.values(before.messages).flatMap((messages) => messages.map((message) => message.content));
  expect(contents).toContain("saved before the attack");
  expect(contents.some((content) => /^You have \*\*\d+\*\* coins/.test(content))).toBe(true);
  expect(before.services.map((service) => [service.service, service.state])).toEqual([
    ["runner", "up"],
    ["simulator", "up"],
  ]);

  // 2. A hostile zip through the import path: the upload form, then the route Complete Migration posts to.
  const zips: [string, Uint8Array, string][] = [
    ["lying-sizes.zip", await hostileZips.lyingSizes(1000, 3), zipLimitMessages.lyingSize("bot/src/data-0.txt", 1000)],
    ["bomb.zip", hostileZips.bomb(), zipLimitMessages.ratio("index.js")],
  ];
  await page.goto("/bot-migration");
  await expect(page.getByRole("heading", { name: "Upload a file" })).toBeVisible(slow);
  await page
    .getByLabel("Bot file")
    .setInputFiles({ name: "lying-sizes.zip", mimeType: "application/zip", buffer: Buffer.from(zips[0]![1]) });
  await expect(page.getByText("File not accepted")).toBeVisible(slow);
  await expect(page.getByRole("heading", { name: "Upload a file" })).toBeVisible();
  const zipStatuses: number[] = [];
  for (const [name, zip, error] of zips) {
    const response = await page.request.post("/api/bots/import", {
      headers: { "x-forwarded-for": clientIp },
      multipart: { name: "Hostile", file: { name, mimeType: "application/zip", buffer: Buffer.from(zip) } },
    });
    zipStatuses.push(response.status());
    expect(response.status(), name).toBe(422);
    expect(((await response.json()) as { error?: string }).error, name).toBe(error);
  }
  // An upload past the 10 MB limit is refused on its declared size, before its body is read. (Only
  // the headers are sent: the server closes the connection with its answer, and a client still
  // sending a body then may see the reset before it reads the 413.)
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  const oversized = await rawRequest(
    e2eBaseUrl,
    [
      `POST /api/bots/import HTTP/1.1\r\nHost: ${new URL(e2eBaseUrl).host}\r\nCookie: ${cookie}\r\n` +
        `X-Forwarded-For: ${clientIp}\r\nContent-Type: multipart/form-data; boundary=x\r\n` +
        `Content-Length: ${12 * 1024 * 1024}\r\n\r\n`,
    ],
    { timeoutMs: 10_000 },
  );
  zipStatuses.push(oversized.status);
  expect(oversized.status).toBe(413);
  expect(oversized.body).toContain("The request is larger than 11 MB");

  // 3. A malformed gateway flood, from another user's bots (their tokens are theirs to misuse).
  const attacker = await createAccount(testInfo, { label: "attacker" });
  const bots: BotCredentials[] = [];
  for (const name of ["FloodA", "FloodB", "FloodC"]) {
    const [row] = await query<{ id: string }>(
      `INSERT INTO "Bot" (id, "userId", name, language, "updatedAt") VALUES ($1, $2, $3, 'javascript', now()) RETURNING id`,
      [`attack${name}${Date.now().toString(36)}`, attacker.id, name],
    );
    const minted = await control<BotCredentials>("POST", `/bots/${row!.id}/credentials`);
    expect(minted.status).toBe(200);
    bots.push(minted.body);
  }
  const guild = (await control<WorldSnapshot>("GET", `/worlds/${attacker.id}`)).body.guilds[0]!;
  const targets: HostileTargets = {
    guildId: guild.id,
    channels: guild.channels.map((channel) => channel.id),
    members: guild.members.map((member) => member.user.id),
    bots,
  };
  const gateway = { connections: 0, frames: 0, refused: new Map<number, number>(), serverErrors: [] as string[] };
  const connect = async (script: ConnectionScript) => {
    const outcome = await runConnection(simulatorUrl, script, bots);
    gateway.connections += 1;
    gateway.frames += outcome.frames;
    if (outcome.refusedWith !== undefined)
      gateway.refused.set(outcome.refusedWith, (gateway.refused.get(outcome.refusedWith) ?? 0) + 1);
    if ((outcome.refusedWith ?? 0) >= 500 || outcome.closeCode === 1011)
      gateway.serverErrors.push(`upgrade ${outcome.refusedWith}, close ${outcome.closeCode}`);
  };
  await fc.assert(
    fc.asyncProperty(fc.array(connectionScript, { minLength: 4, maxLength: 8 }), async (scripts) => {
      await Promise.all(scripts.map(connect));
    }),
    fuzzParameters(10),
  );
  // Then many connections at once, all sending at the same time.
  await Promise.all(fc.sample(connectionScript, { seed: fuzzSeed, numRuns: fuzzRuns(150) }).map(connect));

  // 4. Random control-API requests (some with a wrong key), aimed at the attacker's world and at junk.
  const controlStatuses = new Map<number, number>();
  const controlFiveXx: string[] = [];
  const requests = fc.sample(controlRequest(targets, { world: attacker.id, controlKey: controlKey() }), {
    seed: fuzzSeed,
    numRuns: controlRequests,
  });
  for (let start = 0; start < requests.length; start += 20) {
    await Promise.all(
      requests.slice(start, start + 20).map(async (request) => {
        const { status, what } = await sendControl(simulatorUrl, request);
        controlStatuses.set(status, (controlStatuses.get(status) ?? 0) + 1);
        if (status >= 500) controlFiveXx.push(`${status} ${what.slice(0, 120)}`);
      }),
    );
  }
  const tally = (from: number) =>
    [...controlStatuses].filter(([status]) => status >= from && status < from + 100).reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `[under attack] zip status ${zipStatuses.join(", ")}, gateway connections ${gateway.connections} frames ` +
      `${gateway.frames} (refused upgrades ${JSON.stringify(Object.fromEntries(gateway.refused))}, server errors ` +
      `${gateway.serverErrors.length}), control requests ${requests.length} (2xx ${tally(200)}, 4xx ${tally(400)}, ` +
      `5xx ${tally(500)}); statuses ${JSON.stringify(Object.fromEntries([...controlStatuses].sort(([a], [b]) => a - b)))}`,
  );
  // The traffic really went out, and got both past the checks and refused by them.
  expect(gateway.connections).toBeGreaterThanOrEqual(150);
  expect(gateway.frames).toBeGreaterThan(300);
  expect(requests.length).toBe(controlRequests);
  expect(tally(200) + tally(400) + tally(500)).toBe(controlRequests);
  expect(tally(200)).toBeGreaterThan(50);
  expect(controlStatuses.get(401) ?? 0).toBeGreaterThan(0);
  expect(controlStatuses.get(404) ?? 0).toBeGreaterThan(0);
  expect(gateway.serverErrors).toEqual([]);
  expect(controlFiveXx).toEqual([]);

  // 5. The platform still serves: the simulator, and the web app's pages with the bot on them.
  const health = await fetch(`${simulatorUrl}/control/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ ok: true });
  expect((await page.request.get("/", { headers: { "x-forwarded-for": clientIp } })).status()).toBe(200);
  expect((await page.goto("/dashboard/bots"))?.status()).toBe(200);
  await expect(page.getByRole("link", { name: /Economy Bot/ }).first()).toBeVisible(slow);
  expect((await page.goto(`/dashboard/bots/${botId}`))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Economy Bot" })).toBeVisible(slow);
  await expect(page.locator("[data-status]").first()).toHaveText("Online");

  // Nothing the user saved is missing or changed, in the database or the simulator, and no service restarted.
  const after = await savedWork(user.id, botId);
  expect(after.files).toEqual(before.files);
  expect(after.versions).toEqual(before.versions);
  expect(after.variables).toEqual(before.variables);
  expect(after.messages).toEqual(before.messages);
  expect(after.storedMessages).toEqual(before.storedMessages);
  expect(after.services).toEqual(before.services);
  expect(await query(`SELECT id FROM "Bot" WHERE "userId" = $1`, [user.id])).toEqual([{ id: botId }]);

  // The running bot still answers in the Test tab.
  await page.getByRole("link", { name: "Test", exact: true }).click();
  await expect(page.getByText("Economy Bot is connected")).toBeVisible(slow);
  await sendTestMessage(page, "/balance");
  await expect(log.getByText(/You have \d+ coins/)).toHaveCount(2, slow);
  await page.goto(`/dashboard/bots/${botId}`);
  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await expect(page.locator("[data-status]").first()).toHaveText("Offline", runnerWait);
  expect(webFiveXx).toEqual([]);
});
