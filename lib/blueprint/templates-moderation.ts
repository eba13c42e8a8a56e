/**
 * The Moderation Bot template (runtime/templates/moderation-bot) as a blueprint: lib/blueprint/templates.ts.
 */
import type { BlueprintInput } from "./schema";
import { ephemeralReply, notYourself, onlyIf, stop, when } from "./template-actions";

export const moderationBlueprint: BlueprintInput = {
  version: 1,
  name: "Moderation Bot",
  description:
    "/warn adds a strike and applies the ladder (warning, 1-hour timeout, 24-hour ban lifted on a stored timer, permanent ban), logs it in #mod-log; /strikes, /clearstrikes, /purge. Unlike the code template it does not check role positions, the server owner or bots, and /strikes shows the first 8 reasons, not the latest.",
  data: [
    { name: "strikes", kind: "number", scope: "member", initial: "0" },
    { name: "reasons", kind: "list", scope: "member" },
  ],
  tables: [{ name: "ladder", rows: { "1": "a warning", "2": "a 1-hour timeout", "3": "a 24-hour ban" } }],
  commands: [
    {
      name: "warn",
      description: "Give a member a strike; the strike ladder decides what happens",
      permissions: ["ModerateMembers"],
      options: [
        { name: "user", description: "Who to warn", type: "user" },
        { name: "reason", description: "Which rule was broken", type: "string" },
      ],
      actions: [
        notYourself("You cannot warn yourself."),
        { do: "store", data: "strikes", op: "increment", member: "{option.user}", saveAs: "count" },
        {
          do: "store",
          data: "reasons",
          op: "append",
          member: "{option.user}",
          value: "{option.reason} (by {user.name})",
        },
        { do: "lookup", table: "ladder", key: "{result.count}", fallback: "a permanent ban", saveAs: "consequence" },
        {
          do: "send",
          channel: "#mod-log",
          message: {
            embed: {
              title: "Strike {result.count}: {result.consequence}",
              color: "#F1C40F",
              fields: [
                { name: "Member", value: "{option.user.mention}", inline: false },
                { name: "Moderator", value: "{user.mention}", inline: true },
                { name: "Reason", value: "{option.reason}", inline: false },
              ],
            },
          },
        },
        onlyIf(
          {
            test: "all",
            conditions: [
              when("{result.count}", ">=", "3"),
              { test: "not", condition: { test: "hasPermission", member: "{user}", permission: "BanMembers" } },
            ],
          },
          [
            ephemeralReply(
              "Strike {result.count} recorded for {option.user.mention}. This strike calls for {result.consequence}, which needs the **Ban Members** permission: ask a moderator who has it to apply the ban.",
            ),
            stop,
          ],
        ),
        // DM first: once banned, the member no longer shares a server with the bot.
        {
          do: "dm",
          member: "{option.user}",
          message: {
            text: "You received strike {result.count} in **{server.name}** for: {option.reason}\nConsequence: {result.consequence}.",
            buttons: [],
          },
        },
        {
          do: "if",
          when: when("{result.count}", "==", "2"),
          then: [
            {
              do: "timeout",
              member: "{option.user}",
              duration: "1h",
              reason: "Strike 2 by {user.name}: {option.reason}",
            },
          ],
          else: [
            {
              do: "if",
              when: when("{result.count}", "==", "3"),
              then: [
                {
                  do: "ban",
                  member: "{option.user}",
                  duration: "24h",
                  deleteMessages: "1h",
                  reason: "Strike 3 by {user.name}: {option.reason}",
                },
              ],
              else: [
                onlyIf(when("{result.count}", ">", "3"), [
                  {
                    do: "ban",
                    member: "{option.user}",
                    deleteMessages: "1h",
                    reason: "Strike {result.count} by {user.name}: {option.reason}",
                  },
                ]),
              ],
            },
          ],
        },
        ephemeralReply("Strike {result.count} for {option.user.mention}: {result.consequence}."),
      ],
    },
    {
      name: "strikes",
      description: "Show a member's strikes",
      permissions: ["ModerateMembers"],
      options: [{ name: "user", description: "Who to look up", type: "user" }],
      actions: [
        { do: "store", data: "strikes", op: "get", member: "{option.user}", saveAs: "count" },
        onlyIf(when("{result.count}", "==", "0"), [ephemeralReply("{option.user.mention} has no strikes."), stop]),
        { do: "store", data: "reasons", op: "list", member: "{option.user}", limit: 8, saveAs: "reasons" },
        { do: "calculate", expression: "{result.count} + 1", saveAs: "next" },
        { do: "lookup", table: "ladder", key: "{result.next}", fallback: "a permanent ban", saveAs: "consequence" },
        {
          do: "reply",
          ephemeral: true,
          message: {
            embed: {
              title: "{option.user.name} has {result.count} strike(s)",
              description: "{result.reasons}",
              footer: "The next strike means {result.consequence}.",
              fields: [],
            },
            buttons: [],
          },
        },
      ],
    },
    {
      name: "clearstrikes",
      description: "Remove all of a member's strikes, so the ladder starts again",
      permissions: ["ModerateMembers"],
      options: [{ name: "user", description: "Whose strikes to clear", type: "user" }],
      actions: [
        { do: "store", data: "strikes", op: "get", member: "{option.user}", saveAs: "count" },
        onlyIf(when("{result.count}", "==", "0"), [
          ephemeralReply("{option.user.mention} has no strikes to clear."),
          stop,
        ]),
        { do: "store", data: "strikes", op: "delete", member: "{option.user}" },
        { do: "store", data: "reasons", op: "delete", member: "{option.user}" },
        ephemeralReply(
          "Cleared {result.count} strike(s) for {option.user.mention}. Their next strike will be a warning.",
        ),
      ],
    },
    {
      name: "purge",
      description: "Delete recent messages in this channel",
      permissions: ["ManageMessages"],
      options: [
        { name: "amount", description: "How many messages to delete (1 to 100)", type: "integer", min: 1, max: 100 },
      ],
      actions: [
        { do: "purge", count: "{option.amount}" },
        ephemeralReply(
          "Deleted up to {option.amount} message(s). Messages older than 14 days cannot be bulk-deleted and were left.",
        ),
      ],
    },
  ],
};
