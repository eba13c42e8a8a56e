/**
 * /api/v1/bots/{id}/simulator: a bot's simulated Discord server, scriptable, so a bot can be
 * tested in CI. Members and channels can be named (`member: "alice"`, `channel: "general"`) or
 * given by id; without them, the server owner speaks in the first text channel, as in the Test
 * tab. Everything acts on the key owner's own world only (lib/simulator/client.ts names it by
 * the caller's user id, never by input), and only for the caller's own bot.
 */
import type { APIApplicationCommand, APIApplicationCommandOption } from "discord-api-types/v10";
import { z } from "zod";

import { assertOwnedBot, botTestServer } from "@/lib/bots/service";
import {
  ensureBotInWorld,
  getWorld,
  recentWorldEvents,
  resetWorld,
  setReaction,
  simulateComponent,
  simulateInteraction,
  simulateMemberJoin,
  simulateMemberLeave,
  simulateMessage,
  SimulatorError,
  simulatorUnavailableMessage,
  submitModal,
} from "@/lib/simulator/client";
import { memberName, messageContent, modalValues, snowflake } from "@/lib/simulator/schemas";
import { moveToTestServer } from "@/lib/simulator/test-server";
import type { SimulatorGuild, WorldSnapshot } from "@/lib/simulator/types";

import { botIdParams } from "./bots";
import { endpoint, refuse } from "./endpoint";

/** A member named by username, nickname or display name (looked up, not created). */
const memberLookup = z.string().trim().min(1).max(32);

const who = {
  member: memberLookup.optional().meta({ description: "Who acts, by username (default: the server's owner)." }),
  memberId: snowflake.optional().meta({ description: "Who acts, by id (instead of `member`)." }),
};
const where = {
  channel: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: "Channel name (default: the first text channel)." }),
  channelId: snowflake.optional(),
};

/** Simulator refusals are written for people ("Unknown command /x…"): 422 with its words; down: 503. */
async function simulator<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof SimulatorError) {
      if (error.status >= 500) refuse(503, "simulator_unavailable", error.message);
      if (error.status === 404) refuse(404, "not_found", error.message);
      refuse(422, "invalid", error.message);
    }
    throw error;
  }
}

interface Scene {
  world: WorldSnapshot;
  guild: SimulatorGuild;
  /** The bot's user in the world (its application id), if it joined. */
  botUserId: string;
}

async function scene(userId: string, botId: string): Promise<Scene> {
  await assertOwnedBot(userId, botId);
  const { botUserId, guildId } = await simulator(() => ensureBotInWorld(botId));
  const world = await simulator(() => getWorld(userId));
  // The server the bot is in: its own test server, or the shared one.
  const guild = world.guilds.find((candidate) => candidate.id === guildId);
  if (!guild) refuse(503, "simulator_unavailable", "The simulated server is missing; reset it.");
  return { world, guild, botUserId };
}

