"use client";

import { Bot, House, MessagesSquare, Minus, X } from "lucide-react";
import { useEffect, useId, useRef, type KeyboardEvent } from "react";

import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { QUICK_QUESTION_SEND_DELAY_MS } from "@/lib/support/quick-questions";
import type { SupportChatView } from "@/lib/support/types";

import { ChatConversation } from "./chat-conversation";
import { ChatHome } from "./chat-home";
import { panelPosition } from "./panel-position";
import { useSupportChat } from "./use-support-chat";

/** Each time the widget is opened it sends a new request; `question` is asked on arrival. */
export interface OpenRequest {
  id: number;
  question?: string;
}

export interface ChatPanelProps {
  visible: boolean;
  view: SupportChatView;
  onViewChange: (view: SupportChatView) => void;
  request: OpenRequest | null;
  onMinimise: () => void;
  onClose: () => void;
}

/** The support chat panel; loaded on first open so the page's first-load JS stays small. */
export function ChatPanel({ visible, view, onViewChange, request, onMinimise, onClose }: ChatPanelProps) {
  const chat = useSupportChat();
  const { send, sendSoon, pending, lastReply } = chat;
  const panelRef = useRef<HTMLElement>(null);
  const titleId = useId();

  // Opening or restoring moves focus into the panel so keyboard users land in it.
  useEffect(() => {
    if (visible) panelRef.current?.focus();
  }, [visible]);

  // openSupportChat({ question }) opens on Chat and asks the question shortly after.
  useEffect(() => {
    const question = request?.question;
    if (!question) return;
    const timer = setTimeout(() => send(question), QUICK_QUESTION_SEND_DELAY_MS);
    return () => clearTimeout(timer);
  }, [request, send]);

  const ask = (question: string) => {
    onViewChange("chat");
    sendSoon(question);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    onMinimise();
  };

  return (
    <section
      ref={panelRef}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      hidden={!visible}
      onKeyDown={onKeyDown}
      className={panelPosition}
    >
      <header className="flex items-center gap-3 border-b border-border bg-gradient-to-r from-primary/15 via-card to-card px-4 py-3">
        <span
          aria-hidden="true"
          className="grid size-9 shrink-0 place-items-center rounded-full bg-primary-fill text-primary-foreground shadow-[0_0_16px_var(--glow)]"
        >
          <Bot className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-sm font-semibold">
            Cipher Support
          </h2>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <span aria-hidden="true" className="size-2 rounded-full bg-success" />
            Online · replies in seconds
          </p>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8 text-muted-foreground hover:text-foreground"
          aria-label="Minimise support chat"
          onClick={onMinimise}
        >
          <Minus aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8 text-muted-foreground hover:text-foreground"
          aria-label="Close support chat"
          onClick={onClose}
        >
          <X aria-hidden="true" />
        </Button>
      </header>

      <Tabs
        value={view}
        onValueChange={(value) => onViewChange(value === "chat" ? "chat" : "home")}
        className="min-h-0 flex-1 gap-0"
      >
        <TabsList aria-label="Support chat views" className="mx-4 mt-3 grid w-auto shrink-0 grid-cols-2">
          <TabsTrigger value="home">
            <House aria-hidden="true" />
            Home
          </TabsTrigger>
          <TabsTrigger value="chat">
            <MessagesSquare aria-hidden="true" />
            Chat
          </TabsTrigger>
        </TabsList>
        <TabsContent value="home" className="min-h-0 overflow-y-auto overscroll-contain p-4">
          <ChatHome onAsk={ask} onStartChat={() => onViewChange("chat")} />
        </TabsContent>
        <TabsContent value="chat" className="flex min-h-0 flex-col">
          <ChatConversation chat={chat} />
        </TabsContent>
      </Tabs>

      <p role="status" className="sr-only">
        {pending ? "Cipher Support is typing…" : lastReply}
      </p>
    </section>
  );
}
