/**
 * What a step expects, looked for among the events that followed it (lib/blueprint/proof/types.ts
 * Expectation): a reply, a message somewhere, a reaction, a moderation effect, a form…; and, when
 * it is not there in time, why not in plain words, with what the bot did instead.
 */
import { describeSeconds } from "../vocabulary";
import {
  botMessages,
  eventsSince,
  messageText,
  readable,
  sleep,
  type CheckContext,
  type StepMark,
} from "./check-context";
import type { SeenMessage } from "./observed";
import type { Expectation, TextExpectation } from "./types";

/** Waits until every expectation holds; returns why not (plain words) when time runs out. */
export async function awaitExpectations(
  context: CheckContext,
  mark: StepMark,
  expect: Expectation[],
): Promise<string | null> {
  const deadline = Date.now() + context.stepTimeoutMs;
  // A step that expects nothing still gives the bot a moment, so what it does lands before the next step.
  if (expect.length === 0) {
    await sleep(300);
    return null;
  }
  for (;;) {
    context.log.check();
    await context.names.sync(context.access, context.worldId, context.log);
    const missing = expect.find((expectation) => !holds(context, mark, expectation));
    if (!missing) return null;
    if (Date.now() > deadline) return explain(context, mark, missing);
    await sleep(50);
  }
}

function textMatches(context: CheckContext, expected: TextExpectation, actual: string | undefined | null): boolean {
  if (actual === undefined || actual === null) return false;
  if ("exact" in expected) return actual === context.names.resolve(expected.exact, context.botUserId);
  try {
    return new RegExp(`^(?:${context.names.resolve(expected.pattern, context.botUserId)})$`, "su").test(actual);
  } catch {
    return false;
  }
}

function describeText(expected: TextExpectation): string {
  return "exact" in expected ? `"${expected.exact}"` : expected.describe;
}

function candidates(context: CheckContext, mark: StepMark, expectation: Extract<Expectation, { kind: "message" }>) {
  const all = botMessages(context, mark);
  const place = expectation.place;
  if (place.to === "reply") {
    return all.filter((item) =>
      mark.interactionId ? item.interactionId === mark.interactionId : item.message.channel_id === mark.channelId,
    );
  }
  if (place.to === "channel") {
    const channelId = context.names.channel(place.channel);
    return all.filter((item) => item.message.channel_id === channelId && !item.ephemeral);
  }
  // A DM: a message in no server's channel.
  return all.filter((item) => !context.names.channelName(item.message.channel_id));
}

function messageHolds(
  context: CheckContext,
  message: SeenMessage,
  expectation: Extract<Expectation, { kind: "message" }>,
) {
  const { message: seen } = message;
  if (expectation.ephemeral !== undefined && expectation.ephemeral !== message.ephemeral) return false;
  if (expectation.text && !textMatches(context, expectation.text, seen.content)) return false;
  if (expectation.embed) {
    const embed = seen.embeds?.[0];
    if (!embed) return false;
    if (expectation.embed.title && !textMatches(context, expectation.embed.title, embed.title)) return false;
    if (expectation.embed.description && !textMatches(context, expectation.embed.description, embed.description))
      return false;
  }
  const components = (seen.components ?? []).flatMap(
    (row) => (row as { components?: { type: number; label?: string; custom_id?: string }[] }).components ?? [],
  );
  if (expectation.buttons) {
    const labels = components.filter((component) => component.type === 2).map((component) => component.label ?? "");
    if (labels.join("\n") !== expectation.buttons.join("\n")) return false;
  }
  if (
    expectation.select &&
    !components.some((component) => component.type === 3 && component.custom_id === expectation.select)
  )
    return false;
  return true;
}

function memberEventFor(context: CheckContext, mark: StepMark, type: string, member: string) {
  const memberId = context.names.member(member);
  return eventsSince(context, mark).filter(
    (event) => event.type === type && (event.data as { user?: { id: string } }).user?.id === memberId,
  );
}

/** The messages the bot posted since the step began. */
function botMessageIds(context: CheckContext, mark: StepMark): Set<string> {
  const ids = new Set<string>();
  for (const event of eventsSince(context, mark)) {
    const data = event.data as { id?: string; author?: { id?: string } };
    if (event.type === "message_create" && data.author?.id === context.botUserId && data.id) ids.add(data.id);
  }
  return ids;
}

