/**
 * The actions that speak: reply, send, dm, as the compiled bots send them (text, an embed, its
 * buttons and menu), where each lands among the messages a later click or reaction may point at
 * (a deferred answer keeps the place of its "thinking…" message); and purge, which takes the
 * channel's newest messages away.
 */
import { failureReasons, isHere, notANumber } from "../failure-notice";
import type { Action } from "../schema";
import { failed, mayFail, takeNotice } from "./oracle-failures";
import { channelOf, memberOf, note, render, type Env, type Exec } from "./oracle-run";
import { plain, readNumber, textExpectation, type Text } from "./oracle-text";
import { addMessage, addPrivateMessage, findChannel, findMember, type MessageState, type World } from "./oracle-world";
import type { Expectation, MessagePlace } from "./types";

type Message = Extract<Action, { do: "reply" }>["message"];

interface Rendered {
  text?: Text;
  title?: Text;
  description?: Text;
  embed: boolean;
  labels: string[];
  buttons: string[];
  select?: string;
}

function renderMessage(env: Env, exec: Exec, message: Message): Rendered | null {
  const text = message.text === undefined ? undefined : render(env, exec, message.text);
  // Discord refuses a message with neither text nor an embed: the bot logs it and goes on.
  if (!message.embed && text && plain(text) === "") return null;
  return {
    text,
    title: message.embed?.title === undefined ? undefined : render(env, exec, message.embed.title),
    description: message.embed?.description === undefined ? undefined : render(env, exec, message.embed.description),
    embed: Boolean(message.embed),
    labels: message.buttons.map((button) => button.label),
    buttons: message.buttons.flatMap((button) => ("id" in button ? [button.id] : [])),
    select: message.select?.id,
  };
}

/**
 * What an answer (a reply, a send to "here") sends: after failed actions, what could not be done
 * instead of its own message; when an action may have failed, a message whose text is not known;
 * null when it sends nothing (its own message is empty, and nothing failed).
 */
function answerMessage(env: Env, exec: Exec, message: Message, notice: Text | "uncertain" | null): Rendered | null {
  if (notice === null) return renderMessage(env, exec, message);
  if (notice !== "uncertain") return { text: notice, embed: false, labels: [], buttons: [] };
  note(exec, "An action before this answer may fail, and the answer then says so instead, so its text is not checked.");
  return renderMessage(env, exec, message) && { embed: false, labels: [], buttons: [] };
}

function messageExpectation(place: MessagePlace, rendered: Rendered, ephemeral?: boolean): Expectation {
  const expectation: Extract<Expectation, { kind: "message" }> = { kind: "message", place };
  if (ephemeral !== undefined) expectation.ephemeral = ephemeral;
  if (rendered.text) expectation.text = textExpectation(rendered.text);
  if (rendered.embed) {
    expectation.embed = {};
    if (rendered.title) expectation.embed.title = textExpectation(rendered.title);
    if (rendered.description) expectation.embed.description = textExpectation(rendered.description);
  }
  if (rendered.labels.length) expectation.buttons = rendered.labels;
  if (rendered.select) expectation.select = rendered.select;
  return expectation;
}

function stored(rendered: Rendered): Omit<MessageState, "seq"> {
  return { by: null, text: rendered.text, buttons: rendered.buttons, select: rendered.select };
}

/** A public answer that edits the "thinking…" message keeps that message's place in the channel. */
function placeAt(world: World, channel: string, rendered: Rendered, seq: number | null): void {
  const added = addMessage(world, channel, stored(rendered));
  const found = findChannel(world, channel);
  if (seq === null || !found) return;
  added.seq = seq;
  found.messages.sort((a, b) => a.seq - b.seq);
}

