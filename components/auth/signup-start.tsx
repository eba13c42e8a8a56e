"use client";

import { LayoutTemplate, Sparkles } from "lucide-react";
import Link from "next/link";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { describePlaceholder } from "@/lib/ai-builder/build/schema";
import { maxCarriedPrompt } from "@/lib/auth/schemas";

import { SignupForm } from "./signup-form";

/**
 * Get Started's two ways in, above the account form (issue 34): describe the bot in words (kept
 * with the account, so Create New Bot opens with it after the email is confirmed) or pick a
 * template (/signup?template=…, made and started in its Test tab when the email is confirmed).
 * Both are optional: an account alone works as before.
 */
export function SignupStart({
  outboxHref,
  templates,
}: {
  outboxHref: string | null;
  templates: readonly { id: string; name: string }[];
}) {
  const [idea, setIdea] = useState("");

  return (
    <SignupForm
      outboxHref={outboxHref}
      prompt={idea.trim() || undefined}
      intro={
        <section
          aria-labelledby="signup-start-heading"
          className="grid gap-4 rounded-xl border border-primary/30 bg-primary/5 p-4"
        >
          <div className="grid gap-1">
            <h2 id="signup-start-heading" className="text-sm font-semibold">
              Your first bot, two ways in
            </h2>
            <p className="text-xs text-muted-foreground">Optional: you can also just create the account.</p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="signup-idea" className="flex items-center gap-1.5">
              <Sparkles className="size-4 text-primary" aria-hidden="true" /> Describe it in words
            </Label>
            <Textarea
              id="signup-idea"
              rows={3}
              maxLength={maxCarriedPrompt}
              value={idea}
              onChange={(event) => setIdea(event.target.value)}
              placeholder={describePlaceholder}
              aria-describedby="signup-idea-hint"
              className="min-h-20"
            />
            <p id="signup-idea-hint" className="text-xs text-muted-foreground">
              After you confirm your email, Create New Bot opens with it: one click builds it.
            </p>
          </div>
          <div className="grid gap-2">
            <p id="signup-templates" className="flex items-center gap-1.5 text-sm font-medium">
              <LayoutTemplate className="size-4 text-primary" aria-hidden="true" /> Or start from a template
            </p>
            <ul aria-labelledby="signup-templates" className="flex flex-wrap gap-2">
              {templates.map((template) => (
                <li key={template.id}>
                  <Button asChild variant="outline" size="sm">
                    <Link href={`/signup?template=${encodeURIComponent(template.id)}`}>{template.name}</Link>
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        </section>
      }
    />
  );
}
