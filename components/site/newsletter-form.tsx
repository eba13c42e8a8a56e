"use client";

import { useRef, useState, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { subscribeAction } from "@/lib/newsletter/actions";

// The footer sits on every public page. A one-field form does not need react-hook-form (12 KB
// gzip in every page's first load); validation uses the same zod schema as the server action,
// and it and the toasts (sonner) load when the form is first used: focusing the field starts
// the download.
const loadSchema = () => import("@/lib/newsletter/schemas").then((module) => module.newsletterSchema);
const loadToast = () => import("sonner").then((module) => module.toast);

const preload = () => void Promise.all([loadSchema(), loadToast()]);

type Schema = Awaited<ReturnType<typeof loadSchema>>;

export function NewsletterForm() {
  const [invalid, setInvalid] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const schema = useRef<Schema | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const field = form.elements.namedItem("email") as HTMLInputElement;
    const [newsletterSchema, toast] = await Promise.all([loadSchema(), loadToast()]);
    schema.current = newsletterSchema;
    const parsed = newsletterSchema.safeParse({ email: field.value });
    if (!parsed.success) {
      setInvalid(true);
      field.focus();
      toast.error("Invalid email", { description: "Please enter a valid email address" });
      return;
    }
    setInvalid(false);
    setSubmitting(true);
    try {
      const result = await subscribeAction(parsed.data);
      if (!result.ok && result.code === "rate_limited") {
        toast.error("Subscription failed", { description: result.error });
        return;
      }
      if (!result.ok) throw new Error(result.error);
      form.reset();
      toast.success("Successfully subscribed!", {
        description: "You've been added to our newsletter. Check your email for confirmation.",
      });
    } catch (error) {
      console.error("Newsletter subscription failed", error);
      toast.error("Subscription failed", {
        description: "There was an error subscribing to the newsletter. Please try again.",
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      onFocus={preload}
      onPointerEnter={preload}
      noValidate
      className="flex w-full max-w-md flex-col gap-2 sm:flex-row"
    >
      <label htmlFor="newsletter-email" className="sr-only">
        Email address
      </label>
      <Input
        id="newsletter-email"
        name="email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        aria-invalid={invalid || undefined}
        // After a failed submit, the field is checked again as it changes.
        onChange={(event) => {
          if (invalid && schema.current) setInvalid(!schema.current.safeParse({ email: event.target.value }).success);
        }}
        className="h-10"
      />
      <Button type="submit" disabled={submitting} className="h-10 sm:w-36">
        {submitting ? "Subscribing..." : "Subscribe"}
      </Button>
    </form>
  );
}
