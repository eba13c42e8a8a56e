/** What every part of the simulator shares: the worlds, the gateway, the event streams. */
import type { SimulatorEvent } from "@/lib/simulator/types";

import type { EventHub } from "./events";
import type { Dispatch, GatewayHub } from "./gateway";
import type { InteractionStore } from "./interaction-store";
import type { RateLimiter } from "./rate-limits";
import type { WorldStore } from "./store";
import type { StoredBot, WorldState } from "./world";

export interface Simulator {
  controlKey: string;
  /** Signs and checks the bot tokens the simulator mints (never the control key). */
  tokenKey: string;
  /** http://host:port, known once listening. */
  baseUrl: string;
  worlds: WorldStore;
  gateway: GatewayHub;
  events: EventHub;
  interactions: InteractionStore;
  rateLimits: RateLimiter;
  /** The bot a token belongs to, with its world; null for a bad, archived or unknown bot. */
  resolveBot(token: string): Promise<BotAuth | null>;
}

export interface BotAuth {
  botId: string;
  worldUserId: string;
  world: WorldState;
  bot: StoredBot;
}

export type ControlEventInput = Omit<SimulatorEvent, "at">;

/**
 * Records a change: a control event for the web app (SSE) and, when given, a gateway dispatch to
 * the world's connected bots (intents applied per session). Marks the world for saving.
 */
export function publish(
  sim: Simulator,
  worldUserId: string,
  event: ControlEventInput | null,
  dispatch?: Dispatch,
): void {
  sim.worlds.changed(worldUserId);
  if (event) sim.events.emit(worldUserId, { ...event, at: new Date().toISOString() });
  if (dispatch) sim.gateway.dispatch(worldUserId, dispatch);
}
