/**
 * Interactions in flight: their tokens, whether they were answered, the messages they made, and
 * the modals bots opened with them (one open modal per member of a world, as a Discord client
 * shows one at a time). All in memory: tokens and modals do not outlive the simulator process.
 */
import type {
  APIMessage,
  APIMessageInteractionMetadata,
  APIModalInteractionResponseCallbackData,
  APIUser,
  InteractionType,
} from "discord-api-types/v10";

/** How long after creation the first callback is accepted (Discord: 3 s; lenient for slow machines). */
export const callbackWindowMs = 10_000;
/** How long the interaction token works for follow-ups and edits, and an opened modal can be submitted. */
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
  /** The slash command's name, or the component's or modal's custom_id. */
  commandName: string;
  createdAt: number;
  acknowledged: boolean;
  /** What response messages carry as `interaction_metadata`. */
  metadata: APIMessageInteractionMetadata;
  /** The message a component interaction (or a modal opened from one) came from. */
  sourceMessageId?: string;
  /** That message when it is ephemeral: it lives with the interaction that made it, not in the channel. */
  sourceEphemeral?: APIMessage;
  originalMessageId?: string;
  /** Ephemeral messages live only here (not in the channel's history). */
  ephemeral: Map<string, APIMessage>;
}

/** A modal a bot answered an interaction with, waiting for its member to submit or close it. */
export interface OpenModal {
  /** The interaction the bot answered with the modal: the modal's id in the control API. */
  opener: InteractionRecord;
  data: APIModalInteractionResponseCallbackData;
  openedAt: number;
}

export class InteractionStore {
  private readonly byId = new Map<string, InteractionRecord>();
  private readonly byToken = new Map<string, InteractionRecord>();
  /** World user id → member id → the modal open for that member. */
  private readonly modals = new Map<string, Map<string, OpenModal>>();

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

  /** An ephemeral response message of this world, with the interaction that made it. */
  findEphemeral(
    worldUserId: string,
    messageId: string,
  ): { record: InteractionRecord; message: APIMessage } | undefined {
    for (const record of this.byId.values()) {
      if (record.worldUserId !== worldUserId || !this.alive(record)) continue;
      const message = record.ephemeral.get(messageId);
      if (message) return { record, message };
    }
    return undefined;
  }

  /** Opens a modal for the interaction's member, replacing one they had open. */
  openModal(opener: InteractionRecord, data: APIModalInteractionResponseCallbackData): OpenModal {
    let perWorld = this.modals.get(opener.worldUserId);
    if (!perWorld) this.modals.set(opener.worldUserId, (perWorld = new Map()));
    const modal: OpenModal = { opener, data, openedAt: Date.now() };
    perWorld.set(opener.user.id, modal);
    return modal;
  }

  /** The world's open modals (expired ones are dropped here). */
  openModals(worldUserId: string): OpenModal[] {
    const perWorld = this.modals.get(worldUserId);
    if (!perWorld) return [];
    for (const [userId, modal] of perWorld) {
      if (Date.now() - modal.openedAt >= tokenLifetimeMs) perWorld.delete(userId);
    }
    if (perWorld.size === 0) this.modals.delete(worldUserId);
    return [...perWorld.values()];
  }

  findModal(worldUserId: string, modalId: string): OpenModal | undefined {
    return this.openModals(worldUserId).find((modal) => modal.opener.id === modalId);
  }

  closeModal(modal: OpenModal): void {
    const perWorld = this.modals.get(modal.opener.worldUserId);
    if (perWorld?.get(modal.opener.user.id) === modal) perWorld.delete(modal.opener.user.id);
    if (perWorld?.size === 0) this.modals.delete(modal.opener.worldUserId);
  }

  /**
   * A bot moved to another server: its interactions (tokens for follow-ups and edits) and the
   * modals it opened end, as they would in a server it left.
   */
  forgetBot(botId: string): void {
    for (const [id, record] of this.byId) {
      if (record.botId !== botId) continue;
      this.byId.delete(id);
      this.byToken.delete(record.token);
    }
    for (const [worldUserId, perWorld] of this.modals) {
      for (const [userId, modal] of perWorld) if (modal.opener.botId === botId) perWorld.delete(userId);
      if (perWorld.size === 0) this.modals.delete(worldUserId);
    }
  }

  /** A reset world starts without open modals. */
  closeWorldModals(worldUserId: string): void {
    this.modals.delete(worldUserId);
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