export function reply(env: Env, exec: Exec, action: Extract<Action, { do: "reply" }>): void {
  const { ctx, world } = exec;
  // The bot takes what failed before it replies, whether or not the reply then arrives.
  const notice = takeNotice(exec);
  if (ctx.repliesUncertain) return;
  const rendered = answerMessage(env, exec, action.message, notice);
  if (!rendered) {
    if (notice === "uncertain") ctx.repliesUncertain = true;
    return;
  }
  if (ctx.interaction) {
    const editsDeferral = !ctx.answered && ctx.deferred !== null && (ctx.deferred === "ephemeral") === action.ephemeral;
    const at = editsDeferral ? ctx.deferredSeq : null;
    exec.expect.push(messageExpectation({ to: "reply" }, rendered, action.ephemeral));
    if (action.ephemeral) {
      const added = addPrivateMessage(world, { ...stored(rendered), to: ctx.user ?? "", channel: ctx.channel });
      if (at !== null) added.seq = at;
    } else if (ctx.channel) placeAt(world, ctx.channel, rendered, at);
    ctx.answered = true;
  } else if (ctx.messageText && ctx.channel) {
    if (ctx.messageDeleted) {
      note(
        exec,
        "After the message is deleted, whether a reply to it still arrives differs between JavaScript and Python, so it is not checked.",
      );
      return;
    }
    exec.expect.push(messageExpectation({ to: "reply" }, rendered));
    addMessage(world, ctx.channel, stored(rendered));
  }
}

export function send(env: Env, exec: Exec, action: Extract<Action, { do: "send" }>): void {
  const here = isHere(action.channel);
  const where = channelOf(exec, action.channel);
  if (!where) return here ? failed(env, exec, action, failureReasons.channel) : mayFail(exec, action);
  if ("missing" in where) {
    note(exec, `#${where.missing} does not exist in the scratch server, so what the bot sends there is not checked.`);
    return failed(env, exec, action, failureReasons.channel);
  }
  const channel = findChannel(exec.world, where.name);
  if (!channel) return mayFail(exec, action);
  // Sent where the run happens, it answers too: after failed actions it says so instead.
  const rendered = here
    ? answerMessage(env, exec, action.message, takeNotice(exec))
    : renderMessage(env, exec, action.message);
  if (!rendered) return mayFail(exec, action);
  if (channel.uncertain) {
    mayFail(exec, action);
    channel.messagesUncertain = true;
    note(
      exec,
      `#${channel.name} may be gone (or not the only one of that name) by then, so what is sent there is not checked.`,
    );
  } else {
    exec.expect.push(messageExpectation({ to: "channel", channel: channel.name }, rendered));
    addMessage(exec.world, channel.name, stored(rendered));
  }
  if (action.saveAs) exec.ctx.results[action.saveAs] = { t: "message", channel: channel.name };
}

export function dm(env: Env, exec: Exec, action: Extract<Action, { do: "dm" }>): void {
  const name = memberOf(exec, action.member);
  const member = findMember(exec.world, name);
  if (!member || member.uncertain) return mayFail(exec, action);
  if (!member.present) {
    note(
      exec,
      `${member.name} is no longer in the server by then: whether a DM still reaches them differs between JavaScript and Python, so it is not checked.`,
    );
    return mayFail(exec, action);
  }
  const rendered = renderMessage(env, exec, action.message);
  if (!rendered) return mayFail(exec, action);
  exec.expect.push(messageExpectation({ to: "dm", member: member.name }, rendered));
  addPrivateMessage(exec.world, { ...stored(rendered), to: member.name, channel: null });
}

export function purge(env: Env, exec: Exec, action: Extract<Action, { do: "purge" }>): void {
  const { ctx, world } = exec;
  const written = typeof action.count === "number" ? String(action.count) : plain(render(env, exec, action.count));
  if (written === null) mayFail(exec, action);
  const count = written === null ? null : readNumber(written);
  if (written !== null && count === null) return failed(env, exec, action, notANumber(written));
  const channel = findChannel(world, ctx.channel);
  if (!channel) return mayFail(exec, action);
  if (ctx.deferred === "public" && !ctx.answered) {
    // discord.py's purge takes the command's own "thinking…" answer with it; discord.js leaves it.
    ctx.repliesUncertain = true;
    channel.messagesUncertain = true;
    note(
      exec,
      'Purging while the answer is still a public "thinking…" message differs between JavaScript and Python, so the answer is not checked.',
    );
  }
  if (count === null || channel.messagesUncertain) {
    channel.messagesUncertain = true;
    return;
  }
  const amount = Math.min(100, Math.max(1, Math.floor(count)));
  const atLeast = Math.min(amount, channel.messages.length);
  if (atLeast >= 1) exec.expect.push({ kind: "purged", channel: channel.name, atLeast });
  channel.messages = channel.messages.slice(0, Math.max(0, channel.messages.length - amount));
}
