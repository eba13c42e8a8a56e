/**
 * Live streams per user are capped: the hosting and logs streams (real routes, real database)
 * answer 429 with a clear message once the user holds `maxStreamsPerUser`, other users are not
 * affected, and a closed stream gives its slot back.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { GET as logsStream } from "@/app/api/bots/[id]/logs/stream/route";
import { GET as hostingStream } from "@/app/api/hosting/stream/route";
import type { CurrentUser } from "@/lib/auth/session";
import { createBot } from "@/lib/bots/service";
import { db } from "@/lib/db";

import { maxStreamsPerUser } from "./sse";

// Who is signed in is stood in for; the routes, the streams and the database are real.
const signedIn = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock("@/lib/auth/session", () => ({ getCurrentUser: async () => signedIn.user }));

const stamp = Date.now().toString(36);
const users: Record<"alice" | "bob", CurrentUser> = {} as never;
const open: AbortController[] = [];

beforeAll(async () => {
  for (const name of ["alice", "bob"] as const) {
    const user = await db.user.create({ data: { email: `sse-${name}-${stamp}@example.com` } });
    users[name] = {
      id: user.id,
      email: user.email,
      emailVerified: true,
      hasPassword: true,
      username: null,
      fullName: name,
      image: null,
    } as CurrentUser;
  }
});

afterAll(async () => {
  for (const controller of open) controller.abort();
  await db.user.deleteMany({ where: { id: { in: Object.values(users).map((user) => user.id) } } });
});

async function openHosting(name: "alice" | "bob") {
  signedIn.user = users[name];
  const controller = new AbortController();
  open.push(controller);
  const response = await hostingStream(
    new Request("http://localhost:3000/api/hosting/stream", { signal: controller.signal }),
  );
  return { response, controller };
}

async function firstEvent(response: Response) {
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  reader.releaseLock();
  return new TextDecoder().decode(value);
}

describe("concurrent live streams per user", () => {
  it(`allows ${maxStreamsPerUser} streams per user, refuses the next with 429 and a clear message, and frees a slot on close`, async () => {
    expect(maxStreamsPerUser).toBeGreaterThanOrEqual(6);
    const streams = [];
    for (let index = 0; index < maxStreamsPerUser; index += 1) {
      const stream = await openHosting("alice");
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      streams.push(stream);
    }
    expect(await firstEvent(streams[0]!.response)).toContain("retry: 2000");

    const refused = await openHosting("alice");
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get("retry-after")).toBe("30");
    expect(((await refused.response.json()) as { error: string }).error).toBe(
      `You have ${maxStreamsPerUser} live views open (logs, hosting or test) in other tabs or devices. Close one and reload this page.`,
    );

    // The cap counts every kind of stream: the logs tail is refused too.
    signedIn.user = users.alice;
    const bot = await createBot(users.alice.id, {
      name: "Logs",
      language: "javascript",
      files: [{ path: "index.js", content: "" }],
    });
    const logs = await logsStream(new Request(`http://localhost:3000/api/bots/${bot.id}/logs/stream`), {
      params: Promise.resolve({ id: bot.id }),
    });
    expect(logs.status).toBe(429);

    // Another user is not affected.
    expect((await openHosting("bob")).response.status).toBe(200);

    // Closing a tab (the request aborts) gives the slot back.
    streams[0]!.controller.abort();
    const again = await openHosting("alice");
    expect(again.response.status).toBe(200);
    expect((await openHosting("alice")).response.status).toBe(429);
  });
});