function channelOf(guild: SimulatorGuild, input: { channel?: string; channelId?: string }): string {
  if (input.channelId) {
    if (!guild.channels.some((channel) => channel.id === input.channelId)) refuse(404, "not_found", "No such channel.");
    return input.channelId;
  }
  const wanted = input.channel?.replace(/^#/, "").toLowerCase();
  const channel = wanted
    ? guild.channels.find((candidate) => candidate.name?.toLowerCase() === wanted)
    : guild.channels.find((candidate) => candidate.type === 0);
  if (!channel)
    refuse(404, "not_found", wanted ? `No channel #${wanted} in the simulated server.` : "No text channel.");
  return channel.id;
}

/** The channel of the bot's server that holds the message (never another server's). */
function channelOfMessage(world: WorldSnapshot, guild: SimulatorGuild, messageId: string): string | undefined {
  return guild.channels.find((channel) =>
    (world.messages[channel.id] ?? []).some((message) => message.id === messageId),
  )?.id;
}

function memberOf(guild: SimulatorGuild, input: { member?: string; memberId?: string }): string {
  if (input.memberId) {
    if (!guild.members.some((member) => member.user.id === input.memberId)) refuse(404, "not_found", "No such member.");
    return input.memberId;
  }
  if (!input.member) return guild.ownerId;
  const wanted = input.member.toLowerCase();
  const member = guild.members.find((candidate) =>
    [candidate.user.username, candidate.nick, candidate.user.global_name].some(
      (name) => name?.toLowerCase() === wanted,
    ),
  );
  if (!member)
    refuse(
      404,
      "not_found",
      `No member "${input.member}" in the simulated server. Add one with POST …/simulator/members.`,
    );
  return member.user.id;
}

const guildSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    ownerId: z.string(),
    channels: z.array(z.object({ id: z.string(), name: z.string() })),
    roles: z.array(z.object({ id: z.string(), name: z.string() })),
    members: z.array(
      z.object({
        id: z.string(),
        username: z.string(),
        bot: z.boolean(),
        roles: z.array(z.string()).meta({ description: "Role names." }),
        timedOutUntil: z.string().nullable(),
      }),
    ),
    bans: z.array(z.object({ userId: z.string(), reason: z.string().nullable() })),
    shared: z.boolean().meta({
      description: "True: the shared server, where every bot of yours set to it is; false: this bot's own test server.",
    }),
  })
  .meta({ id: "SimulatedServer" });

const testServerSetting = z.enum(["own", "shared"]).meta({
  description:
    "Which server the bot is tested in: `own` (a server of its own, where no other bot answers; new bots) or `shared` (with your other bots set to it, for bots that work together).",
});

const simulatorSchema = z
  .object({
    testServer: testServerSetting,
    server: guildSchema,
    bot: z.object({
      userId: z.string(),
      connected: z.boolean(),
      commands: z.array(z.string()).meta({ description: "The slash commands it registered." }),
    }),
    clock: z.object({ now: z.string(), offsetMs: z.number() }),
  })
  .meta({ id: "Simulator" });

/** The bot's server as the API shows it (GET …/simulator and PUT …/simulator/server answer it). */
async function simulatorView(userId: string, botId: string): Promise<z.input<typeof simulatorSchema>> {
  const { world, guild, botUserId } = await scene(userId, botId);
  const setting = await botTestServer(userId, botId);
  const roleNames = new Map(guild.roles.map((role) => [role.id, role.name]));
  const bot = world.bots.find((candidate) => candidate.botId === botId);
  return {
    testServer: setting,
    server: {
      id: guild.id,
      name: guild.name,
      ownerId: guild.ownerId,
      channels: guild.channels.map((channel) => ({ id: channel.id, name: channel.name ?? "" })),
      roles: guild.roles.map((role) => ({ id: role.id, name: role.name })),
      members: guild.members.map((member) => ({
        id: member.user.id,
        username: member.user.username,
        bot: member.user.bot === true,
        roles: member.roles.map((id) => roleNames.get(id) ?? id),
        timedOutUntil: member.communication_disabled_until ?? null,
      })),
      bans: (world.bans[guild.id] ?? []).map((ban) => ({ userId: ban.user.id, reason: ban.reason ?? null })),
      shared: !guild.botId,
    },
    bot: {
      userId: botUserId,
      connected: bot?.connected ?? false,
      commands: (bot?.commands ?? []).map((command) => command.name),
    },
    clock: { now: world.clock.now, offsetMs: world.clock.offsetMs },
  };
}

export const getSimulatorEndpoint = endpoint({
  method: "GET",
  path: "/bots/{id}/simulator",
  operationId: "getSimulator",
  summary: "The bot's simulated server: channels, members, roles, bans, and whether the bot is connected",
  tag: "Simulator",
  scope: "read",
  params: botIdParams,
  response: simulatorSchema,
  handle: ({ userId, params }) => simulatorView(userId, params.id),
});

