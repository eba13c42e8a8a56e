/**
 * The web app's side of the simulator's control API (runtime/README.md). Every call names the
 * signed-in user's world; callers check that the bot in question is the user's own first.
 */
import type { APIGuildMember, APIMessage } from "discord-api-types/v10";

import { simulatorControlKey, simulatorUrl } from "./config";
import type { BotPlaces } from "./places";
import type {
  BotCredentials,
  SimulateComponentInput,
  SimulateInteractionInput,
  SimulateMemberJoinInput,
  SimulateMessageInput,
  SimulateModalSubmitInput,
  SimulatorEvent,
  WorldSnapshot,
} from "./types";

/** The simulator refused (the message is its own and fit for the user) or could not be reached. */
export class SimulatorError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export const simulatorUnavailableMessage =
  "The Discord simulator is not running. It starts with the app (npm start); check the server's log.";

async function control<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}) {
  let response: Response;
  try {
    response = await fetch(`${simulatorUrl()}/control${path}`, {
      method: init.method ?? "GET",
      headers: {
        Authorization: `Bearer ${simulatorControlKey()}`,
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal ?? AbortSignal.timeout(10_000),
      cache: "no-store",
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new SimulatorError(simulatorUnavailableMessage, 503);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new SimulatorError(body?.error ?? `The simulator answered ${response.status}.`, response.status);
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

const world = (userId: string) => `/worlds/${encodeURIComponent(userId)}`;

/** Any control call by method and path (the builder's proof drives its scratch world with it). */
export function callControl<T>(method: string, path: string, body?: unknown): Promise<T> {
  return control<T>(path, { method, body });
}

export function getWorld(userId: string): Promise<WorldSnapshot> {
  return control<WorldSnapshot>(world(userId));
}

/**
 * Makes sure the bot is a member of its owner's world (as when the runner first starts it), in
 * the server its row names (its own test server or the shared one; a running bot that moved
 * reconnects), so the Test tab can show it before it ever ran. The token in the answer is
 * dropped here. `guildId`: the server it is in. `places`: the channels and roles its blueprint
 * names, made in its own test server if missing (never in the shared one).
 */
export async function ensureBotInWorld(
  botId: string,
  places?: BotPlaces,
): Promise<Pick<BotCredentials, "applicationId" | "botUserId" | "guildId" | "ownServer" | "moved" | "placesAdded">> {
  const { applicationId, botUserId, guildId, ownServer, moved, placesAdded } = await control<BotCredentials>(
    `/bots/${encodeURIComponent(botId)}/credentials`,
    { method: "POST", body: places && (places.channels.length || places.roles.length) ? { places } : undefined },
  );
  return { applicationId, botUserId, guildId, ownServer, moved, placesAdded };
}

export function simulateMessage(userId: string, input: SimulateMessageInput): Promise<APIMessage> {
  return control<APIMessage>(`${world(userId)}/messages`, { method: "POST", body: input });
}

export function simulateInteraction(userId: string, input: SimulateInteractionInput) {
  return control<{ interactionId: string }>(`${world(userId)}/interactions`, { method: "POST", body: input });
}

export function simulateMemberJoin(userId: string, input: SimulateMemberJoinInput): Promise<APIGuildMember> {
  return control<APIGuildMember>(`${world(userId)}/members`, { method: "POST", body: input });
}

export function simulateMemberLeave(userId: string, guildId: string, memberId: string): Promise<void> {
  return control<void>(`${world(userId)}/members/${encodeURIComponent(guildId)}/${encodeURIComponent(memberId)}`, {
    method: "DELETE",
  });
}

/** A member clicks a button (`values` absent) or chooses in a select menu on a bot's message. */
export function simulateComponent(
  userId: string,
  target: { channelId: string; messageId: string },
  input: SimulateComponentInput,
) {
  const action = input.values === undefined ? "click" : "select";
  const path = `${world(userId)}/channels/${encodeURIComponent(target.channelId)}/messages/${encodeURIComponent(target.messageId)}/${action}`;
  return control<{ interactionId: string }>(path, { method: "POST", body: input });
}

export function submitModal(userId: string, modalId: string, input: SimulateModalSubmitInput) {
  return control<{ interactionId: string }>(`${world(userId)}/modals/${encodeURIComponent(modalId)}`, {
    method: "POST",
    body: input,
  });
}

export function closeModal(userId: string, modalId: string): Promise<void> {
  return control<void>(`${world(userId)}/modals/${encodeURIComponent(modalId)}`, { method: "DELETE" });
}

export function resetWorld(userId: string): Promise<void> {
  return control<void>(`${world(userId)}/reset`, { method: "POST" });
}

/** The world's live event stream (SSE), for the web app to pass through to the browser. */
export async function openWorldEvents(userId: string, signal: AbortSignal): Promise<Response> {
  try {
    const response = await fetch(`${simulatorUrl()}/control${world(userId)}/events`, {
      headers: { Authorization: `Bearer ${simulatorControlKey()}`, Accept: "text/event-stream" },
      signal,
      cache: "no-store",
    });
    if (!response.ok || !response.body) throw new SimulatorError(`The simulator answered ${response.status}.`, 502);
    return response;
  } catch (error) {
    if (error instanceof SimulatorError || signal.aborted) throw error;
    throw new SimulatorError(simulatorUnavailableMessage, 503);
  }
}

/** A member adds (present) or removes their reaction on a message. Answers the message's reactions. */
export function setReaction(
  userId: string,
  target: { channelId: string; messageId: string; emoji: string; memberId: string },
  present: boolean,
): Promise<{ reactions: unknown[] }> {
  // A path segment: "." and ".." would be resolved as the path's own, landing on another route.
  if (target.emoji === "." || target.emoji === "..") throw new SimulatorError("Unknown Emoji", 400);
  const path = `${world(userId)}/channels/${encodeURIComponent(target.channelId)}/messages/${encodeURIComponent(target.messageId)}/reactions/${encodeURIComponent(target.emoji)}/${encodeURIComponent(target.memberId)}`;
  return control<{ reactions: unknown[] }>(path, { method: present ? "PUT" : "DELETE" });
}

/** The world's kept events after a cursor (runtime/simulator/events.ts keeps the newest 200). */
export function recentWorldEvents(
  userId: string,
  after: number | "latest",
  limit: number,
): Promise<{ events: (SimulatorEvent & { seq: number })[]; cursor: number; missed: boolean }> {
  return control(`${world(userId)}/events?after=${after}&limit=${limit}`);
}
