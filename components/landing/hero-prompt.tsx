"use client";

import { ArrowRight, Sparkles } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { maxCarriedPrompt } from "@/lib/auth/schemas";
import { heroPromptExamples, heroPromptPlaceholder } from "@/lib/site/landing";

/** Longest prompt carried to sign-up in the URL; the builder accepts longer ones later. */
export const MAX_CARRIED_PROMPT = maxCarriedPrompt;

export function signupHref(prompt: string): string {
  const trimmed = prompt.trim().slice(0, MAX_CARRIED_PROMPT);
  return trimmed ? `/signup?${new URLSearchParams({ prompt: trimmed })}` : "/signup";
}

/**
 * The hero's prompt box. Start building goes to /signup carrying the prompt as ?prompt= so
 * the builder can pick it up after sign-up. Works as a plain GET form without JavaScript.
 */
export function HeroPrompt() {
  const router = useRouter();
  const [prompt, setPrompt] = useState("");

  return (
    <form
      action="/signup"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        router.push(signupHref(prompt));
      }}
      className="group relative mx-auto w-full max-w-2xl rounded-2xl border border-border bg-card/80 p-2 text-left shadow-[0_0_60px_-12px_var(--glow)] backdrop-blur transition focus-within:border-primary/60"
    >
      <label htmlFor="hero-prompt" className="sr-only">
        Describe your bot
      </label>
      <textarea
        id="hero-prompt"
        name="prompt"
        rows={3}
        maxLength={MAX_CARRIED_PROMPT}
        value={prompt}
        onChange={(event) => setPrompt(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) event.currentTarget.form?.requestSubmit();
        }}
        placeholder={`Describe your bot… e.g. “${heroPromptPlaceholder}”`}
        className="w-full resize-none bg-transparent px-3 py-2 text-base outline-none placeholder:text-muted-foreground/80"
      />
      <div className="flex flex-col gap-2 px-1 pb-1 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-1.5 px-2 text-xs text-muted-foreground">
          <Sparkles className="size-3.5 text-primary" /> JavaScript or Python · you own the code
        </p>
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          Start building <ArrowRight />
        </Button>
      </div>
      <ul className="flex flex-wrap gap-2 px-2 pt-3 pb-1" aria-label="Example prompts">
        {heroPromptExamples.map((example) => (
          <li key={example} className="max-w-full min-w-0">
            <button
              type="button"
              onClick={() => setPrompt(example)}
              className="block max-w-full truncate rounded-full border border-border bg-secondary/60 px-3 py-1 text-xs text-muted-foreground transition hover:border-primary/50 hover:text-foreground sm:max-w-[18rem]"
              title={example}
            >
              {example}
            </button>
          </li>
        ))}
      </ul>
    </form>
  );
}
