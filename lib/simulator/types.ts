/**
 * Shapes of the Discord simulator's control API (runtime/simulator, documented in
 * runtime/README.md), shared by the simulator, the web app and the runner. Channels, roles,
 * members, messages and commands are Discord's own shapes from discord-api-types.
 */
import type {
  APIApplicationCommand,
  APIApplicationCommandInteractionDataOption,
  APIBan,
  APIGuildMember,
  APIGuildVoiceChannel,
  APIMessage,
  APIModalInteractionResponseCallbackData,
  APIRole,
  APITextChannel,
  APIUser,
} from "discord-api-types/v10";

/** A guild member as the simulator stores it: always with its user. */
export type SimulatorMember = APIGuildMember & { user: APIUser };

export interface SimulatorGuild {
  id: string;
  name: string;
  ownerId: string;
  channels: APITextChannel[];
  roles: APIRole[];
  members: SimulatorMember[];
  /** Voice channels (no audio: they exist so bots can see who sits where, e.g. a music bot). */
  voiceChannels?: APIGuildVoiceChannel[];
  /** Who is in which voice channel. */
  voiceStates?: { userId: string; channelId: string }[];
  /**
   * The Cipher bot whose own test server this is (only that bot is in it); absent: the world's
   * shared server, where every bot set to "shared" is.
   */
  botId?: string;
  /**
   * In a bot's own test server: the channels and roles the simulator made there because its
   * blueprint names them (#suggestions, a "Gamer" role), by name; made again on reset.
   */
  botPlaces?: { channels: string[]; roles: string[] };
}

export interface SimulatorBot {
  /** Cipher's Bot id. */
  botId: string;
  applicationId: string;
  /** The bot's Discord user id in this world (equal to applicationId). */
  userId: string;
  username: string;
  /** At least one gateway session is open right now. */
  connected: boolean;
  /** The gateway intents it connected with (its open sessions together); null while not connected. */
  intents: number | null;
  /** Global commands and guild commands together (guild ones carry `guild_id`). */
  commands: APIApplicationCommand[];
}

/** Messages are Discord messages; ephemeral interaction replies carry flags & 64 and are not stored. */
export type SimulatorMessage = APIMessage;

/** `GET /control/worlds/:userId`. */
export interface WorldSnapshot {
  guilds: SimulatorGuild[];
  bots: SimulatorBot[];
  /** Last 100 messages per channel id, oldest first. */
  messages: Record<string, SimulatorMessage[]>;
  /** Bans per guild id. */
  bans: Record<string, APIBan[]>;
  /** Modals bots have opened and their members have not submitted or closed yet. */
  modals: SimulatorModal[];
  /** The world's clock (runtime/README.md: what it moves and what it does not). */
  clock: SimulatorClock;
}

/** A modal a bot opened for a member: submit it with `POST /control/worlds/:userId/modals/:id`. */
export interface SimulatorModal {
  /** The interaction the bot answered with this modal. */
  id: string;
  botId: string;
  /** The member it is shown to. */
  userId: string;
  channelId: string;
  guildId?: string;
  /** The message whose component opened it, if one did. */
  messageId?: string;
  custom_id: string;
  title: string;
  /** As the bot sent them: action rows of text inputs, labels (text input or select), text displays. */
  components: APIModalInteractionResponseCallbackData["components"];
  openedAt: string;
}

/** `GET /control/worlds/:userId/clock`. */
export interface SimulatorClock {
  /** How far the world runs ahead of real time, in ms (never negative). */
  offsetMs: number;
  /** The world's time now, ISO 8601. */
  now: string;
}

/** `POST /control/bots/:botId/credentials`. */
export interface BotCredentials {
  token: string;
  applicationId: string;
  botUserId: string;
  /** The server it is in: its own test server or the shared one (runtime/README.md). */
  guildId: string;
  /** Whether that server is its own (false: the shared one, by its setting or past the own-server limit). */
  ownServer: boolean;
  /** This call moved it to another server (its sessions were told to reconnect). */
  moved: boolean;
  /** The channels and roles of `places` (the request's) this call made in its own test server. */
  placesAdded: { channels: string[]; roles: string[] };
  /** For discord.js's `rest.api` (no version suffix), e.g. http://127.0.0.1:3001/api. */
  apiBase: string;
  gatewayUrl: string;
}

export const simulatorEventTypes = [
  "message_create",
  "message_update",
  "message_delete",
  "message_delete_bulk",
  "reaction_add",
  "reaction_remove",
  "typing_start",
  "interaction_create",
  "interaction_response",
  "member_add",
  "member_remove",
  "member_update",
  "ban_add",
  "ban_remove",
  "channel_create",
  "channel_update",
  "channel_delete",
  "commands_update",
  "bot_connected",
  "bot_disconnected",
  "modal_open",
  "modal_close",
  "clock_update",
] as const;

export type SimulatorEventType = (typeof simulatorEventTypes)[number];

/**
 * One Server-Sent Event of `GET /control/worlds/:userId/events` (one JSON object per `data:` line).
 * `data` is Discord's payload for the matching gateway event (a message, a member, a ban…);
 * `interaction_response` carries `{ interactionId, type, message?, modal? }`; `modal_open` a
 * SimulatorModal; `modal_close` `{ id, userId, submitted }`; `clock_update` a SimulatorClock.
 */
export interface SimulatorEvent {
  type: SimulatorEventType;
  /** ISO timestamp. */
  at: string;
  guildId?: string;
  channelId?: string;
  botId?: string;
  data: unknown;
}

/** Body of `POST /control/worlds/:userId/messages`. */
export interface SimulateMessageInput {
  channelId: string;
  authorId: string;
  content: string;
}

/** Body of `POST /control/worlds/:userId/interactions`. */
export interface SimulateInteractionInput {
  botId: string;
  channelId: string;
  authorId: string;
  name: string;
  options?: APIApplicationCommandInteractionDataOption[];
}

/** Body of `POST /control/worlds/:userId/channels/:channelId/messages/:messageId/click` (and `/select`, with values). */
export interface SimulateComponentInput {
  authorId: string;
  customId: string;
  /** A select menu's choices: option values, or member, role or channel ids. */
  values?: string[];
}

/** Body of `POST /control/worlds/:userId/modals/:modalId`: custom_id → text, a list (selects, checkbox groups) or a checkbox's true/false. */
export interface SimulateModalSubmitInput {
  values: Record<string, string | string[] | boolean>;
}

/** Body of `POST /control/worlds/:userId/clock`. */
export interface AdvanceClockInput {
  advanceMs: number;
}

/** Body of `POST /control/worlds/:userId/members`. */
export interface SimulateMemberJoinInput {
  guildId: string;
  username: string;
}

/** Error body of every control route. */
export interface SimulatorControlError {
  error: string;
}
