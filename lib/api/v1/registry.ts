/**
 * Every /api/v1 endpoint. The OpenAPI document is made from this list, and a test checks that the
 * route files under app/api/v1 serve exactly these (lib/api/v1/routes.test.ts).
 */
import { botAnalyticsEndpoint, botPerformanceEndpoint, botUsageEndpoint } from "./analytics";
import { loginEndpoint, logoutEndpoint, refreshEndpoint } from "./auth";
import {
  botStatusEndpoint,
  createBotEndpoint,
  deleteBotEndpoint,
  getBotEndpoint,
  listBotsEndpoint,
  restartBotEndpoint,
  startBotEndpoint,
  stopBotEndpoint,
  updateBotEndpoint,
} from "./bots";
import { confirmBuildPlanEndpoint, followBuildEndpoint, getBuildEndpoint } from "./builds";
import { createCommandEndpoint, deleteCommandEndpoint, listCommandsEndpoint, updateCommandEndpoint } from "./commands";
import { botLogsEndpoint, deployBotEndpoint, followBotLogsEndpoint, listVersionsEndpoint } from "./deploy";
import type { Endpoint } from "./endpoint";
import {
  getSimulatorEndpoint,
  resetSimulatorEndpoint,
  setTestServerEndpoint,
  simulateInteractionEndpoint,
  simulateMemberJoinEndpoint,
  simulateMemberLeaveEndpoint,
  simulateMessageEndpoint,
  simulateReactionEndpoint,
  simulatorEventsEndpoint,
} from "./simulator";

export const endpoints: Endpoint[] = [
  loginEndpoint,
  refreshEndpoint,
  logoutEndpoint,
  listBotsEndpoint,
  createBotEndpoint,
  getBotEndpoint,
  updateBotEndpoint,
  deleteBotEndpoint,
  botStatusEndpoint,
  startBotEndpoint,
  stopBotEndpoint,
  restartBotEndpoint,
  botLogsEndpoint,
  followBotLogsEndpoint,
  deployBotEndpoint,
  listVersionsEndpoint,
  listCommandsEndpoint,
  createCommandEndpoint,
  updateCommandEndpoint,
  deleteCommandEndpoint,
  botAnalyticsEndpoint,
  botUsageEndpoint,
  botPerformanceEndpoint,
  getBuildEndpoint,
  confirmBuildPlanEndpoint,
  followBuildEndpoint,
  getSimulatorEndpoint,
  setTestServerEndpoint,
  simulateMessageEndpoint,
  simulateInteractionEndpoint,
  simulateMemberJoinEndpoint,
  simulateMemberLeaveEndpoint,
  simulateReactionEndpoint,
  resetSimulatorEndpoint,
  simulatorEventsEndpoint,
] as Endpoint[];
