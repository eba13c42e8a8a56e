"use client";

import type { APIEmbed, APIMessage } from "discord-api-types/v10";
import { Fragment, useEffect, useRef } from "react";

import { cn } from "@/lib/utils";

import { MessageComponents, type Choices } from "./message-components";
import type { TestMessage } from "./use-world";

const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });

type Names = { users: Map<string, string>; channels: Map<string, string>; roles: Map<string, string> };

/** Discord's mention syntax shown as names: <@id>, <#id>, <@&id>. */
function renderMentions(content: string, names: Names, keyPrefix: string) {
  const parts = content.split(/(<@!?\d+>|<#\d+>|<@&\d+>)/g);
  return parts.map((part, index) => {
    const user = /^<@!?(\d+)>$/.exec(part);
    const channel = /^<#(\d+)>$/.exec(part);
    const role = /^<@&(\d+)>$/.exec(part);
    const label = user
      ? `@${names.users.get(user[1]!) ?? "unknown"}`
      : channel
        ? `#${names.channels.get(channel[1]!) ?? "unknown"}`
        : role
          ? `@${names.roles.get(role[1]!) ?? "unknown role"}`
          : null;
    return label ? (
      <span key={`${keyPrefix}-${index}`} className="rounded bg-primary/15 px-0.5 text-primary">
        {label}
      </span>
    ) : (
      <Fragment key={`${keyPrefix}-${index}`}>{part}</Fragment>
    );
  });
}

/**
 * The bits of Discord's markdown bots use most: ```code blocks```, `inline code`, **bold**,
 * *italic* and <t:unix:style> timestamps; everything else shows as written.
 */
function renderContent(content: string, names: Names) {
  const parts = content.split(/(```[\s\S]*?```|`[^`\n]+`|\*\*[^*\n]+\*\*|\*[^*\n]+\*|<t:-?\d+(?::[tTdDfFR])?>)/g);
  return parts.map((part, index) => {
    if (part.startsWith("```") && part.endsWith("```") && part.length >= 6) {
      const body = part.slice(3, -3).replace(/^[\w-]*\n/, "");
      return (
        <pre key={index} className="my-1 overflow-x-auto rounded bg-muted p-2 font-mono text-xs">
          {body}
        </pre>
      );
    }
    if (part.startsWith("`") && part.endsWith("`") && part.length >= 2) {
      return (
        <code key={index} className="rounded bg-muted px-1 font-mono text-[0.85em]">
          {part.slice(1, -1)}
        </code>
      );
    }
    if (part.startsWith("**") && part.endsWith("**") && part.length >= 4) {
      return <strong key={index}>{renderMentions(part.slice(2, -2), names, String(index))}</strong>;
    }
    if (part.startsWith("*") && part.endsWith("*") && part.length >= 2) {
      return <em key={index}>{renderMentions(part.slice(1, -1), names, String(index))}</em>;
    }
    const stamp = /^<t:(-?\d+)(?::[tTdDfFR])?>$/.exec(part);
    if (stamp) {
      const date = new Date(Number(stamp[1]) * 1000);
      return (
        <time key={index} dateTime={date.toISOString()} className="rounded bg-muted px-1">
          {stampFormat.format(date)}
        </time>
      );
    }
    return <Fragment key={index}>{renderMentions(part, names, String(index))}</Fragment>;
  });
}

const stampFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

function Embed({ embed, names }: { embed: APIEmbed; names: Names }) {
  const color = embed.color === undefined ? undefined : `#${embed.color.toString(16).padStart(6, "0")}`;
  return (
    <div
      className="grid max-w-lg gap-1 rounded-md border border-l-4 border-border bg-muted/40 p-3 text-sm"
      style={color ? { borderLeftColor: color } : undefined}
    >
      {embed.author?.name && <p className="text-xs font-medium">{embed.author.name}</p>}
      {embed.title && <p className="font-semibold">{embed.title}</p>}
      {embed.description && (
        <p className="break-words whitespace-pre-wrap">{renderContent(embed.description, names)}</p>
      )}
      {embed.fields && embed.fields.length > 0 && (
        <dl className="grid gap-2 sm:grid-cols-2">
          {embed.fields.map((field, index) => (
            <div key={index} className={field.inline ? "" : "sm:col-span-2"}>
              <dt className="text-xs font-semibold">{field.name}</dt>
              <dd className="break-words whitespace-pre-wrap">{renderContent(field.value, names)}</dd>
            </div>
          ))}
        </dl>
      )}
      {embed.footer?.text && <p className="text-xs text-muted-foreground">{embed.footer.text}</p>}
    </div>
  );
}

function commandName(message: APIMessage): string | null {
  const metadata = message.interaction_metadata as { name?: string } | undefined;
  return metadata?.name ?? message.interaction?.name ?? null;
}

export function MessageList({
  messages,
  names,
  botUserIds,
  typingNames,
  emptyText,
  choices,
  componentsDisabled,
  onPress,
}: {
  messages: TestMessage[];
  names: Names;
  botUserIds: Set<string>;
  typingNames: string[];
  emptyText: string;
  choices: Choices;
  componentsDisabled: boolean;
  /** A click on a button (no values) or a choice in a select menu of a bot's message. */
  onPress: (message: TestMessage, customId: string, values?: string[]) => void;
}) {
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // The newest message in view inside the chat's own scroll box only: scrollIntoView would
    // scroll the page too (opening the tab would jump past the header).
    const scrolls = (element: HTMLElement) =>
      /(auto|scroll)/.test(getComputedStyle(element).overflowY) && element.scrollHeight > element.clientHeight;
    let box = end.current?.parentElement ?? null;
    while (box && box !== document.body && !scrolls(box)) box = box.parentElement;
    if (box && box !== document.body) box.scrollTop = box.scrollHeight;
  }, [messages.length, typingNames.length]);

  return (
    <ol
      role="log"
      aria-live="polite"
      aria-label="Messages"
      className="grid min-h-64 content-start gap-3 overflow-y-auto p-3 sm:p-4"
    >
      {messages.length === 0 && <li className="py-10 text-center text-sm text-muted-foreground">{emptyText}</li>}
      {messages.map((message) => {
        const isBot = message.author.bot || botUserIds.has(message.author.id);
        const command = commandName(message);
        return (
          <li
            key={message.id}
            className={cn("grid gap-1", message.ephemeral && "rounded-md bg-primary/5 p-2")}
            data-author={message.author.username}
          >
            {command && <p className="text-xs text-muted-foreground">used /{command}</p>}
            <p className="flex flex-wrap items-baseline gap-2">
              <span className="font-medium">{message.author.global_name ?? message.author.username}</span>
              {isBot && (
                <span className="rounded bg-indigo-500 px-1 text-[10px] font-semibold text-white uppercase">Bot</span>
              )}
              <time className="text-xs text-muted-foreground" dateTime={message.timestamp}>
                {time.format(new Date(message.timestamp))}
              </time>
              {message.edited_timestamp && <span className="text-xs text-muted-foreground">(edited)</span>}
            </p>
            {message.content && (
              <p className="break-words whitespace-pre-wrap">{renderContent(message.content, names)}</p>
            )}
            {message.embeds?.map((embed, index) => (
              <Embed key={index} embed={embed} names={names} />
            ))}
            {isBot && message.components && message.components.length > 0 && (
              <MessageComponents
                components={message.components}
                choices={choices}
                disabled={componentsDisabled}
                onPress={(customId, values) => onPress(message, customId, values)}
              />
            )}
            {message.reactions && message.reactions.length > 0 && (
              <ul className="flex flex-wrap gap-1" aria-label="Reactions">
                {message.reactions.map((reaction, index) => (
                  <li key={index} className="rounded-full border border-border px-2 text-sm">
                    {reaction.emoji.name} {reaction.count}
                  </li>
                ))}
              </ul>
            )}
            {message.ephemeral && <p className="text-xs text-muted-foreground">Only you can see this</p>}
          </li>
        );
      })}
      {typingNames.length > 0 && (
        <li className="text-sm text-muted-foreground italic">{typingNames.join(", ")} is typing…</li>
      )}
      <li ref={end} aria-hidden="true" />
    </ol>
  );
}
