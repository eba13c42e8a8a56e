/** What the bot did after a step, written down as lines of the check's transcript. */
import { botMessages, eventsSince, messageText, readable, type CheckContext, type StepMark } from "./check-context";

/** What the bot did after the step, for the transcript. */
export function describeOutcome(
  context: CheckContext,
  mark: StepMark,
  line: (who: string, what: string, text: string) => void,
) {
  const bot = context.botName;
  for (const item of botMessages(context, mark)) {
    const where = !context.names.channelName(item.message.channel_id)
      ? "sends a direct message"
      : item.ephemeral
        ? "answers (only they can see)"
        : item.interactionId || item.message.channel_id === mark.channelId
          ? "answers"
          : `says in #${context.names.channelName(item.message.channel_id) ?? "?"}`;
    line(bot, where, readable(context, messageText(item.message)));
  }
  for (const event of eventsSince(context, mark)) {
    const data = event.data as Record<string, unknown> & { user?: { id: string }; name?: string };
    const member = data.user ? (context.names.memberName(data.user.id) ?? "a member") : "";
    if (event.type === "reaction_add" && data.user_id === context.botUserId)
      line(bot, "reacts with", String((data.emoji as { name?: string })?.name ?? ""));
    else if (event.type === "ban_add") line(bot, "bans", member);
    else if (event.type === "ban_remove") line(bot, "unbans", member);
    else if (event.type === "member_remove" && event.botId && !bannedSince(context, mark, data.user?.id))
      line(bot, "kicks", member);
    else if (event.type === "member_update" && event.botId) {
      const until = data.communication_disabled_until as string | null | undefined;
      line(bot, "updates", `${member}${until ? ` (timed out until ${until})` : ""}`);
    } else if (event.type === "channel_create") line(bot, "creates the channel", `#${data.name ?? ""}`);
    else if (event.type === "channel_delete") line(bot, "deletes the channel", `#${data.name ?? ""}`);
    else if (event.type === "channel_update") line(bot, "changes the channel", `#${data.name ?? ""}`);
    else if (event.type === "message_delete" && event.botId) line(bot, "deletes a message", "");
    else if (event.type === "message_delete_bulk") line(bot, "deletes messages", `${(data.ids as string[]).length}`);
    else if (event.type === "modal_open") line(bot, "opens the form", String(data.title ?? ""));
  }
}

/** A member removed by a ban (the ban's own event says so) rather than a kick. */
function bannedSince(context: CheckContext, mark: StepMark, userId: string | undefined): boolean {
  return eventsSince(context, mark).some(
    (event) => event.type === "ban_add" && (event.data as { user?: { id: string } }).user?.id === userId,
  );
}
