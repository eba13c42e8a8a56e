"use client";

import { SendHorizontal } from "lucide-react";
import { useEffect, useId, useRef, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

import { ChatMessageItem, TypingIndicator } from "./chat-message";
import type { SupportChat } from "./use-support-chat";

const MAX_MESSAGE_LENGTH = 1000;

function prefersReducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function ChatConversation({ chat }: { chat: SupportChat }) {
  const { messages, pending, draft, setDraft, send } = chat;
  const inputId = useId();
  const logRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const canSend = !pending && draft.trim().length > 0;

  // Keep the newest message in view.
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    log.scrollTo({ top: log.scrollHeight, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }, [messages.length, pending]);

  // Arriving here from a quick-question card leaves focus nowhere (the card is gone): hold it
  // on the conversation so keyboard and screen-reader users are where the reply appears.
  useEffect(() => {
    if (document.activeElement === document.body) logRef.current?.focus();
  }, []);

  // When the reply lands, hand focus back to the input if it was parked while waiting.
  const wasPending = useRef(pending);
  useEffect(() => {
    const replied = wasPending.current && !pending;
    wasPending.current = pending;
    if (!replied) return;
    const active = document.activeElement;
    if (active === logRef.current || active === document.body || active === inputRef.current) {
      inputRef.current?.focus();
    }
  }, [pending]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSend) return;
    if (send(draft)) {
      setDraft("");
      // The input is about to be disabled, which would drop focus to the page.
      logRef.current?.focus();
    }
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ol
        ref={logRef}
        tabIndex={0}
        aria-label="Messages"
        className="min-h-0 flex-1 space-y-4 overflow-y-auto overscroll-contain px-4 py-4 outline-none focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:ring-inset"
      >
        {messages.map((message) => (
          <ChatMessageItem key={message.id} message={message} />
        ))}
        {pending && <TypingIndicator />}
      </ol>
      <form onSubmit={onSubmit} className="flex items-center gap-2 border-t border-border p-3">
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <Input
          id={inputId}
          ref={inputRef}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          disabled={pending}
          placeholder={pending ? "Waiting for a reply…" : "Type your message…"}
          autoComplete="off"
          maxLength={MAX_MESSAGE_LENGTH}
          enterKeyHint="send"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend}>
          <SendHorizontal aria-hidden="true" />
        </Button>
      </form>
    </div>
  );
}
