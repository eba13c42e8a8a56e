"use client";

import { useCallback, useEffect, useRef, useState } from "react";

import { replyToSupportQuestion, SUPPORT_CHAT_GREETING } from "@/lib/support/chat-assistant";
import { fetchSupportAnswer } from "@/lib/support/chat-client";
import { QUICK_QUESTION_SEND_DELAY_MS } from "@/lib/support/quick-questions";
import type { ChatMessage, ChatRole } from "@/lib/support/types";

let messageCount = 0;

function createMessage(role: ChatRole, content: string): ChatMessage {
  messageCount += 1;
  return { id: `support-${Date.now().toString(36)}-${messageCount}`, role, content, timestamp: new Date() };
}

export interface SupportChat {
  messages: ChatMessage[];
  /** True while the assistant is writing a reply. */
  pending: boolean;
  draft: string;
  setDraft: (draft: string) => void;
  /** The latest reply, for the screen-reader live region. */
  lastReply: string;
  /** Sends a message now; returns false when it was blank or a reply is still pending. */
  send: (text: string) => boolean;
  /** Sends a message after the quick-question delay (spec §4: about 100 ms). */
  sendSoon: (text: string) => void;
}

/** The conversation: lives as long as the panel, so history survives closing and reopening. */
export function useSupportChat(): SupportChat {
  const [messages, setMessages] = useState<ChatMessage[]>(() => [createMessage("assistant", SUPPORT_CHAT_GREETING)]);
  const [pending, setPending] = useState(false);
  const [draft, setDraft] = useState("");
  const [lastReply, setLastReply] = useState("");
  // Refs mirror state for sends scheduled by timers, which would otherwise see stale values.
  const messagesRef = useRef(messages);
  const pendingRef = useRef(false);
  const mountedRef = useRef(false);
  const timersRef = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    mountedRef.current = true;
    const timers = timersRef.current;
    return () => {
      mountedRef.current = false;
      timers.forEach(clearTimeout);
      timers.clear();
    };
  }, []);

  const append = useCallback((message: ChatMessage) => {
    messagesRef.current = [...messagesRef.current, message];
    setMessages(messagesRef.current);
  }, []);

  const send = useCallback(
    (text: string) => {
      const question = text.trim();
      if (!question) return false;
      if (pendingRef.current) {
        // A quick question chosen mid-reply is not lost: it waits in the input.
        setDraft(question);
        return false;
      }
      const history = messagesRef.current;
      append(createMessage("user", question));
      pendingRef.current = true;
      setPending(true);
      void replyToSupportQuestion(question, history, { answer: fetchSupportAnswer }).then((reply) => {
        if (!mountedRef.current) return;
        append(createMessage("assistant", reply));
        setLastReply(reply);
        pendingRef.current = false;
        setPending(false);
      });
      return true;
    },
    [append],
  );

  const sendSoon = useCallback(
    (text: string) => {
      const timer = setTimeout(() => {
        timersRef.current.delete(timer);
        send(text);
      }, QUICK_QUESTION_SEND_DELAY_MS);
      timersRef.current.add(timer);
    },
    [send],
  );

  return { messages, pending, draft, setDraft, lastReply, send, sendSoon };
}
