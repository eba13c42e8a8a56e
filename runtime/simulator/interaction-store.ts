/** Interactions in flight: their tokens, whether they were answered, and the messages they made. */
import type { APIMessage, APIUser, InteractionType } from "discord-api-types/v10";

/** How long after creation the first callback is accepted (Discord: 3 s; lenient for slow machines). */
export const callbackWindowMs = 10_000;
/** How long the interaction token works for follow-ups and edits. */
export const tokenLifetimeMs = 15 * 60_000;

export interface InteractionRecord {
  id: string;
  token: string;
  type: InteractionType;
  applicationId: string;
  botId: string;
  botUserId: string;
  worldUserId: string;
  channelId: string;
  guildId?: string;
  user: APIUser;
  commandName: string;
  createdAt: number;
  acknowledged: boolean;
  /** The message a component interaction came from. */
  sourceMessageId?: string;
  originalMessageId?: string;
  /** Ephemeral messages live only here (not in the channel's history). */
  ephemeral: Map<string, APIMessage>;
}

export class InteractionStore {
  private readonly byId = new Map<string, InteractionRecord>();
  private readonly byToken = new Map<string, InteractionRecord>();

  add(record: InteractionRecord): void {
    this.sweep();
    this.byId.set(record.id, record);
    this.byToken.set(record.token, record);
  }

  get(id: string, token: string): InteractionRecord | undefined {
    const record = this.byId.get(id);
    return record && record.token === token && this.alive(record) ? record : undefined;
  }

  byWebhook(applicationId: string, token: string): InteractionRecord | undefined {
    const record = this.byToken.get(token);
    return record && record.applicationId === applicationId && this.alive(record) ? record : undefined;
  }

  private alive(record: InteractionRecord): boolean {
    return Date.now() - record.createdAt < tokenLifetimeMs;
  }

  private sweep(): void {
    for (const [id, record] of this.byId) {
      if (this.alive(record)) break;
      this.byId.delete(id);
      this.byToken.delete(record.token);
    }
  }
}
