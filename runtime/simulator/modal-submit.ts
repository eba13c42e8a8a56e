/**
 * A member submits an open modal (control API): every value is checked against its field
 * (required, min and max length, a select's choices), and the bot that opened the modal gets an
 * INTERACTION_CREATE of type MODAL_SUBMIT, with `message` when the modal came from a component.
 */
import {
  ComponentType,
  InteractionType,
  type APIApplicationCommandInteractionMetadata,
  type APIMessage,
  type APIMessageComponentInteractionMetadata,
} from "discord-api-types/v10";

import type { SimulatorGuild } from "@/lib/simulator/types";

import type { Simulator } from "./context";
import { ControlError } from "./control-error";
import {
  buildInteraction,
  emptyResolved,
  integrationOwners,
  interactionActor,
  presentResolved,
  sendInteraction,
  type Resolved,
} from "./interaction-payload";
import type { OpenModal } from "./interaction-store";
import { closeModal, findOpenModal } from "./modals";
import { checkSelectValues, type StoredSelect } from "./select-values";
import type { WorldState } from "./world";

type Json = Record<string, unknown>;

interface Submission {
  values: Record<string, unknown>;
  used: Set<string>;
  guild: SimulatorGuild;
  resolved: Resolved;
  nextId: () => number;
}

function textValue(input: Json, submission: Submission): string {
  const customId = input.custom_id as string;
  const given = submission.values[customId];
  submission.used.add(customId);
  const label = typeof input.label === "string" ? `"${input.label}" (${customId})` : `"${customId}"`;
  if (given !== undefined && typeof given !== "string") throw new ControlError(400, `${label} must be text.`);
  const value = given ?? "";
  const max = typeof input.max_length === "number" ? input.max_length : 4000;
  const min = typeof input.min_length === "number" ? input.min_length : 0;
  if (input.required !== false && value.length === 0) throw new ControlError(400, `${label} is required.`);
  if (value.length > max) throw new ControlError(400, `${label} must be at most ${max} characters.`);
  if (value.length > 0 && value.length < min)
    throw new ControlError(400, `${label} must be at least ${min} characters.`);
  return value;
}

function submitted(component: Json, submission: Submission): Json {
  const id = typeof component.id === "number" ? component.id : submission.nextId();
  switch (component.type) {
    case ComponentType.ActionRow: {
      const children = (component.components as Json[]).map((child) => submitted(child, submission));
      return { type: ComponentType.ActionRow, id, components: children };
    }
    case ComponentType.Label: {
      return { type: ComponentType.Label, id, component: submitted(component.component as Json, submission) };
    }
    case ComponentType.TextInput:
      return {
        type: ComponentType.TextInput,
        id,
        custom_id: component.custom_id,
        value: textValue(component, submission),
      };
    case ComponentType.TextDisplay:
      return { type: ComponentType.TextDisplay, id };
    default:
      return labelInput(component, id, submission);
  }
}

/** A label's input other than a text input: a select menu, radio or checkbox group, checkbox, file upload. */
function labelInput(component: Json, id: number, submission: Submission): Json {
  const customId = component.custom_id as string;
  const given = submission.values[customId];
  submission.used.add(customId);
  const base = { type: component.type, id, custom_id: customId };
  const where = `"${customId}"`;
  const required = component.required !== false;
  switch (component.type) {
    case ComponentType.Checkbox:
      if (given !== undefined && typeof given !== "boolean")
        throw new ControlError(400, `${where} must be true or false.`);
      return { ...base, value: given ?? false };
    case ComponentType.RadioGroup: {
      if (given === undefined || given === null) {
        if (required) throw new ControlError(400, `${where} is required.`);
        return { ...base, value: null };
      }
      const options = Array.isArray(component.options) ? (component.options as { value?: unknown }[]) : [];
      if (typeof given !== "string" || !options.some((option) => option?.value === given))
        throw new ControlError(400, `${where}: the value is not one of the group's options.`);
      return { ...base, value: given };
    }
    case ComponentType.FileUpload:
      if (required || (Array.isArray(given) && given.length > 0) || (given !== undefined && !Array.isArray(given)))
        throw new ControlError(400, `${where}: file uploads cannot be simulated.`);
      return { ...base, values: [] };
    case ComponentType.CheckboxGroup: {
      // Checked like a string select whose choices are the group's options; any number of them by default.
      const options = Array.isArray(component.options) ? component.options.length : 0;
      const menu: StoredSelect = {
        ...(component as unknown as StoredSelect),
        type: ComponentType.StringSelect,
        max_values: component.max_values ?? options,
      };
      return { ...base, values: checkSelectValues(menu, given ?? [], submission.guild, submission.resolved, where) };
    }
    default: {
      const menu = component as unknown as StoredSelect;
      return { ...base, values: checkSelectValues(menu, given ?? [], submission.guild, submission.resolved, where) };
    }
  }
}

function sourceMessage(world: WorldState, modal: OpenModal): APIMessage | undefined {
  const { opener } = modal;
  if (!opener.sourceMessageId) return undefined;
  return (
    opener.sourceEphemeral ??
    (world.messages[opener.channelId] ?? []).find((message) => message.id === opener.sourceMessageId)
  );
}

/** Submits the member's open modal with `values` (custom_id → text, or a select's list); returns the interaction id. */
export function submitModal(
  sim: Simulator,
  worldUserId: string,
  world: WorldState,
  modalId: string,
  values: unknown,
): string {
  const modal = findOpenModal(sim, worldUserId, modalId);
  if (!values || typeof values !== "object" || Array.isArray(values))
    throw new ControlError(400, "values must be an object of custom_id → value.");
  const { opener, data } = modal;
  const bot = world.bots.find((item) => item.botId === opener.botId);
  if (!bot) throw new ControlError(404, "The bot that opened this modal is not in the world any more.");
  const actor = interactionActor(world, bot, opener.channelId, opener.user.id);
  let counter = 0;
  const submission: Submission = {
    values: values as Record<string, unknown>,
    used: new Set(),
    guild: actor.guild,
    resolved: emptyResolved(),
    nextId: () => (counter += 1),
  };
  const components = (data.components as unknown as Json[]).map((component) => submitted(component, submission));
  const unknown = Object.keys(submission.values).find((key) => !submission.used.has(key));
  if (unknown !== undefined)
    throw new ControlError(400, `This modal has no field with custom_id "${unknown.slice(0, 100)}".`);
  const resolved = presentResolved(submission.resolved);
  const message = sourceMessage(world, modal);
  const built = buildInteraction(
    actor,
    InteractionType.ModalSubmit,
    { custom_id: data.custom_id, components, ...(resolved ? { resolved } : {}) },
    message,
  );
  sendInteraction(sim, worldUserId, actor, built, InteractionType.ModalSubmit, {
    commandName: opener.commandName,
    metadata: {
      id: built.id,
      type: InteractionType.ModalSubmit,
      user: actor.member.user,
      authorizing_integration_owners: integrationOwners(actor.guild.id),
      triggering_interaction_metadata: opener.metadata as
        APIApplicationCommandInteractionMetadata | APIMessageComponentInteractionMetadata,
    },
    ...(message ? { sourceMessageId: message.id } : {}),
    ...(message && opener.sourceEphemeral ? { sourceEphemeral: message } : {}),
  });
  closeModal(sim, modal, true);
  return built.id;
}
