/**
 * One check, step by step, against the scratch world: each step is done through the simulator's
 * control API as a member would do it, then what the step expects is looked for among the events
 * that followed, and the conversation is written down as a transcript.
 */
import type { APIMessage } from "discord-api-types/v10";

import { messagesSince, type EventLog, type SeenMessage, type SimulatorAccess, type WorldNames } from "./observed";
import type {
  CheckResult,
  Expectation,
  MessageRef,
  ProofCheck,
  Step,
  StepOption,
  TextExpectation,
  TranscriptLine,
} from "./types";

export interface CheckContext {
  access: SimulatorAccess;
  worldId: string;
  botId: string;
  botUserId: string;
  botName: string;
  log: EventLog;
  names: WorldNames;
  /** Stops and starts the bot again, timers moved `passSeconds` earlier (run.ts). */
  restart(passSeconds: number): Promise<void>;
  /** How long a step's expectations may take to show. */
  stepTimeoutMs: number;
}

class CheckFailure extends Error {}

const optionTypeNumbers = { string: 3, integer: 4, boolean: 5, user: 6, channel: 7, role: 8, number: 10 } as const;

/** What the step did, for matching: where it happened and what it answers to. */
interface StepMark {
  from: number;
  channelId?: string;
  memberId?: string;
  /** The member's message (say) or the message acted on (react). */
  messageId?: string;
  interactionId?: string;
}

export async function runCheck(context: CheckContext, check: ProofCheck): Promise<CheckResult> {
  const started = Date.now();
  const transcript: TranscriptLine[] = [];
  const line = (who: string, what: string, text: string) =>
    transcript.push({ who, what, text: text.slice(0, 500), atMs: Date.now() - started });
  try {
    for (const { step, expect } of check.steps) {
      const mark = await doStep(context, step, line);
      const found = await awaitExpectations(context, mark, expect);
      describeOutcome(context, mark, line);
      if (found) throw new CheckFailure(found);
    }
    return { id: check.id, status: "passed", transcript, durationMs: Date.now() - started };
  } catch (error) {
    const problem =
      error instanceof CheckFailure ? error.message : `The proof could not do this step: ${(error as Error).message}`;
    return { id: check.id, status: "failed", problem, transcript, durationMs: Date.now() - started };
  }
}

function need(id: string | undefined, what: string): string {
  if (!id) throw new CheckFailure(`There is no ${what} in the test server.`);
  return id;
}

