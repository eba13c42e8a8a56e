/**
 * A member using a bot message's components from the control API: clicking a button or
 * choosing in a select menu. The component is found by custom_id on the message (in action
 * rows, sections and containers alike), checked (enabled, the values among its choices), and an
 * INTERACTION_CREATE of type MESSAGE_COMPONENT goes to the bot that posted the message only.
 */
import { ComponentType, InteractionType, type APIMessage } from "discord-api-types/v10";

import type { Simulator } from "./context";
import { ControlError } from "./control-error";
import {
  buildInteraction,
  emptyResolved,
  integrationOwners,
  interactionActor,
  presentResolved,
  sendInteraction,
} from "./interaction-payload";
import { messageFor } from "./reactions";
import { checkSelectValues, selectTypes, type StoredSelect } from "./select-values";
import { findChannel, type StoredBot, type WorldState } from "./world";

export interface ComponentUse {
  channelId: string;
  messageId: string;
  authorId: string;
  customId: string;
  /** For a select menu: the chosen values (option values, or member, role or channel ids). */
  values?: unknown;
}

type StoredComponent = StoredSelect & { disabled?: unknown; style?: unknown };

/** Every component in a message's tree: rows' children, a section's accessory, a label's component. */
function* componentsOf(list: unknown): Generator<StoredComponent> {
  if (!Array.isArray(list)) return;
  for (const item of list) {
    if (!item || typeof item !== "object") continue;
    const component = item as StoredComponent & { components?: unknown; accessory?: unknown; component?: unknown };
    yield component;
    yield* componentsOf(component.components);
    if (component.accessory) yield* componentsOf([component.accessory]);
    if (component.component) yield* componentsOf([component.component]);
  }
}

/** The message, from the channel's history or (shown only to its member) an ephemeral response. */
function findTarget(sim: Simulator, worldUserId: string, world: WorldState, use: ComponentUse) {
  if (!findChannel(world, use.channelId)) throw new ControlError(404, "Unknown channel.", 10003);
  const stored = (world.messages[use.channelId] ?? []).find((item) => item.id === use.messageId);
  if (stored) return { message: stored, ephemeral: false };
  const found = sim.interactions.findEphemeral(worldUserId, use.messageId);
  if (found && found.record.channelId === use.channelId && found.record.user.id === use.authorId) {
    return { message: found.message, ephemeral: true };
  }
  throw new ControlError(404, "Unknown message.", 10008);
}

function postingBot(world: WorldState, message: APIMessage): StoredBot | undefined {
  return world.bots.find(
    (bot) =>
      bot.userId === message.author.id || (message.application_id && bot.applicationId === message.application_id),
  );
}

/** Clicks a button (`values` absent) or chooses in a select menu; returns the interaction id. */
export function runComponentInteraction(
  sim: Simulator,
  worldUserId: string,
  world: WorldState,
  use: ComponentUse,
  kind: "button" | "select",
): string {
  const { message, ephemeral } = findTarget(sim, worldUserId, world, use);
  const component = [...componentsOf(message.components)].find(
    (item) =>
      item.custom_id === use.customId && (item.type === ComponentType.Button || selectTypes.includes(item.type)),
  );
  if (!component) {
    throw new ControlError(404, `This message has no button or select menu with custom_id "${use.customId}".`);
  }
  const isButton = component.type === ComponentType.Button;
  if (kind === "button" && !isButton) throw new ControlError(400, `"${use.customId}" is a select menu: choose values.`);
  if (kind === "select" && isButton) throw new ControlError(400, `"${use.customId}" is a button: click it.`);
  if (component.disabled === true) throw new ControlError(400, `"${use.customId}" is disabled.`);
  const bot = postingBot(world, message);
  if (!bot) throw new ControlError(404, "The bot that posted this message is not in the world any more.");
  const actor = interactionActor(world, bot, use.channelId, use.authorId);
  const resolved = emptyResolved();
  const values = isButton
    ? undefined
    : checkSelectValues(component, use.values, actor.guild, resolved, `Select menu "${use.customId}"`);
  const present = presentResolved(resolved);
  const data = {
    custom_id: use.customId,
    component_type: component.type,
    ...(values ? { values } : {}),
    // User, role, mentionable and channel menus always carry `resolved`, even for no choice.
    ...(values && component.type !== ComponentType.StringSelect ? { resolved: present ?? {} } : {}),
  };
  const shown = ephemeral ? message : messageFor(world, message, bot.userId);
  const built = buildInteraction(actor, InteractionType.MessageComponent, data, shown);
  sendInteraction(sim, worldUserId, actor, built, InteractionType.MessageComponent, {
    commandName: use.customId,
    metadata: {
      id: built.id,
      type: InteractionType.MessageComponent,
      user: actor.member.user,
      authorizing_integration_owners: integrationOwners(actor.guild.id),
      interacted_message_id: message.id,
    },
    sourceMessageId: message.id,
    ...(ephemeral ? { sourceEphemeral: message } : {}),
  });
  return built.id;
}
