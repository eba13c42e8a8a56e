/**
 * One check, step by step, against the scratch world: each step is done through the simulator's
 * control API as a member would do it, then what the step expects is looked for among the events
 * that followed, and the conversation is written down as a transcript.
 */
import type { APIApplicationCommand, APIMessage } from "discord-api-types/v10";

import { describeSeconds } from "../vocabulary";
import { CheckFailure, sleep, type CheckContext, type StepMark } from "./check-context";
import { awaitExpectations } from "./expectations";
import { messagesSince, type EventLog, type SeenMessage, type WorldNames } from "./observed";
import { fitSlash } from "./step-options";
import { describeOutcome } from "./transcript";
import type { CheckResult, MessageRef, ProofCheck, Step, StepOption, TranscriptLine } from "./types";

export type { CheckContext };

/** Lines kept per check's transcript (the report is read every second while a proof runs). */
const transcriptMaxLines = 60;

export async function runCheck(context: CheckContext, check: ProofCheck): Promise<CheckResult> {
  const started = Date.now();
  const transcript: TranscriptLine[] = [];
  // A bot that floods the channel makes a long transcript: the first lines tell the story.
  let dropped = 0;
  const line = (who: string, what: string, text: string) => {
    if (transcript.length < transcriptMaxLines) {
      transcript.push({ who: who.slice(0, 100), what, text: text.slice(0, 500), atMs: Date.now() - started });
      return;
    }
    dropped += 1;
    transcript[transcriptMaxLines - 1] = {
      who: "Cipher",
      what: "leaves out",
      text: `${dropped + 1} more lines`,
      atMs: Date.now() - started,
    };
  };
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
      const fitted = fitSlash(await registeredCommand(context, step.command), step.subcommand, step.options);
      const options = fitted.options.map((option) => ({
        name: option.name,
        type: option.type,
        value: optionValue(names, { ...option.given, value: option.value }),
      }));
      const input = fitted.subcommand ? [{ name: fitted.subcommand, type: 1, options }] : options;
      line(
        step.member,
        "runs",
        `/${[step.command, fitted.subcommand].filter(Boolean).join(" ")}${describeOptions(fitted.options.map((option) => ({ ...option.given, name: option.name, value: option.value })))}`,
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
      const passed = step.passSeconds ? `, as if ${describeSeconds(step.passSeconds)} had passed` : "";
      line("Cipher", "restarts the bot", `Stopped and started again${passed}.`);
      await context.restart(step.passSeconds ?? 0);
      // From before the stop: overdue timers run the moment the bot is ready again.
      return { from };
    }
  }
}

/** The command as the bot registered it (waiting a little for it to be registered), if it is. */
async function registeredCommand(context: CheckContext, name: string): Promise<APIApplicationCommand | undefined> {
  const deadline = Date.now() + 10_000;
  for (let first = true; ; first = false) {
    if (!first) await context.names.refresh(context.access, context.worldId);
    const bot = context.names.bots.find((item) => item.botId === context.botId);
    const found = bot?.commands.find((command) => command.name === name && command.type === 1);
    if (found || Date.now() > deadline) return found;
    if (!first) await sleep(200);
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