async function doStep(
  context: CheckContext,
  step: Step,
  line: (who: string, what: string, text: string) => void,
): Promise<StepMark> {
  const { access, worldId, names } = context;
  const world = `/worlds/${worldId}`;
  const from = context.log.count;
  await names.sync(access, worldId, context.log);
  switch (step.kind) {
    case "slash": {
      const channelId = need(names.channel(step.channel), `channel #${step.channel}`);
      const memberId = need(names.member(step.member), `member ${step.member}`);
      const options = step.options.map((option) => ({
        name: option.name,
        type: optionTypeNumbers[option.type],
        value: optionValue(names, option),
      }));
      const input = step.subcommand ? [{ name: step.subcommand, type: 1, options }] : options;
      line(
        step.member,
        "runs",
        `/${[step.command, step.subcommand].filter(Boolean).join(" ")}${describeOptions(step.options)}`,
      );
      const { interactionId } = await slashCommand(context, {
        botId: context.botId,
        channelId,
        authorId: memberId,
        name: step.command,
        options: input,
      });
      return { from, channelId, memberId, interactionId };
    }
    case "say": {
      const channelId = need(names.channel(step.channel), `channel #${step.channel}`);
      const memberId = need(names.member(step.member), `member ${step.member}`);
      line(step.member, `says in #${step.channel}`, step.content);
      const message = await access.call<APIMessage>("POST", `${world}/messages`, {
        channelId,
        authorId: memberId,
        content: step.content,
      });
      return { from, channelId, memberId, messageId: message.id };
    }
    case "join": {
      line(step.username, "joins the server", "");
      await access.call("POST", `${world}/members`, { guildId: names.guild.id, username: step.username });
      await names.refresh(access, worldId);
      return { from, memberId: names.member(step.username) };
    }
    case "leave": {
      const memberId = need(names.member(step.member), `member ${step.member}`);
      line(step.member, "leaves the server", "");
      await access.call("DELETE", `${world}/members/${names.guild.id}/${memberId}`);
      return { from, memberId };
    }
    case "react": {
      const memberId = need(names.member(step.member), `member ${step.member}`);
      const target = findMessage(context, step.on, memberId);
      line(step.member, step.remove ? "removes the reaction" : "reacts with", step.emoji);
      const path = `${world}/channels/${target.channel_id}/messages/${target.id}/reactions/${encodeURIComponent(step.emoji)}/${memberId}`;
      await access.call(step.remove ? "DELETE" : "PUT", path);
      return { from, channelId: target.channel_id, memberId, messageId: target.id };
    }
    case "click":
    case "select": {
      const memberId = need(names.member(step.member), `member ${step.member}`);
      const target = findMessage(context, step.on, memberId);
      const label = step.kind === "click" ? buttonLabel(target, step.customId) : step.values.join(", ");
      line(step.member, step.kind === "click" ? "clicks" : "chooses", label);
      const { interactionId } = await access.call<{ interactionId: string }>(
        "POST",
        `${world}/channels/${target.channel_id}/messages/${target.id}/${step.kind}`,
        { authorId: memberId, customId: step.customId, ...(step.kind === "select" ? { values: step.values } : {}) },
      );
      return { from, channelId: target.channel_id, memberId, interactionId };
    }
    case "submitModal": {
      const memberId = need(names.member(step.member), `member ${step.member}`);
      const { modals } = await access.call<{
        modals: { id: string; userId: string; custom_id: string; channelId: string }[];
      }>("GET", `${world}/modals`);
      const modal = modals.find((item) => item.userId === memberId && item.custom_id === step.modal);
      if (!modal) throw new CheckFailure(`The form "${step.modal}" is not open for ${step.member}.`);
      line(step.member, "fills in the form", Object.values(step.values).join(" / "));
      const { interactionId } = await access.call<{ interactionId: string }>("POST", `${world}/modals/${modal.id}`, {
        values: step.values,
      });
      return { from, channelId: modal.channelId, memberId, interactionId };
    }
    case "restart": {
      const passed = step.passSeconds ? `, as if ${formatSeconds(step.passSeconds)} had passed` : "";
      line("Cipher", "restarts the bot", `Stopped and started again${passed}.`);
      await context.restart(step.passSeconds ?? 0);
      // From before the stop: overdue timers run the moment the bot is ready again.
      return { from };
    }
  }
}

/** A slash command, retried while the bot has not registered it yet (404). */
async function slashCommand(context: CheckContext, body: Record<string, unknown>) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      return await context.access.call<{ interactionId: string }>(
        "POST",
        `/worlds/${context.worldId}/interactions`,
        body,
      );
    } catch (error) {
      if (!/\b404\b|registered/i.test((error as Error).message) || Date.now() > deadline) throw error;
      await sleep(200);
    }
  }
}

function optionValue(names: WorldNames, option: StepOption): string | number | boolean {
  if (option.type === "user") return need(names.member(String(option.value)), `member ${String(option.value)}`);
  if (option.type === "channel") return need(names.channel(String(option.value)), `channel #${String(option.value)}`);
  if (option.type === "role") return need(names.role(String(option.value)), `role ${String(option.value)}`);
  return option.value;
}

function describeOptions(options: StepOption[]): string {
  return options.map((option) => ` ${option.name}:${String(option.value)}`).join("");
}

function buttonLabel(message: APIMessage, customId: string): string {
  for (const row of message.components ?? []) {
    for (const component of (row as { components?: { custom_id?: string; label?: string }[] }).components ?? []) {
      if (component.custom_id === customId) return component.label ?? customId;
    }
  }
  return customId;
}

