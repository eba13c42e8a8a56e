"use client";

import { useForm, type Resolver } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { subscribeAction } from "@/lib/newsletter/actions";
import type { NewsletterInput } from "@/lib/newsletter/schemas";

// The footer sits on every public page, so validation (zod) and toasts (sonner) load when the
// form is first used rather than with the page; focusing the field starts the download.
const loadResolver = () => import("./newsletter-resolver").then((module) => module.newsletterResolver);
const loadToast = () => import("sonner").then((module) => module.toast);

const resolver: Resolver<NewsletterInput> = async (values, context, options) =>
  (await loadResolver())(values, context, options);

const preload = () => void Promise.all([loadResolver(), loadToast()]);

export function NewsletterForm() {
  const form = useForm<NewsletterInput>({ resolver, defaultValues: { email: "" } });

  const onValid = async (values: NewsletterInput) => {
    const toast = await loadToast();
    try {
      const result = await subscribeAction(values);
      if (!result.ok && result.code === "rate_limited") {
        toast.error("Subscription failed", { description: result.error });
        return;
      }
      if (!result.ok) throw new Error(result.error);
      form.reset({ email: "" });
      toast.success("Successfully subscribed!", {
        description: "You've been added to our newsletter. Check your email for confirmation.",
      });
    } catch (error) {
      console.error("Newsletter subscription failed", error);
      toast.error("Subscription failed", {
        description: "There was an error subscribing to the newsletter. Please try again.",
      });
    }
  };

  const onInvalid = async () => {
    const toast = await loadToast();
    toast.error("Invalid email", { description: "Please enter a valid email address" });
  };

  const { isSubmitting } = form.formState;

  return (
    <form
      onSubmit={form.handleSubmit(onValid, onInvalid)}
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
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        aria-invalid={form.formState.errors.email ? true : undefined}
        className="h-10"
        {...form.register("email")}
      />
      <Button type="submit" disabled={isSubmitting} className="h-10 sm:w-36">
        {isSubmitting ? "Subscribing..." : "Subscribe"}
      </Button>
    </form>
  );
}
