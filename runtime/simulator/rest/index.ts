/** Discord's REST API v10 (the subset the simulator serves). */
import { Router } from "../http";
import { channelRoutes } from "./channels";
import { commandRoutes } from "./commands";
import type { RestContext } from "./common";
import { guildRoutes } from "./guilds";
import { interactionRoutes } from "./interactions";
import { messageRoutes } from "./messages";
import { userRoutes } from "./users";

export function restRouter(): Router<RestContext> {
  const router = new Router<RestContext>();
  userRoutes(router);
  commandRoutes(router);
  interactionRoutes(router);
  messageRoutes(router);
  channelRoutes(router);
  guildRoutes(router);
  return router;
}
