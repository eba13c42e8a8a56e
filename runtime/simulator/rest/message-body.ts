/** Validates a message body (channel messages, interaction replies, follow-ups) like Discord. */
import type { APIAttachment, APIEmbed, APIMessage } from "discord-api-types/v10";

import { errors, fieldError, type ParsedBody } from "../http";
import { simulatorLimits } from "../limits";
import { snowflake } from "../snowflake";
import { objectAt } from "./common";

const isSnowflakeText = (value: unknown) =>
  (typeof value === "string" && /^\d{1,20}$/.test(value)) || (typeof value === "number" && Number.isSafeInteger(value));

export interface MessageFields {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIMessage["components"];
  attachments?: APIAttachment[];
  tts?: boolean;
  flags?: number;
  nonce?: string | number;
  messageReference?: { message_id?: string; channel_id?: string; guild_id?: string; fail_if_not_exists?: boolean };
}

export function parseMessageFields(
  body: Record<string, unknown>,
  files: ParsedBody["files"],
  baseUrl: string,
  partial = false,
): MessageFields {
  const fields: MessageFields = {};
  if (body.content !== undefined && body.content !== null) {
    if (typeof body.content !== "string") throw fieldError(["content"], "BASE_TYPE_STRING", "Must be a string.");
    if (body.content.length > 2000)
      throw fieldError(["content"], "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length.");
    fields.content = body.content;
  } else if (body.content === null && partial) {
    fields.content = "";
  }
  if (body.embeds !== undefined && body.embeds !== null) {
    if (!Array.isArray(body.embeds)) throw fieldError(["embeds"], "BASE_TYPE_LIST", "Must be an array.");
    if (body.embeds.length > 10) throw fieldError(["embeds"], "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.");
    if (
      jsonBytes(body.embeds) > simulatorLimits.embedsJsonBytes ||
      embedsText(body.embeds) > simulatorLimits.embedChars
    ) {
      throw fieldError(
        ["embeds"],
        "MAX_EMBED_SIZE_EXCEEDED",
        `Embed size exceeds maximum size of ${simulatorLimits.embedChars}`,
      );
    }
    fields.embeds = body.embeds.map((raw, index) => {
      const embed = objectAt(raw, ["embeds", index]) as APIEmbed;
      return { ...embed, type: embed.type ?? ("rich" as APIEmbed["type"]) };
    });
  }
  if (Array.isArray(body.components)) {
    if (body.components.length > 40 || jsonBytes(body.components) > simulatorLimits.componentsJsonBytes) {
      throw fieldError(["components"], "BASE_TYPE_MAX_LENGTH", "Components are too large.");
    }
    body.components.forEach((component, index) => objectAt(component, ["components", index]));
    fields.components = body.components as APIMessage["components"];
  }
  if (typeof body.tts === "boolean") fields.tts = body.tts;
  if (typeof body.flags === "number") fields.flags = body.flags;
  if (typeof body.nonce === "string" && body.nonce.length > 25)
    throw fieldError(["nonce"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.");
  if (typeof body.nonce === "string" || typeof body.nonce === "number") fields.nonce = body.nonce;
  if (body.message_reference !== undefined && body.message_reference !== null) {
    const reference = objectAt(body.message_reference, ["message_reference"]);
    for (const key of ["message_id", "channel_id", "guild_id"] as const) {
      const value = reference[key];
      if (value !== undefined && value !== null && !isSnowflakeText(value))
        throw fieldError(["message_reference", key], "NUMBER_TYPE_COERCE", `Value is not snowflake.`);
    }
    fields.messageReference = reference as MessageFields["messageReference"];
  }
  if (files.length > 0) {
    const described = Array.isArray(body.attachments)
      ? body.attachments.map((item, index) => {
          const meta = objectAt(item, ["attachments", index]);
          for (const key of ["filename", "description"] as const) {
            if (meta[key] !== undefined && typeof meta[key] !== "string")
              throw fieldError(["attachments", index, key], "BASE_TYPE_STRING", "Must be a string.");
          }
          return meta as { id?: unknown; filename?: string; description?: string };
        })
      : [];
    fields.attachments = files.map((file, index) => {
      const id = snowflake();
      const meta = described.find((item) => String(item.id) === String(index)) ?? described[index];
      const filename = meta?.filename ?? file.filename;
      return {
        id,
        filename,
        size: file.size,
        url: `${baseUrl}/attachments/${id}/${encodeURIComponent(filename)}`,
        proxy_url: `${baseUrl}/attachments/${id}/${encodeURIComponent(filename)}`,
        content_type: file.contentType || undefined,
        ...(meta?.description ? { description: meta.description } : {}),
      };
    });
  }
  if (
    !partial &&
    !fields.content &&
    !fields.embeds?.length &&
    !fields.components?.length &&
    !fields.attachments?.length &&
    !body.poll &&
    !body.sticker_ids
  ) {
    throw errors.emptyMessage();
  }
  return fields;
}

function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? "");
}

/** The characters Discord counts towards an embed's 6,000: titles, descriptions, fields, footers, authors. */
function embedsText(embeds: unknown[]): number {
  const length = (value: unknown) => (typeof value === "string" ? value.length : 0);
  let total = 0;
  for (const item of embeds) {
    if (!item || typeof item !== "object") continue;
    const embed = item as Record<string, unknown> & { fields?: unknown; footer?: unknown; author?: unknown };
    total += length(embed.title) + length(embed.description);
    total += length((embed.footer as { text?: unknown } | undefined)?.text);
    total += length((embed.author as { name?: unknown } | undefined)?.name);
    if (Array.isArray(embed.fields)) {
      for (const field of embed.fields as { name?: unknown; value?: unknown }[]) {
        total += length(field?.name) + length(field?.value);
      }
    }
  }
  return total;
}
