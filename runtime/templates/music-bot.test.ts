import { describe, expect, it } from "vitest";

import { fakeGuild, fakeInteraction, fakeMember, loadModule, memoryDb, type CommandModule } from "./test-support";

interface Track {
  query: string;
  requestedBy: string;
  addedAt: number;
}

interface QueueStore {
  list(guildId: string): Track[];
  current(guildId: string): Track | null;
  enqueue(
    guildId: string,
    track: { query: string; requestedBy: string; addedAt?: number },
  ): { ok: true; position: number } | { ok: false; reason: string };
  skip(guildId: string): { skipped: Track | null; next: Track | null };
  clear(guildId: string): number;
}

interface QueueModule {
  MAX_QUEUE_LENGTH: number;
  createQueueStore(): QueueStore;
  queues: QueueStore;
}

const { MAX_QUEUE_LENGTH, createQueueStore, queues } = loadModule<QueueModule>("music-bot", "lib/queue.js");
const command = (name: string) => loadModule<CommandModule>("music-bot", `commands/${name}.js`);

describe("the music queue", () => {
  it("plays tracks in the order they were added, one queue per server", () => {
    const store = createQueueStore();
    expect(store.enqueue("a", { query: "first", requestedBy: "u" })).toEqual({ ok: true, position: 1 });
    expect(store.enqueue("a", { query: "second", requestedBy: "u" })).toEqual({ ok: true, position: 2 });
    expect(store.enqueue("b", { query: "elsewhere", requestedBy: "u" })).toEqual({ ok: true, position: 1 });
    expect(store.list("a").map((track) => track.query)).toEqual(["first", "second"]);
    expect(store.current("a")?.query).toBe("first");
  });

  it("skips to the next track, and reports an empty queue", () => {
    const store = createQueueStore();
    store.enqueue("a", { query: "first", requestedBy: "u" });
    store.enqueue("a", { query: "second", requestedBy: "u" });
    expect(store.skip("a")).toMatchObject({ skipped: { query: "first" }, next: { query: "second" } });
    expect(store.skip("a")).toMatchObject({ skipped: { query: "second" }, next: null });
    expect(store.skip("a")).toEqual({ skipped: null, next: null });
    expect(store.current("a")).toBeNull();
  });

  it("clears one server's queue and says how many tracks it removed", () => {
    const store = createQueueStore();
    store.enqueue("a", { query: "x", requestedBy: "u" });
    store.enqueue("a", { query: "y", requestedBy: "u" });
    store.enqueue("b", { query: "z", requestedBy: "u" });
    expect(store.clear("a")).toBe(2);
    expect(store.list("a")).toEqual([]);
    expect(store.list("b")).toHaveLength(1);
  });

  it("refuses empty queries and a full queue", () => {
    const store = createQueueStore();
    expect(store.enqueue("a", { query: "   ", requestedBy: "u" }).ok).toBe(false);
    for (let i = 0; i < MAX_QUEUE_LENGTH; i += 1) store.enqueue("a", { query: `t${i}`, requestedBy: "u" });
    expect(store.enqueue("a", { query: "one too many", requestedBy: "u" })).toMatchObject({ ok: false });
  });

  it("hands out copies, so callers cannot reorder the queue by accident", () => {
    const store = createQueueStore();
    store.enqueue("a", { query: "x", requestedBy: "u" });
    store.list("a").pop();
    expect(store.list("a")).toHaveLength(1);
  });
});

describe("music commands", () => {
  async function run(name: string, guildId: string, options: Record<string, string> = {}, inVoice = true) {
    const member = fakeMember("listener", { voiceChannelId: inVoice ? "voice-1" : undefined });
    const fake = fakeInteraction({ guild: fakeGuild(guildId), member, options });
    await command(name).execute(fake.interaction, { db: memoryDb("music-bot") });
    return fake;
  }

  it("/play queues the song and says honestly that playback needs voice support", async () => {
    const first = await run("play", "g-play", { query: "Never Gonna Give You Up" });
    expect(first.lastText()).toContain("Added **Never Gonna Give You Up** to the queue. It is first in line.");
    expect(first.lastText()).toContain("Playback needs voice support");
    const second = await run("play", "g-play", { query: "Darude - Sandstorm" });
    expect(second.lastText()).toContain("It is number 2 in the queue.");
    expect(queues.list("g-play")).toHaveLength(2);
    queues.clear("g-play");
  });

  it("/play asks you to join a voice channel first", async () => {
    const fake = await run("play", "g-novoice", { query: "song" }, false);
    expect(fake.lastText()).toContain("Join a voice channel first");
    expect(queues.list("g-novoice")).toEqual([]);
  });

  it("/queue, /skip and /stop work on the server's queue", async () => {
    const guildId = "g-cmds";
    expect((await run("queue", guildId)).lastText()).toContain("The queue is empty");
    for (const query of ["one", "two", "three"]) await run("play", guildId, { query });

    const listed = (await run("queue", guildId)).lastText();
    expect(listed).toContain("**Queue (3)**");
    expect(listed).toContain("Up first: **one**");
    expect(listed).toContain("3. **three**");

    expect((await run("skip", guildId)).lastText()).toBe("Skipped **one**. Next up: **two**.");
    expect((await run("stop", guildId)).lastText()).toBe("Stopped and cleared 2 song(s) from the queue.");
    expect((await run("skip", guildId)).lastText()).toBe("Nothing to skip: the queue is empty.");
    expect((await run("stop", guildId)).lastText()).toBe("The queue is already empty.");
  });
});
