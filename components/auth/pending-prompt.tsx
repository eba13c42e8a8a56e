"use client";

import { Sparkles } from "lucide-react";
import { useEffect } from "react";

import { MAX_CARRIED_PROMPT } from "@/components/landing/hero-prompt";

import { pendingPromptStorageKey } from "./auth-messages";

/**
 * The bot idea typed into the landing hero (carried to /signup as ?prompt=). It is shown so the
 * visitor sees it was kept, and stored for the bot builder to pick up after sign-up.
 */
export function PendingPrompt({ prompt: carried }: { prompt: string }) {
  const prompt = carried.slice(0, MAX_CARRIED_PROMPT);
  useEffect(() => {
    try {
      window.sessionStorage.setItem(pendingPromptStorageKey, prompt);
    } catch {
      // Storage can be unavailable (private mode, quota); the idea is still shown.
    }
  }, [prompt]);

  return (
    <div className="mb-6 flex gap-3 rounded-xl border border-primary/30 bg-primary/10 p-4 text-sm">
      <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <p className="min-w-0 text-muted-foreground">
        Your bot idea is saved:{" "}
        <span className="line-clamp-4 [overflow-wrap:anywhere] text-foreground">“{prompt}”</span>
      </p>
    </div>
  );
}
