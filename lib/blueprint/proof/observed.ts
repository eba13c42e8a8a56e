/**
 * What the proof sees of its scratch world: the simulator's event stream (runtime/README.md),
 * read as it arrives and kept in order, and the world's names → ids.
 */
import type { APIMessage } from "discord-api-types/v10";

import type { SimulatorEvent, WorldSnapshot } from "@/lib/simulator/types";

/** Calls the simulator's control API (JSON in and out; an error status throws). */
export type ControlCall = <T>(method: string, path: string, body?: unknown) => Promise<T>;

export interface SimulatorAccess {
  call: ControlCall;
  /** Opens the world's event stream (`GET /control/worlds/:id/events`). */
  openEvents(worldId: string, signal: AbortSignal): Promise<Response>;
}

/** The events of one world, appended as they arrive. */
export class EventLog {
  readonly events: SimulatorEvent[] = [];
  private readonly abort = new AbortController();
  private failure: Error | null = null;

  static async open(access: SimulatorAccess, worldId: string): Promise<EventLog> {
    const log = new EventLog();
    const response = await access.openEvents(worldId, log.abort.signal);
    void log.read(response);
    return log;
  }

  private async read(response: Response): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let index: number;
        while ((index = buffer.indexOf("\n")) !== -1) {
          const line = buffer.slice(0, index);
          buffer = buffer.slice(index + 1);
          if (!line.startsWith("data: ")) continue;
          try {
            this.events.push(JSON.parse(line.slice(6)) as SimulatorEvent);
          } catch {
            // Not JSON: not an event.
          }
        }
      }
      if (!this.abort.signal.aborted) this.failure = new Error("The simulator closed the event stream.");
    } catch (error) {
      if (!this.abort.signal.aborted) this.failure = error as Error;
    }
  }

  /** Throws if the stream broke (the simulator went away). */
  check(): void {
    if (this.failure) throw this.failure;
  }

  get count(): number {
    return this.events.length;
  }

  close(): void {
    this.abort.abort();
  }
}

/** The scratch world's names and ids, read from its snapshot. */
export class WorldNames {
  /** Every member and channel ever seen, by name: one who was banned or a channel deleted is still named. */
  private readonly remembered = { member: new Map<string, string>(), channel: new Map<string, string>() };

  constructor(private snapshot: WorldSnapshot) {
    this.remember();
  }

  private remember(): void {
    for (const member of this.guild.members) this.remembered.member.set(member.user.username, member.user.id);
    for (const channel of this.guild.channels) if (channel.name) this.remembered.channel.set(channel.name, channel.id);
  }

  static async read(access: SimulatorAccess, worldId: string): Promise<WorldNames> {
    return new WorldNames(await access.call<WorldSnapshot>("GET", `/worlds/${worldId}`));
  }

  async refresh(access: SimulatorAccess, worldId: string): Promise<void> {
    this.snapshot = await access.call<WorldSnapshot>("GET", `/worlds/${worldId}`);
    this.remember();
  }

  /** How far into the event log the names are known. */
  private seen = 0;

  /** Reads the names again if a channel, role or member came or went since the last read. */
  async sync(access: SimulatorAccess, worldId: string, log: EventLog): Promise<void> {
    const changed = log.events
      .slice(this.seen)
      .some((event) => /^(channel_(create|update|delete)|member_(add|remove|update))$/.test(event.type));
    const upTo = log.count;
    if (changed) await this.refresh(access, worldId);
    this.seen = upTo;
  }

  get guild() {
    return this.snapshot.guilds[0]!;
  }

  get bots() {
    return this.snapshot.bots;
  }

  member(name: string): string | undefined {
    return (
      this.guild.members.find((member) => member.user.username === name)?.user.id ?? this.remembered.member.get(name)
    );
  }

  memberName(id: string): string | undefined {
    for (const [name, known] of this.remembered.member) if (known === id) return name;
    return undefined;
  }

  channel(name: string): string | undefined {
    const bare = name.replace(/^#/, "");
    return this.guild.channels.find((channel) => channel.name === bare)?.id ?? this.remembered.channel.get(bare);
  }

  channelName(id: string): string | undefined {
    for (const [name, known] of this.remembered.channel) if (known === id) return name;
    return undefined;
  }

  role(name: string): string | undefined {
    return this.guild.roles.find((role) => role.name === name)?.id;
  }

  /** Replaces the id tokens of lib/blueprint/proof/types.ts (⟨member:Sam⟩…) with ids. */
  resolve(text: string, botUserId: string): string {
    return text.replace(/⟨(member|channel|role|server|bot)(?::([^⟩]*))?⟩/g, (token, kind: string, name?: string) => {
      const id =
        kind === "server"
          ? this.guild.id
          : kind === "bot"
            ? botUserId
            : kind === "member"
              ? this.member(name ?? "")
              : kind === "channel"
                ? this.channel(name ?? "")
                : this.role(name ?? "");
      return id ?? token;
    });
  }
}

/** A message as last seen (created, then maybe edited), with where it came from. */
export interface SeenMessage {
  message: APIMessage;
  /** The event index it first appeared at. */
  index: number;
  fromBot: boolean;
  ephemeral: boolean;
  /** The interaction it answers, if any. */
  interactionId?: string;
}

/** Every message of the log from `from` on, latest edit applied, in order of first appearance. */
export function messagesSince(log: EventLog, from: number, botUserId: string): SeenMessage[] {
  const byId = new Map<string, SeenMessage>();
  for (let index = from; index < log.events.length; index++) {
    const event = log.events[index]!;
    let message: APIMessage | undefined;
    let interactionId: string | undefined;
    if (event.type === "message_create" || event.type === "message_update") message = event.data as APIMessage;
    else if (event.type === "interaction_response") {
      const data = event.data as { interactionId: string; message?: APIMessage };
      message = data.message;
      interactionId = data.interactionId;
    }
    if (!message?.id) continue;
    const known = byId.get(message.id);
    if (known) {
      known.message = { ...known.message, ...message };
      known.interactionId ??= interactionId;
      continue;
    }
    byId.set(message.id, {
      message,
      index,
      fromBot: message.author?.id === botUserId,
      ephemeral: ((message.flags ?? 0) & 64) !== 0,
      interactionId,
    });
  }
  return [...byId.values()];
}
