/**
 * Modals: the form a bot answers an interaction with (callback type 9) is checked as Discord
 * checks it, kept open for the member it was shown to (control API: the world's `modals`, and a
 * `modal_open` event), and submitted from the control API as an INTERACTION_CREATE of type
 * MODAL_SUBMIT whose `data.components` mirror the form (action rows or labels) with the values.
 */
import { ComponentType, TextInputStyle, type APIModalInteractionResponseCallbackData } from "discord-api-types/v10";

import type { SimulatorModal } from "@/lib/simulator/types";

import { publish, type Simulator } from "./context";
import { ControlError } from "./control-error";
import { fieldError } from "./http";
import type { InteractionRecord, OpenModal } from "./interaction-store";
import { selectTypes } from "./select-values";

type Json = Record<string, unknown>;
type Path = (string | number)[];

const textInputMax = 4000;
/** What a label may hold besides a text input and select menus (checked when submitted). */
const labelInputTypes: readonly number[] = [
  ComponentType.RadioGroup,
  ComponentType.CheckboxGroup,
  ComponentType.Checkbox,
  ComponentType.FileUpload,
];

function text(value: unknown, path: Path, min: number, max: number, optional = false): void {
  if (value === undefined && optional) return;
  if (typeof value !== "string") throw fieldError(path, "BASE_TYPE_REQUIRED", "This field is required");
  if (value.length < min) throw fieldError(path, "BASE_TYPE_MIN_LENGTH", `Must be ${min} or more in length.`);
  if (value.length > max) throw fieldError(path, "BASE_TYPE_MAX_LENGTH", `Must be ${max} or fewer in length.`);
}

function integer(value: unknown, path: Path, min: number, max: number): void {
  if (value === undefined) return;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw fieldError(path, "NUMBER_TYPE_MAX", `Int value should be between ${min} and ${max}.`);
  }
}

function object(value: unknown, path: Path): Json {
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw fieldError(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
  return value as Json;
}

/** A text input: in an action row it carries its own label (Discord's older form), in a label it does not. */
function checkTextInput(input: Json, path: Path, inRow: boolean, ids: Set<string>): void {
  text(input.custom_id, [...path, "custom_id"], 1, 100);
  if (ids.has(input.custom_id as string))
    throw fieldError(
      [...path, "custom_id"],
      "COMPONENT_CUSTOM_ID_DUPLICATED",
      "Component custom id cannot be duplicated",
    );
  ids.add(input.custom_id as string);
  if (input.style !== TextInputStyle.Short && input.style !== TextInputStyle.Paragraph)
    throw fieldError([...path, "style"], "BASE_TYPE_CHOICES", "Value must be one of {1, 2}.");
  text(input.label, [...path, "label"], 1, 45, !inRow);
  integer(input.min_length, [...path, "min_length"], 0, textInputMax);
  integer(input.max_length, [...path, "max_length"], 1, textInputMax);
  text(input.value, [...path, "value"], 0, textInputMax, true);
  text(input.placeholder, [...path, "placeholder"], 0, 100, true);
}

/** The modal of a type-9 callback, as Discord checks it (50035 with the field's path otherwise). */
export function parseModal(raw: unknown): APIModalInteractionResponseCallbackData {
  const modal = object(raw, ["data"]);
  text(modal.custom_id, ["data", "custom_id"], 1, 100);
  text(modal.title, ["data", "title"], 1, 45);
  const rows = modal.components;
  if (!Array.isArray(rows) || rows.length < 1 || rows.length > 5)
    throw fieldError(["data", "components"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.");
  const ids = new Set<string>();
  rows.forEach((value, index) => {
    const path: Path = ["data", "components", index];
    const row = object(value, path);
    if (row.type === ComponentType.ActionRow) {
      const children = row.components;
      if (!Array.isArray(children) || children.length !== 1)
        throw fieldError([...path, "components"], "BASE_TYPE_BAD_LENGTH", "Must be 1 in length.");
      const input = object(children[0], [...path, "components", 0]);
      if (input.type !== ComponentType.TextInput)
        throw fieldError([...path, "components", 0, "type"], "UNION_TYPE_CHOICES", 'Value of field "type" must be 4.');
      checkTextInput(input, [...path, "components", 0], true, ids);
    } else if (row.type === ComponentType.Label) {
      text(row.label, [...path, "label"], 1, 45);
      text(row.description, [...path, "description"], 0, 100, true);
      const inner = object(row.component, [...path, "component"]);
      if (inner.type === ComponentType.TextInput) checkTextInput(inner, [...path, "component"], false, ids);
      else if (selectTypes.includes(inner.type as number) || labelInputTypes.includes(inner.type as number)) {
        text(inner.custom_id, [...path, "component", "custom_id"], 1, 100);
        if (ids.has(inner.custom_id as string))
          throw fieldError(
            [...path, "component", "custom_id"],
            "COMPONENT_CUSTOM_ID_DUPLICATED",
            "Component custom id cannot be duplicated",
          );
        ids.add(inner.custom_id as string);
      } else {
        throw fieldError(
          [...path, "component", "type"],
          "UNION_TYPE_CHOICES",
          "This component cannot be used in a modal.",
        );
      }
    } else if (row.type === ComponentType.TextDisplay) {
      text(row.content, [...path, "content"], 1, textInputMax);
    } else {
      throw fieldError([...path, "type"], "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1, 10, 18).');
    }
  });
  return modal as unknown as APIModalInteractionResponseCallbackData;
}

export function modalView(modal: OpenModal): SimulatorModal {
  const { opener, data } = modal;
  return {
    id: opener.id,
    botId: opener.botId,
    userId: opener.user.id,
    channelId: opener.channelId,
    ...(opener.guildId ? { guildId: opener.guildId } : {}),
    ...(opener.sourceMessageId ? { messageId: opener.sourceMessageId } : {}),
    custom_id: data.custom_id,
    title: data.title,
    components: data.components,
    openedAt: new Date(modal.openedAt).toISOString(),
  };
}

/** Opens the modal for the interaction's member and tells the control stream. */
export function openModal(sim: Simulator, opener: InteractionRecord, data: APIModalInteractionResponseCallbackData) {
  const modal = sim.interactions.openModal(opener, data);
  publish(sim, opener.worldUserId, {
    type: "modal_open",
    guildId: opener.guildId,
    channelId: opener.channelId,
    botId: opener.botId,
    data: modalView(modal),
  });
}

export function findOpenModal(sim: Simulator, worldUserId: string, modalId: string): OpenModal {
  const modal = sim.interactions.findModal(worldUserId, modalId);
  if (!modal) throw new ControlError(404, "No such modal is open (submitted, closed, replaced or expired).", 10062);
  return modal;
}

export function closeModal(sim: Simulator, modal: OpenModal, submitted: boolean): void {
  sim.interactions.closeModal(modal);
  const { opener } = modal;
  publish(sim, opener.worldUserId, {
    type: "modal_close",
    guildId: opener.guildId,
    channelId: opener.channelId,
    botId: opener.botId,
    data: { id: opener.id, userId: opener.user.id, submitted },
  });
}

/** The member closes the modal without submitting it: as on Discord, the bot hears nothing. */
export function dismissModal(sim: Simulator, worldUserId: string, modalId: string): void {
  closeModal(sim, findOpenModal(sim, worldUserId, modalId), false);
}