export const setTestServerEndpoint = endpoint({
  method: "PUT",
  path: "/bots/{id}/simulator/server",
  operationId: "setTestServer",
  summary: "Test the bot in a server of its own, or in the server shared with your other bots",
  description:
    "A running bot moves at once (it restarts into the new server); the server it leaves keeps its messages for when it comes back.",
  tag: "Simulator",
  scope: "control",
  params: botIdParams,
  body: z.object({ testServer: testServerSetting }).meta({ id: "TestServerInput" }),
  response: simulatorSchema,
  async handle({ userId, params, body }) {
    // moveToTestServer saves the choice on the caller's own bot only (another's answers 404).
    const moved = await simulator(() => moveToTestServer(userId, params.id, body.testServer));
    if (!moved.applied) refuse(503, "simulator_unavailable", simulatorUnavailableMessage);
    return simulatorView(userId, params.id);
  },
});

const messageAnswer = z
  .object({ id: z.string(), channelId: z.string(), authorId: z.string(), content: z.string() })
  .meta({ id: "SimulatedMessage" });

export const simulateMessageEndpoint = endpoint({
  method: "POST",
  path: "/bots/{id}/simulator/messages",
  operationId: "simulateMessage",
  summary: "A member sends a message in the simulated server",
  description: "What the bot does in answer shows up in `GET …/simulator/events` (pass the `cursor` you had before).",
  tag: "Simulator",
  scope: "control",
  params: botIdParams,
  body: z
    .object({
      content: messageContent,
      ...who,
      ...where,
    })
    .meta({ id: "SimulatedMessageInput" }),
  response: messageAnswer,
  status: 201,
  async handle({ userId, params, body }) {
    const { guild } = await scene(userId, params.id);
    const channelId = channelOf(guild, body);
    const authorId = memberOf(guild, body);
    const message = await simulator(() => simulateMessage(userId, { channelId, authorId, content: body.content }));
    return { id: message.id, channelId, authorId, content: message.content };
  },
});

type OptionValue = string | number | boolean;
type WireOption = { name: string; type: number; value?: OptionValue; options?: WireOption[] };

/** The command's options as Discord sends them, typed from what the bot registered. */
function wireOptions(
  command: APIApplicationCommand,
  subcommand: string | undefined,
  values: Record<string, OptionValue>,
): WireOption[] {
  let declared: readonly APIApplicationCommandOption[] = command.options ?? [];
  const path: string[] = subcommand ? subcommand.split(/\s+/) : [];
  const wrap: ((inner: WireOption[]) => WireOption[])[] = [];
  for (const name of path) {
    const group = declared.find((option) => option.name === name && (option.type === 1 || option.type === 2));
    if (!group) refuse(422, "invalid", `/${command.name} has no subcommand "${name}".`);
    wrap.push((inner) => [{ name: group.name, type: group.type, options: inner }]);
    declared = "options" in group ? (group.options ?? []) : [];
  }
  const options: WireOption[] = Object.entries(values).map(([name, value]) => {
    const option = declared.find((candidate) => candidate.name === name);
    if (!option) refuse(422, "invalid", `/${command.name} has no option "${name}".`);
    return { name, type: option.type, value };
  });
  return wrap.reduceRight((inner, outer) => outer(inner), options);
}

