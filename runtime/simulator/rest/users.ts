/** Gateway discovery, users, the application and DM channels. */
import {
  ApplicationFlags,
  ChannelType,
  type APIApplication,
  type APIDMChannel,
  type APIUser,
  type ChannelFlags,
  type UserFlags,
} from "discord-api-types/v10";

import type { Router } from "../http";
import { simulatorLimits } from "../limits";
import { snowflake } from "../snowflake";
import { findUser } from "../world";
import { bodyObject, errors, fieldError, isSnowflake, ok, requireAuth, type RestContext } from "./common";

function botUser(context: RestContext): APIUser {
  const auth = requireAuth(context);
  return {
    id: auth.bot.userId,
    username: auth.bot.username,
    discriminator: "0001",
    global_name: null,
    avatar: null,
    bot: true,
    verified: true,
    mfa_enabled: false,
    flags: 0 as UserFlags,
    locale: "en-US",
    email: null,
  };
}

function application(context: RestContext): APIApplication {
  const auth = requireAuth(context);
  const owner = auth.world.guilds[0]?.members.find((member) => member.user.id === auth.world.guilds[0]?.ownerId)?.user;
  return {
    id: auth.bot.applicationId,
    name: auth.bot.username,
    icon: null,
    description: "",
    bot_public: false,
    bot_require_code_grant: false,
    bot: botUser(context),
    ...(owner ? { owner } : {}),
    summary: "",
    verify_key: "0".repeat(64),
    team: null,
    flags: (ApplicationFlags.GatewayMessageContentLimited |
      ApplicationFlags.GatewayGuildMembersLimited) as ApplicationFlags,
    approximate_guild_count: auth.world.guilds.filter((guild) =>
      guild.members.some((member) => member.user.id === auth.bot.userId),
    ).length,
    redirect_uris: [],
    interactions_endpoint_url: null,
    role_connections_verification_url: null,
    event_webhooks_url: null,
    event_webhooks_status: 1,
    tags: [],
    install_params: undefined,
    integration_types_config: {},
  } as unknown as APIApplication;
}

export function userRoutes(router: Router<RestContext>): void {
  const gateway = (context: RestContext) => ({ url: `${context.sim.baseUrl.replace(/^http/, "ws")}/gateway` });
  router
    .add("GET", "/gateway", (context) => ok(gateway(context)), { noAuth: true })
    .add("GET", "/gateway/bot", (context) => {
      requireAuth(context);
      return ok({
        ...gateway(context),
        shards: 1,
        session_start_limit: { total: 1000, remaining: 999, reset_after: 86_400_000, max_concurrency: 1 },
      });
    })
    .add("GET", "/users/@me", (context) => ok(botUser(context)))
    .add("GET", "/users/:userId", (context, params) => {
      const auth = requireAuth(context);
      const user = findUser(auth.world, params.userId ?? "");
      if (!user) throw errors.unknownUser();
      return ok(user);
    })
    .add("POST", "/users/@me/channels", (context) => {
      const auth = requireAuth(context);
      const recipientId = bodyObject(context).recipient_id;
      if (!isSnowflake(recipientId)) throw fieldError(["recipient_id"], "BASE_TYPE_REQUIRED", "This field is required");
      const recipient = findUser(auth.world, recipientId);
      if (!recipient) throw errors.unknownUser();
      if (recipient.bot) throw errors.cannotSendToUser();
      let channel = auth.world.dmChannels.find((dm) => {
        const ids = (dm.recipients ?? []).map((user) => user.id);
        return ids.includes(recipientId) && ids.includes(auth.bot.userId);
      });
      if (!channel) {
        if (auth.world.dmChannels.length >= simulatorLimits.dmChannelsPerWorld) throw errors.dmTooFast();
        channel = {
          id: snowflake(),
          type: ChannelType.DM,
          name: null,
          last_message_id: null,
          flags: 0 as ChannelFlags,
          recipients: [
            recipient,
            {
              id: auth.bot.userId,
              username: auth.bot.username,
              discriminator: "0001",
              global_name: null,
              avatar: null,
              bot: true,
            },
          ],
        } satisfies APIDMChannel;
        auth.world.dmChannels.push(channel);
        context.sim.worlds.changed(auth.worldUserId);
      }
      // The bot sees the DM with the other person as its only recipient.
      return ok({ ...channel, recipients: [recipient] });
    })
    .add("GET", "/applications/@me", (context) => ok(application(context)))
    .add("GET", "/oauth2/applications/@me", (context) => ok(application(context)));
}
