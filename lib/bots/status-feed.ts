/**
 * One poll per signed-in user, however many tabs and badges follow their bots: the status stream
 * (/api/bots/status) subscribes here, and the database is read once a second per user with open
 * streams, not once per stream.
 */
import { listBotStatuses, type LiveBotStatus } from "./hosting";

type Listener = (bots: LiveBotStatus[]) => void;
type Feed = { listeners: Set<Listener>; timer?: ReturnType<typeof setTimeout>; last?: LiveBotStatus[]; text?: string };

/** The runner writes status within a second of a change; checking as often keeps badges honest. */
const pollMs = 1_000;
const feeds = new Map<string, Feed>();

async function poll(userId: string, feed: Feed) {
  try {
    const bots = await listBotStatuses(userId);
    const text = JSON.stringify(bots);
    if (text !== feed.text) {
      feed.text = text;
      feed.last = bots;
      for (const listener of feed.listeners) listener(bots);
    }
  } catch (error) {
    console.error("[bots/status-feed] poll failed", { userId }, error);
  }
  if (feed.listeners.size > 0) feed.timer = setTimeout(() => void poll(userId, feed), pollMs);
  else feeds.delete(userId);
}

/** Calls `listener` with the user's bots now (when known) and on every change; returns the unsubscribe. */
export function subscribeBotStatuses(userId: string, listener: Listener): () => void {
  let feed = feeds.get(userId);
  if (!feed) {
    feed = { listeners: new Set() };
    feeds.set(userId, feed);
    feed.listeners.add(listener);
    void poll(userId, feed);
  } else {
    feed.listeners.add(listener);
    if (feed.last) listener(feed.last);
  }
  const current = feed;
  return () => {
    current.listeners.delete(listener);
  };
}