export const simulateInteractionEndpoint = endpoint({
  method: "POST",
  path: "/bots/{id}/simulator/interactions",
  operationId: "simulateInteraction",
  summary: "A member runs a slash command, clicks a button, chooses in a menu or submits a form",
  description:
    '`type: "command"`: `/name` with `options` by name (typed from what the bot registered) and an optional `subcommand` ("add" or "group add"). `type: "button"` / `"select"`: `customId` on the bot\'s message `messageId` (with `values` for a menu). `type: "modal"`: `modalId` (from the `modal_open` event) and `values` by input custom id.',
  tag: "Simulator",
  scope: "control",
  params: botIdParams,
  body: z
    .discriminatedUnion("type", [
      z.object({
        type: z.literal("command"),
        name: z.string().min(1).max(32),
        subcommand: z.string().max(65).optional(),
        options: z.record(z.string().max(32), z.union([z.string().max(6000), z.number(), z.boolean()])).default({}),
        ...who,
        ...where,
      }),
      z.object({
        type: z.enum(["button", "select"]),
        messageId: snowflake,
        customId: z.string().min(1).max(100),
        values: z.array(z.string().max(100)).max(25).optional(),
        ...who,
        ...where,
      }),
      z.object({
        type: z.literal("modal"),
        modalId: snowflake,
        values: modalValues,
      }),
    ])
    .meta({ id: "SimulatedInteractionInput" }),
  response: z.object({ interactionId: z.string() }).meta({ id: "SimulatedInteraction" }),
  status: 201,
  async handle({ userId, params, body }) {
    if (body.type === "modal") {
      const { world } = await scene(userId, params.id);
      // Only a form this bot opened (another bot's is not this bot's to submit).
      if (!world.modals.some((modal) => modal.id === body.modalId && modal.botId === params.id))
        refuse(404, "not_found", "No such open form of this bot.");
      return simulator(() => submitModal(userId, body.modalId, { values: body.values }));
    }
    const { world, guild } = await scene(userId, params.id);
    const authorId = memberOf(guild, body);
    if (body.type === "command") {
      const command = world.bots
        .find((bot) => bot.botId === params.id)
        ?.commands.find((candidate) => candidate.name === body.name);
      if (!command) {
        refuse(
          422,
          "invalid",
          `The bot has not registered /${body.name} (is it running, and did it register its commands?).`,
        );
      }
      const channelId = channelOf(guild, body);
      return simulator(() =>
        simulateInteraction(userId, {
          botId: params.id,
          channelId,
          authorId,
          name: body.name,
          options: wireOptions(command, body.subcommand, body.options) as never,
        }),
      );
    }
    const channelId =
      body.channel || body.channelId ? channelOf(guild, body) : channelOfMessage(world, guild, body.messageId);
    if (!channelId) refuse(404, "not_found", "No such message in the simulated server.");
    return simulator(() =>
      simulateComponent(
        userId,
        { channelId, messageId: body.messageId },
        { authorId, customId: body.customId, ...(body.type === "select" ? { values: body.values ?? [] } : {}) },
      ),
    );
  },
});

export const simulateMemberJoinEndpoint = endpoint({
  method: "POST",
  path: "/bots/{id}/simulator/members",
  operationId: "simulateMemberJoin",
  summary: "A new member joins the simulated server",
  tag: "Simulator",
  scope: "control",
  params: botIdParams,
  body: z
    .object({
      username: memberName,
    })
    .meta({ id: "SimulatedMemberInput" }),
  response: z.object({ id: z.string(), username: z.string() }).meta({ id: "SimulatedMember" }),
  status: 201,
  async handle({ userId, params, body }) {
    const { guild } = await scene(userId, params.id);
    const member = await simulator(() => simulateMemberJoin(userId, { guildId: guild.id, username: body.username }));
    return { id: member.user?.id ?? "", username: member.user?.username ?? body.username };
  },
});

export const simulateMemberLeaveEndpoint = endpoint({
  method: "DELETE",
  path: "/bots/{id}/simulator/members/{memberId}",
  operationId: "simulateMemberLeave",
  summary: "A member leaves the simulated server",
  tag: "Simulator",
  scope: "control",
  params: botIdParams.extend({ memberId: snowflake }),
  async handle({ userId, params }) {
    const { guild } = await scene(userId, params.id);
    memberOf(guild, { memberId: params.memberId });
    await simulator(() => simulateMemberLeave(userId, guild.id, params.memberId));
  },
});

export const simulateReactionEndpoint = endpoint({
  method: "POST",
  path: "/bots/{id}/simulator/reactions",
  operationId: "simulateReaction",
  summary: "A member adds (or removes) a reaction on a message",
  tag: "Simulator",
  scope: "control",
  params: botIdParams,
  body: z
    .object({
      messageId: snowflake,
      emoji: z
        .string()
        .min(1)
        .max(100)
        // Sent as a path segment to the simulator: "." and ".." would be read as the path's own.
        .refine((emoji) => emoji !== "." && emoji !== "..", "Not an emoji")
        .meta({ description: 'A unicode emoji, or "name:id" for a custom one.' }),
      remove: z.boolean().default(false),
      ...who,
    })
    .meta({ id: "SimulatedReactionInput" }),
  response: z.object({ count: z.number().int() }).meta({ id: "SimulatedReaction" }),
  async handle({ userId, params, body }) {
    const { world, guild } = await scene(userId, params.id);
    const memberId = memberOf(guild, body);
    const channelId = channelOfMessage(world, guild, body.messageId);
    if (!channelId) refuse(404, "not_found", "No such message in the simulated server.");
    const { reactions } = await simulator(() =>
      setReaction(userId, { channelId, messageId: body.messageId, emoji: body.emoji, memberId }, !body.remove),
    );
    return { count: reactions.length };
  },
});