function holds(context: CheckContext, mark: StepMark, expectation: Expectation): boolean {
  switch (expectation.kind) {
    case "message":
      return candidates(context, mark, expectation).some((message) => messageHolds(context, message, expectation));
    case "reaction":
      return eventsSince(context, mark).some((event) => {
        const data = event.data as {
          user_id: string;
          message_id: string;
          emoji: { name: string | null; id: string | null };
        };
        const on = expectation.posted
          ? botMessageIds(context, mark).has(data.message_id)
          : !mark.messageId || data.message_id === mark.messageId;
        return (
          event.type === "reaction_add" &&
          data.user_id === context.botUserId &&
          on &&
          [data.emoji.name, data.emoji.id ? `${data.emoji.name}:${data.emoji.id}` : null].includes(expectation.emoji)
        );
      });
    case "deleted":
      return eventsSince(context, mark).some(
        (event) =>
          (event.type === "message_delete" && (event.data as { id: string }).id === mark.messageId) ||
          (event.type === "message_delete_bulk" &&
            (event.data as { ids: string[] }).ids.includes(mark.messageId ?? "")),
      );
    case "purged": {
      const channelId = context.names.channel(expectation.channel);
      const deleted = eventsSince(context, mark)
        .filter((event) => event.channelId === channelId)
        .reduce(
          (sum, event) =>
            sum +
            (event.type === "message_delete_bulk"
              ? (event.data as { ids: string[] }).ids.length
              : event.type === "message_delete"
                ? 1
                : 0),
          0,
        );
      return deleted >= expectation.atLeast;
    }
    case "timeout":
      return memberEventFor(context, mark, "member_update", expectation.member).some((event) => {
        const until = (event.data as { communication_disabled_until?: string | null }).communication_disabled_until;
        if (!until) return false;
        const seconds = (Date.parse(until) - Date.parse(event.at)) / 1000;
        return Math.abs(seconds - expectation.seconds) <= Math.max(60, expectation.seconds * 0.01);
      });
    case "removeTimeout":
      return memberEventFor(context, mark, "member_update", expectation.member).some(
        (event) => !(event.data as { communication_disabled_until?: string | null }).communication_disabled_until,
      );
    case "kick":
      return memberEventFor(context, mark, "member_remove", expectation.member).length > 0;
    case "ban":
      return memberEventFor(context, mark, "ban_add", expectation.member).length > 0;
    case "unban":
      return memberEventFor(context, mark, "ban_remove", expectation.member).length > 0;
    case "roleAdded":
    case "roleRemoved": {
      const roleId = context.names.role(expectation.role);
      const updates = memberEventFor(context, mark, "member_update", expectation.member);
      const last = updates.at(-1)?.data as { roles?: string[] } | undefined;
      if (!last?.roles || !roleId) return false;
      return last.roles.includes(roleId) === (expectation.kind === "roleAdded");
    }
    case "channelCreated":
    case "channelDeleted": {
      const type = expectation.kind === "channelCreated" ? "channel_create" : "channel_delete";
      return eventsSince(context, mark).some(
        (event) =>
          event.type === type && textMatches(context, expectation.name, (event.data as { name?: string }).name),
      );
    }
    case "slowmode": {
      const channelId = context.names.channel(expectation.channel);
      return eventsSince(context, mark).some((event) => {
        const data = event.data as { id: string; rate_limit_per_user?: number };
        return (
          event.type === "channel_update" &&
          data.id === channelId &&
          (data.rate_limit_per_user ?? 0) === expectation.seconds
        );
      });
    }
    case "channelAccess": {
      const memberId = context.names.member(expectation.member);
      const channelId = context.names.channel(expectation.channel);
      type Overwrite = { id: string; type: number; allow: string };
      const last = eventsSince(context, mark)
        .filter((event) => event.type === "channel_update" && (event.data as { id?: string }).id === channelId)
        .at(-1)?.data as { permission_overwrites?: Overwrite[] } | undefined;
      if (!last || !memberId) return false;
      const own = last.permission_overwrites?.find((item) => item.id === memberId && item.type === 1);
      // View Channel (1 << 10) allowed for the member themself.
      const sees = own !== undefined && (BigInt(own.allow) & 1024n) !== 0n;
      return sees === expectation.access;
    }
    case "locked": {
      const channelId = context.names.channel(expectation.channel);
      type Overwrite = { id: string; type: number; deny: string };
      const last = eventsSince(context, mark)
        .filter((event) => event.type === "channel_update" && (event.data as { id?: string }).id === channelId)
        .at(-1)?.data as { guild_id?: string; permission_overwrites?: Overwrite[] } | undefined;
      if (!last) return false;
      // @everyone's overwrite has the server's id; Send Messages is 1 << 11.
      const everyone = last.permission_overwrites?.find((item) => item.id === last.guild_id && item.type === 0);
      const denied = everyone !== undefined && (BigInt(everyone.deny) & 2048n) !== 0n;
      return denied === expectation.locked;
    }
    case "modal":
      return eventsSince(context, mark).some(
        (event) =>
          event.type === "modal_open" &&
          (event.data as { title?: string; userId?: string }).title === expectation.title &&
          (!mark.memberId || (event.data as { userId?: string }).userId === mark.memberId),
      );
    case "oneOf":
      return expectation.options.some((option) => option.every((inner) => holds(context, mark, inner)));
  }
}

