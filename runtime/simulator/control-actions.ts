/**
 * Control routes for what members do to bots' messages and for the world's clock
 * (runtime/README.md): click a button, choose in a select menu, submit or close a modal, add or
 * remove a reaction; read and advance the clock.
 */
import { PermissionFlagsBits, type APIDMChannel, type APITextChannel } from "discord-api-types/v10";

import { clockState, maxClockAdvanceMs, maxClockOffsetMs } from "./clock";
import { runComponentInteraction } from "./components";
import { publish, type Simulator } from "./context";
import { ControlError } from "./control-error";
import type { HttpResult } from "./http";
import { requireNotTimedOut } from "./interaction-payload";
import { submitModal } from "./modal-submit";
import { dismissModal, modalView } from "./modals";
import { channelPermissions, has } from "./permissions";
import { changeReaction, parseEmoji } from "./reactions";
import { findChannel, type WorldState } from "./world";

export interface ControlRequest {
  sim: Simulator;
  method: string;
  /** The world's user id. */
  userId: string;
  /** Path segments after `/worlds/:userId`. */
  segments: string[];
  world: () => Promise<WorldState>;
  body: () => Promise<Record<string, unknown>>;
}

function text(body: Record<string, unknown>, key: string, max: number): string {
  const value = body[key];
  if (typeof value !== "string" || value.trim() === "") throw new ControlError(400, `${key} is required.`);
  if (value.length > max) throw new ControlError(400, `${key} must be at most ${max} characters.`);
  return value;
}

// Anything a keyboard or an emoji picker gives: pictographs, flags, keycaps and their joiners.
const emojiPattern =
  /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Component}|[\u200d\ufe0f\u20e3])+$/u;

/** A member's emoji: `name:id` for a custom one, else it must be an emoji (10014 Unknown Emoji). */
function memberEmoji(raw: string) {
  let emoji;
  try {
    emoji = parseEmoji(raw);
  } catch {
    emoji = null;
  }
  if (!emoji || (!emoji.id && !emojiPattern.test(raw))) throw new ControlError(400, "Unknown Emoji", 10014);
  return emoji;
}

function memberReaction(
  sim: Simulator,
  userId: string,
  world: WorldState,
  [channelId, messageId, rawEmoji, memberId]: string[],
  add: boolean,
) {
  const found = findChannel(world, channelId ?? "");
  if (!found) throw new ControlError(404, "Unknown channel.", 10003);
  const message = (world.messages[found.channel.id] ?? []).find((item) => item.id === messageId);
  if (!message) throw new ControlError(404, "Unknown message.", 10008);
  const emoji = memberEmoji(rawEmoji ?? "");
  const guild = found.guild;
  const member = guild?.members.find((item) => item.user.id === memberId);
  const recipient = (found.channel as APIDMChannel).recipients?.some((user) => user.id === memberId);
  if (!member && !(!guild && recipient)) throw new ControlError(404, "Unknown member.", 10007);
  if (member?.user.bot) throw new ControlError(400, "Bots react through the REST API, not from here.");
  let permissions = -1n;
  if (guild && member) {
    if (add) requireNotTimedOut(world, member);
    permissions = channelPermissions(guild, member, found.channel as APITextChannel);
    if (!has(permissions, PermissionFlagsBits.ViewChannel | PermissionFlagsBits.ReadMessageHistory))
      throw new ControlError(403, "This member cannot read this channel's history.", 50013);
  }
  changeReaction(sim, userId, world, {
    guild,
    channelId: found.channel.id,
    message,
    emoji,
    userId: memberId ?? "",
    add,
    beforeNewEmoji: () => {
      if (permissions !== -1n && !has(permissions, PermissionFlagsBits.AddReactions))
        throw new ControlError(403, "This member may not add new reactions here.", 50013);
    },
  });
  return { reactions: message.reactions ?? [] };
}

function advanceClock(sim: Simulator, userId: string, world: WorldState, body: Record<string, unknown>) {
  const advance = body.advanceMs;
  if (typeof advance !== "number" || !Number.isSafeInteger(advance) || advance < 1 || advance > maxClockAdvanceMs) {
    throw new ControlError(400, `advanceMs must be a whole number of milliseconds from 1 to ${maxClockAdvanceMs}.`);
  }
  const offset = (world.clockOffsetMs ?? 0) + advance;
  if (offset > maxClockOffsetMs) throw new ControlError(400, "The world's clock cannot run more than ten years ahead.");
  world.clockOffsetMs = offset;
  const state = clockState(world);
  publish(sim, userId, { type: "clock_update", data: state });
  return state;
}

/** Answers the routes above; null when the path is none of them. */
export async function memberActionRoute(request: ControlRequest): Promise<HttpResult | null> {
  const { sim, method, userId, segments } = request;
  const [area, ...rest] = segments;
  const ok = (body: unknown): HttpResult => ({ status: 200, body });
  if (area === "channels" && rest[1] === "messages") {
    const [channelId, , messageId, action, ...more] = rest;
    if (method === "POST" && (action === "click" || action === "select") && more.length === 0) {
      const world = await request.world();
      const body = await request.body();
      const use = {
        channelId: channelId ?? "",
        messageId: messageId ?? "",
        authorId: text(body, "authorId", 32),
        customId: text(body, "customId", 100),
        values: body.values,
      };
      if (action === "click" && body.values !== undefined) throw new ControlError(400, "A button takes no values.");
      if (action === "select" && body.values === undefined) throw new ControlError(400, "values is required.");
      const kind = action === "click" ? "button" : "select";
      return ok({ interactionId: runComponentInteraction(sim, userId, world, use, kind) });
    }
    if ((method === "PUT" || method === "DELETE") && action === "reactions" && more.length === 2) {
      const world = await request.world();
      return ok(memberReaction(sim, userId, world, [channelId ?? "", messageId ?? "", ...more], method === "PUT"));
    }
  }
  if (area === "modals") {
    if (method === "GET" && rest.length === 0) {
      await request.world();
      return ok({ modals: sim.interactions.openModals(userId).map(modalView) });
    }
    if (method === "POST" && rest.length === 1) {
      const world = await request.world();
      const body = await request.body();
      return ok({ interactionId: submitModal(sim, userId, world, rest[0] ?? "", body.values) });
    }
    if (method === "DELETE" && rest.length === 1) {
      await request.world();
      dismissModal(sim, userId, rest[0] ?? "");
      return ok({ ok: true });
    }
  }
  if (area === "clock" && rest.length === 0) {
    if (method === "GET") return ok(clockState(await request.world()));
    if (method === "POST") {
      const world = await request.world();
      return ok(advanceClock(sim, userId, world, await request.body()));
    }
  }
  return null;
}
