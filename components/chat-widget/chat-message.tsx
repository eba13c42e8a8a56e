import { Bot } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";

import type { ChatMessage } from "@/lib/support/types";
import { cn } from "@/lib/utils";

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

// A site path such as /pricing or /tutorials/music-bot that starts a word ("$5/month" does not).
const SITE_PATH = /(?<=^|[\s(])\/[a-z0-9-]+(?:\/[a-z0-9-]+)*/g;

/** Plain text with site paths turned into links; never parsed as HTML. */
function withLinks(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(SITE_PATH)) {
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <Link
        key={start}
        href={match[0]}
        className="font-medium whitespace-nowrap text-foreground underline decoration-primary decoration-2 underline-offset-2 hover:decoration-foreground focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {match[0]}
      </Link>,
    );
    last = start + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function AssistantAvatar() {
  return (
    <span
      aria-hidden="true"
      className="grid size-7 shrink-0 place-items-center rounded-full bg-primary/15 text-primary ring-1 ring-primary/25"
    >
      <Bot className="size-4" />
    </span>
  );
}

export function ChatMessageItem({ message }: { message: ChatMessage }) {
  const fromUser = message.role === "user";
  return (
    <li data-role={message.role} className={cn("flex items-start gap-2", fromUser && "justify-end")}>
      {!fromUser && <AssistantAvatar />}
      <div className={cn("flex max-w-[85%] min-w-0 flex-col gap-1", fromUser ? "items-end" : "items-start")}>
        <div
          className={cn(
            "rounded-2xl px-3 py-2 text-sm leading-relaxed break-words whitespace-pre-line",
            fromUser
              ? "rounded-br-sm bg-primary-fill text-primary-foreground"
              : "rounded-bl-sm border border-border bg-muted text-foreground",
          )}
        >
          <span className="sr-only">{fromUser ? "You: " : "Cipher Support: "}</span>
          {fromUser ? message.content : withLinks(message.content)}
        </div>
        <time dateTime={message.timestamp.toISOString()} className="px-1 text-[11px] text-muted-foreground">
          {timeFormat.format(message.timestamp)}
        </time>
      </div>
    </li>
  );
}

export function TypingIndicator() {
  return (
    <li className="flex items-start gap-2">
      <AssistantAvatar />
      <div className="rounded-2xl rounded-bl-sm border border-border bg-muted px-3 py-3">
        <span className="sr-only">Cipher Support is typing…</span>
        <span aria-hidden="true" className="flex items-center gap-1">
          {[0, 150, 300].map((delay) => (
            <span
              key={delay}
              className="size-1.5 rounded-full bg-muted-foreground motion-safe:animate-bounce"
              style={{ animationDelay: `${delay}ms` }}
            />
          ))}
        </span>
      </div>
    </li>
  );
}
