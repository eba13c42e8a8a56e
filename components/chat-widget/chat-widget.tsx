"use client";

import { ChevronUp, Loader2, MessageCircle, X } from "lucide-react";
import dynamic from "next/dynamic";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";

import { Button } from "@/components/ui/button";
import { OPEN_SUPPORT_CHAT_EVENT } from "@/lib/support/chat-events";
import type { SupportChatView } from "@/lib/support/types";

import type { OpenRequest } from "./chat-panel";
import { panelPosition } from "./panel-position";

const loadPanel = () => import("./chat-panel").then((module) => module.ChatPanel);

// The panel, the tabs and the assistant load on first open (or when the button is hovered or
// focused), so the button is all that every public page ships up front.
const ChatPanel = dynamic(loadPanel, { ssr: false, loading: PanelLoading });

function PanelLoading() {
  return (
    <div role="status" className={`${panelPosition} items-center justify-center gap-2 text-sm text-muted-foreground`}>
      <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
      Loading support chat…
    </div>
  );
}

const subscribeToNothing = () => () => {};

/** False on the server and while hydrating, true once the page is interactive. */
function useHydrated() {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

type WidgetState = "closed" | "open" | "minimised";

const floatingButton =
  "fixed right-4 bottom-4 z-50 shadow-lg shadow-black/40 sm:right-6 sm:bottom-6 motion-safe:animate-in motion-safe:fade-in-0 motion-safe:zoom-in-95";

/** The support chat: a floating button on every public page that opens the chat panel. */
export function ChatWidget() {
  // The button appears once it works (and once openSupportChat() is listened for), rather
  // than sitting dead on the page until hydration.
  const hydrated = useHydrated();
  const [state, setState] = useState<WidgetState>("closed");
  const [view, setView] = useState<SupportChatView>("home");
  const [request, setRequest] = useState<OpenRequest | null>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const restoreRef = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<"launcher" | "restore" | null>(null);

  // Every open starts on Home, or on Chat when it comes with a question to ask.
  const open = useCallback((question?: string) => {
    const asked = question?.trim() || undefined;
    setView(asked ? "chat" : "home");
    setRequest((previous) => ({ id: (previous?.id ?? 0) + 1, question: asked }));
    setState("open");
  }, []);

  const minimise = () => {
    focusNext.current = "restore";
    setState("minimised");
  };

  const close = () => {
    focusNext.current = "launcher";
    setState("closed");
  };

  useEffect(() => {
    const onOpenRequest = (event: Event) => {
      const detail: unknown = event instanceof CustomEvent ? event.detail : undefined;
      const question =
        detail && typeof detail === "object" && "question" in detail && typeof detail.question === "string"
          ? detail.question
          : undefined;
      open(question);
    };
    window.addEventListener(OPEN_SUPPORT_CHAT_EVENT, onOpenRequest);
    return () => window.removeEventListener(OPEN_SUPPORT_CHAT_EVENT, onOpenRequest);
  }, [open]);

  // After minimising or closing, focus goes to the control that brings the panel back.
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === "launcher") launcherRef.current?.focus();
    if (target === "restore") restoreRef.current?.focus();
  }, [state]);

  const preload = () => void loadPanel();

  return (
    <>
      {request && (
        <ChatPanel
          visible={state === "open"}
          view={view}
          onViewChange={setView}
          request={request}
          onMinimise={minimise}
          onClose={close}
        />
      )}

      {hydrated && state === "closed" && (
        <Button
          ref={launcherRef}
          type="button"
          aria-label="Open support chat"
          aria-haspopup="dialog"
          onClick={() => open()}
          onPointerEnter={preload}
          onFocus={preload}
          className={`${floatingButton} size-14 rounded-full shadow-[0_0_24px_var(--glow)] [&_svg:not([class*='size-'])]:size-6`}
        >
          <MessageCircle aria-hidden="true" />
        </Button>
      )}

      {state === "minimised" && (
        <div
          role="group"
          aria-label="Support chat, minimised"
          className={`${floatingButton} flex items-center gap-1 rounded-full border border-border bg-card p-1`}
        >
          <button
            ref={restoreRef}
            type="button"
            aria-label="Restore support chat"
            onClick={() => setState("open")}
            className="flex items-center gap-2 rounded-full py-1.5 pr-2 pl-3 text-sm font-medium transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <span aria-hidden="true" className="size-2 rounded-full bg-success" />
            Support chat
            <ChevronUp aria-hidden="true" className="size-4 text-muted-foreground" />
          </button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label="Close support chat"
            onClick={close}
            className="size-8 rounded-full text-muted-foreground hover:text-foreground"
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      )}
    </>
  );
}