/** The newest message that fits the reference, among everything seen so far. */
function findMessage(context: CheckContext, ref: MessageRef, memberId: string): APIMessage {
  const channelId = ref.channel ? need(context.names.channel(ref.channel), `channel #${ref.channel}`) : undefined;
  const seen = messagesSince(context.log, 0, context.botUserId).filter(
    (item) =>
      (!channelId || item.message.channel_id === channelId) &&
      (ref.from === "any" || item.fromBot) &&
      !deletedSince(context.log, item),
  );
  // An ephemeral answer is only there for the member it was shown to; the proof's members share
  // one stream, so the newest one is taken.
  const found = seen.at(-1);
  if (!found)
    throw new CheckFailure(
      `There is no ${ref.from === "bot" ? "message of the bot" : "message"} to act on${channelId ? ` in #${ref.channel}` : ""}.`,
    );
  void memberId;
  return found.message;
}

function deletedSince(log: EventLog, item: SeenMessage): boolean {
  return log.events
    .slice(item.index)
    .some(
      (event) =>
        (event.type === "message_delete" && (event.data as { id: string }).id === item.message.id) ||
        (event.type === "message_delete_bulk" && (event.data as { ids: string[] }).ids.includes(item.message.id)),
    );
}

// ── Expectations ──────────────────────────────────────────────────────────────────────────────

/** Waits until every expectation holds; returns why not (plain words) when time runs out. */
async function awaitExpectations(context: CheckContext, mark: StepMark, expect: Expectation[]): Promise<string | null> {
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

function botMessages(context: CheckContext, mark: StepMark): SeenMessage[] {
  return messagesSince(context.log, mark.from, context.botUserId).filter((item) => item.fromBot);
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

function eventsSince(context: CheckContext, mark: StepMark) {
  return context.log.events.slice(mark.from);
}

function memberEventFor(context: CheckContext, mark: StepMark, type: string, member: string) {
  const memberId = context.names.member(member);
  return eventsSince(context, mark).filter(
    (event) => event.type === type && (event.data as { user?: { id: string } }).user?.id === memberId,
  );
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
        return (
          event.type === "reaction_add" &&
          data.user_id === context.botUserId &&
          (!mark.messageId || data.message_id === mark.messageId) &&
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
      return `Expected the bot to react with ${expectation.emoji}; it did not.`;
    case "deleted":
      return "Expected the message to be deleted; it was not.";
    case "purged":
      return `Expected at least ${expectation.atLeast} messages deleted in #${expectation.channel}.`;
    case "timeout":
      return `Expected ${expectation.member} to be timed out for ${formatSeconds(expectation.seconds)}; no such timeout.`;
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
      return `Expected slowmode of ${formatSeconds(expectation.seconds)} in #${expectation.channel}.`;
    case "modal":
      return `Expected the form "${expectation.title}" to open.`;
    case "oneOf":
      return `Expected ${expectation.describe}; none of it happened.`;
  }
}

function messageText(message: APIMessage): string {
  const embed = message.embeds?.[0];
  return (message.content || [embed?.title, embed?.description].filter(Boolean).join(" — ") || "(no text)").slice(
    0,
    300,
  );
}

/** Mentions as people read them: <@id> → @Sam, <#id> → #general, <@&id> → @Moderator. */
function readable(context: CheckContext, text: string): string {
  const guild = context.names.guild;
  return text.replace(/<(@&|@!?|#)(\d+)>/g, (mention, kind: string, id: string) => {
    if (kind === "#") return `#${context.names.channelName(id) ?? "channel"}`;
    if (kind === "@&") return `@${guild.roles.find((role) => role.id === id)?.name ?? "role"}`;
    if (id === context.botUserId) return `@${context.botName}`;
    return `@${context.names.memberName(id) ?? "someone"}`;
  });
}

/** What the bot did after the step, for the transcript. */
function describeOutcome(
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

export function formatSeconds(seconds: number): string {
  const units: [number, string][] = [
    [86_400, "day"],
    [3_600, "hour"],
    [60, "minute"],
    [1, "second"],
  ];
  for (const [size, unit] of units) {
    if (seconds % size === 0 && seconds >= size) {
      const count = seconds / size;
      return `${count} ${unit}${count === 1 ? "" : "s"}`;
    }
  }
  return `${seconds} seconds`;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