/** Why an expectation did not hold, with what the bot did instead. */
function explain(context: CheckContext, mark: StepMark, expectation: Expectation): string {
  switch (expectation.kind) {
    case "message": {
      const where =
        expectation.place.to === "reply"
          ? "a reply"
          : expectation.place.to === "channel"
            ? `a message in #${expectation.place.channel}`
            : `a direct message to ${expectation.place.member}`;
      const wanted = [
        expectation.text ? describeText(expectation.text) : null,
        expectation.embed?.title ? `an embed titled ${describeText(expectation.embed.title)}` : null,
        expectation.ephemeral ? "(only for them)" : null,
      ]
        .filter(Boolean)
        .join(" ");
      const got = candidates(context, mark, expectation).map((item) => readable(context, messageText(item.message)));
      const said = botMessages(context, mark).map((item) => readable(context, messageText(item.message)));
      return `Expected ${where}${wanted ? ` ${wanted}` : ""}; ${
        got.length
          ? `the bot answered ${got.map((text) => `"${text}"`).join(", ")}`
          : said.length
            ? `the bot only said ${said.map((text) => `"${text}"`).join(", ")}`
            : "the bot said nothing"
      }.`;
    }
    case "reaction":
      return `Expected the bot to react with ${expectation.emoji}${expectation.posted ? " to what it posted" : ""}; it did not.`;
    case "deleted":
      return "Expected the message to be deleted; it was not.";
    case "purged":
      return `Expected at least ${expectation.atLeast} messages deleted in #${expectation.channel}.`;
    case "timeout":
      return `Expected ${expectation.member} to be timed out for ${describeSeconds(expectation.seconds)}; no such timeout.`;
    case "removeTimeout":
      return `Expected ${expectation.member}'s timeout to be removed.`;
    case "kick":
      return `Expected ${expectation.member} to be kicked.`;
    case "ban":
      return `Expected ${expectation.member} to be banned.`;
    case "unban":
      return `Expected ${expectation.member} to be unbanned.`;
    case "roleAdded":
      return `Expected ${expectation.member} to get the role ${expectation.role}.`;
    case "roleRemoved":
      return `Expected ${expectation.member} to lose the role ${expectation.role}.`;
    case "channelCreated":
      return `Expected a channel ${describeText(expectation.name)} to be created.`;
    case "channelDeleted":
      return `Expected the channel ${describeText(expectation.name)} to be deleted.`;
    case "slowmode":
      return `Expected slowmode of ${describeSeconds(expectation.seconds)} in #${expectation.channel}.`;
    case "channelAccess":
      return expectation.access
        ? `Expected ${expectation.member} to be let into #${expectation.channel}.`
        : `Expected ${expectation.member} to be taken out of #${expectation.channel}.`;
    case "locked":
      return expectation.locked
        ? `Expected #${expectation.channel} to be locked (members cannot send messages).`
        : `Expected #${expectation.channel} to be unlocked.`;
    case "modal":
      return `Expected the form "${expectation.title}" to open.`;
    case "oneOf":
      return `Expected ${expectation.describe}; none of it happened.`;
  }
}