export const resetSimulatorEndpoint = endpoint({
  method: "POST",
  path: "/bots/{id}/simulator/reset",
  operationId: "resetSimulator",
  summary: "Reset the simulated server (members, messages, roles and bans back to the start)",
  description:
    "Every server of your simulated world goes back to the start: the shared one and each bot's own. Your bots stay, each in its server, and connected ones reconnect.",
  tag: "Simulator",
  scope: "control",
  params: botIdParams,
  async handle({ userId, params }) {
    await assertOwnedBot(userId, params.id);
    await simulator(() => resetWorld(userId));
  },
});

const eventSchema = z
  .object({
    seq: z.number().int(),
    type: z.string().meta({
      description:
        "message_create, message_update, message_delete, reaction_add, interaction_response, member_add, member_update (a timeout, roles), ban_add, channel_create, modal_open…",
    }),
    at: z.string().meta({ format: "date-time" }),
    channelId: z.string().nullable(),
    byThisBot: z.boolean().meta({ description: "The event was the bot's doing." }),
    data: z.unknown().meta({ description: "Discord's own payload (a message with its embeds, a member…)." }),
  })
  .meta({ id: "SimulatorEvent" });

export const simulatorEventsEndpoint = endpoint({
  method: "GET",
  path: "/bots/{id}/simulator/events",
  operationId: "getSimulatorEvents",
  summary: "What happened in the simulated server, oldest first: messages, embeds, reactions, moderation",
  description:
    "Pass the `cursor` of the previous answer as `after` to get only what is new (the server keeps its newest 200 events; `missed` says some went meanwhile). Before you act, take a cursor with `after=latest`, then poll with it until the bot's answer appears.",
  tag: "Simulator",
  scope: "read",
  params: botIdParams,
  query: z.object({
    after: z
      .union([z.literal("latest"), z.coerce.number().int().min(0)])
      .default(0)
      .meta({ description: 'A `cursor` from an earlier answer, or "latest" for only what happens from now on.' }),
    limit: z.coerce.number().int().min(1).max(200).default(100),
  }),
  response: z
    .object({ data: z.array(eventSchema), cursor: z.number().int(), missed: z.boolean() })
    .meta({ id: "SimulatorEventPage" }),
  async handle({ userId, params, query }) {
    await assertOwnedBot(userId, params.id);
    const { botUserId, guildId } = await simulator(() => ensureBotInWorld(params.id));
    const recent = await simulator(() => recentWorldEvents(userId, query.after, query.limit));
    return {
      // What happens in the bot's server (and outside any server: DMs); not the world's other servers.
      data: recent.events
        .filter((event) =>
          event.guildId
            ? event.guildId === guildId
            : // Outside any server: this bot's own (its DMs, connects, commands) and the world's clock.
              event.botId === params.id || authorOf(event.data) === botUserId || event.type === "clock_update",
        )
        .map((event) => ({
          seq: event.seq,
          type: event.type,
          at: event.at,
          channelId: event.channelId ?? null,
          byThisBot: event.botId === params.id || authorOf(event.data) === botUserId,
          data: event.data,
        })),
      cursor: recent.cursor,
      missed: recent.missed,
    };
  },
});

function authorOf(data: unknown): string | null {
  if (!data || typeof data !== "object") return null;
  const author = (data as { author?: { id?: unknown } }).author;
  return typeof author?.id === "string" ? author.id : null;
}
