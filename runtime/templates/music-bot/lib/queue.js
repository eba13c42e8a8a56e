// A per-server song queue kept in memory. The first track is the one that is (or would be)
// playing; the rest wait their turn. The queue is lost when the bot restarts, which is what
// most music bots do: nobody wants yesterday's queue.

const MAX_QUEUE_LENGTH = 100;
const MAX_QUERY_LENGTH = 200;

function createQueueStore() {
  const queues = new Map(); // guildId -> [{ query, requestedBy, addedAt }]

  return {
    /** A copy of the server's queue, first track first. */
    list(guildId) {
      return [...(queues.get(guildId) ?? [])];
    },

    /** The track at the front of the queue, or null. */
    current(guildId) {
      return queues.get(guildId)?.[0] ?? null;
    },

    /**
     * Adds a track at the end of the queue.
     * @returns {{ ok: true, position: number } | { ok: false, reason: string }}
     */
    enqueue(guildId, { query, requestedBy, addedAt = Date.now() }) {
      const text = String(query ?? "").trim();
      if (text.length === 0) return { ok: false, reason: "Tell me what to play." };
      if (text.length > MAX_QUERY_LENGTH) {
        return { ok: false, reason: `Keep the search to ${MAX_QUERY_LENGTH} characters or fewer.` };
      }
      const queue = queues.get(guildId) ?? [];
      if (queue.length >= MAX_QUEUE_LENGTH) {
        return { ok: false, reason: `The queue is full (${MAX_QUEUE_LENGTH} tracks). Skip or stop first.` };
      }
      queue.push({ query: text, requestedBy, addedAt });
      queues.set(guildId, queue);
      return { ok: true, position: queue.length };
    },

    /**
     * Drops the track at the front.
     * @returns {{ skipped: object | null, next: object | null }}
     */
    skip(guildId) {
      const queue = queues.get(guildId) ?? [];
      const skipped = queue.shift() ?? null;
      if (queue.length === 0) queues.delete(guildId);
      return { skipped, next: queue[0] ?? null };
    },

    /** Empties the server's queue and returns how many tracks were removed. */
    clear(guildId) {
      const removed = queues.get(guildId)?.length ?? 0;
      queues.delete(guildId);
      return removed;
    },
  };
}

// The queue store the commands share.
const queues = createQueueStore();

module.exports = { MAX_QUERY_LENGTH, MAX_QUEUE_LENGTH, createQueueStore, queues };
