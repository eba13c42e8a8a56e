"use client";

import type { APIMessage } from "discord-api-types/v10";
import { useEffect, useRef, useState } from "react";

import type { SimulatorEvent, WorldSnapshot } from "@/lib/simulator/types";

/** A line in the Test tab's activity feed: what happened in the server besides messages. */
export type ActivityEntry = { id: string; at: string; text: string; tone: "info" | "warning" };

export type TestMessage = APIMessage & { ephemeral?: boolean };

const ephemeralFlag = 1 << 6;
const maxPerChannel = 200;

/**
 * The user's simulated world kept current from the simulator's event stream: messages are applied
 * as they come; anything else (members, bans, commands, bots going on- and offline) refetches the
 * snapshot, which is small.
 */
export function useWorld(
  initial: WorldSnapshot,
  /** The server on screen: what happens in the world's other servers is left out. */
  guildId: string,
  describe: (event: SimulatorEvent, world: WorldSnapshot) => string | null,
) {
  const [world, setWorld] = useState(initial);
  const [messages, setMessages] = useState<Record<string, TestMessage[]>>(initial.messages);
  const [activity, setActivity] = useState<ActivityEntry[]>([]);
  const [typing, setTyping] = useState<Record<string, number>>({});
  const [connected, setConnected] = useState(false);
  const worldRef = useRef(world);
  const describeRef = useRef(describe);
  useEffect(() => {
    worldRef.current = world;
    describeRef.current = describe;
  });

  useEffect(() => {
    let refetchTimer: ReturnType<typeof setTimeout> | undefined;
    const refetch = () => {
      clearTimeout(refetchTimer);
      refetchTimer = setTimeout(async () => {
        const response = await fetch("/api/simulator/world", { cache: "no-store" }).catch(() => null);
        if (!response?.ok) return;
        const snapshot = (await response.json()) as WorldSnapshot;
        setWorld(snapshot);
        // Keep ephemeral replies (the simulator does not store them) beside the stored messages.
        setMessages((current) => {
          const next: Record<string, TestMessage[]> = { ...snapshot.messages };
          for (const [channelId, list] of Object.entries(current)) {
            const ephemeral = list.filter((message) => message.ephemeral);
            if (ephemeral.length) {
              next[channelId] = [...(next[channelId] ?? []), ...ephemeral].sort((a, b) =>
                a.timestamp < b.timestamp ? -1 : 1,
              );
            }
          }
          return next;
        });
      }, 150);
    };

    const upsert = (message: TestMessage) =>
      setMessages((current) => {
        const list = current[message.channel_id] ?? [];
        const index = list.findIndex((existing) => existing.id === message.id);
        const next = index === -1 ? [...list, message] : list.map((existing, i) => (i === index ? message : existing));
        return { ...current, [message.channel_id]: next.slice(-maxPerChannel) };
      });
    const remove = (channelId: string, ids: string[]) =>
      setMessages((current) => ({
        ...current,
        [channelId]: (current[channelId] ?? []).filter((message) => !ids.includes(message.id)),
      }));

    const source = new EventSource("/api/simulator/events");
    source.onopen = () => {
      setConnected(true);
      // Anything missed while the stream was down.
      refetch();
    };
    source.onerror = () => setConnected(false);
    source.onmessage = (raw) => {
      const event = JSON.parse(raw.data as string) as SimulatorEvent;
      if (event.guildId && event.guildId !== guildId) return;
      const text = describeRef.current(event, worldRef.current);
      if (text) {
        setActivity((current) =>
          [
            {
              id: `${event.at}-${current.length}`,
              at: event.at,
              text,
              tone:
                event.type.startsWith("ban") || event.type === "member_remove"
                  ? ("warning" as const)
                  : ("info" as const),
            },
            ...current,
          ].slice(0, 50),
        );
      }
      switch (event.type) {
        case "message_create":
        case "message_update": {
          const message = event.data as TestMessage;
          if (message.flags && message.flags & ephemeralFlag) message.ephemeral = true;
          upsert(message);
          if (message.author?.id) setTyping((current) => ({ ...current, [message.author.id]: 0 }));
          break;
        }
        case "interaction_response": {
          const { message } = event.data as { message?: TestMessage };
          if (message) {
            if (message.flags && message.flags & ephemeralFlag) message.ephemeral = true;
            upsert(message);
          }
          break;
        }
        case "message_delete": {
          const data = event.data as { id: string; channel_id: string };
          remove(data.channel_id, [data.id]);
          break;
        }
        case "message_delete_bulk": {
          const data = event.data as { ids: string[]; channel_id: string };
          remove(data.channel_id, data.ids);
          break;
        }
        case "typing_start": {
          const data = event.data as { user_id: string; channel_id: string };
          setTyping((current) => ({ ...current, [data.user_id]: Date.now() + 10_000 }));
          break;
        }
        case "interaction_create":
          break;
        default:
          refetch();
      }
    };
    return () => {
      clearTimeout(refetchTimer);
      source.close();
    };
  }, [guildId]);

  return { world, messages, activity, typing, connected };
}

/** The current time, updated every `intervalMs` (typing indicators and timeouts expire by it). */
export function useNow(intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
