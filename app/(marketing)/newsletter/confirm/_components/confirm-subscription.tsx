"use client";

import { CircleCheck, Clock, Link2Off, MailCheck } from "lucide-react";
import Link from "next/link";
import { useState, useTransition } from "react";
import { toast } from "sonner";

import { FormSubmitButton } from "@/components/site/form-field";
import { Button } from "@/components/ui/button";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { confirmSubscriptionAction } from "@/lib/newsletter/actions";

import { NewsletterNotice } from "../../_components/newsletter-notice";

export type ConfirmState = "pending" | "confirmed" | "expired" | "invalid";

const subscribeAgain = "Subscribe again with the newsletter form at the bottom of this page to get a new link.";

/**
 * Confirms only when the visitor presses the button: mail scanners open links from emails, so
 * loading this page must not subscribe anyone.
 */
export function ConfirmSubscription({ token, initialState }: { token: string; initialState: ConfirmState }) {
  const [state, setState] = useState(initialState);
  const [pending, startTransition] = useTransition();

  function confirm(event: React.FormEvent) {
    event.preventDefault();
    startTransition(async () => {
      try {
        const result = await confirmSubscriptionAction({ token });
        if (result.ok) {
          setState(result.data.status);
          return;
        }
        toast.error("Confirmation failed", { description: result.error });
      } catch (error) {
        console.error("Confirming the newsletter subscription failed", error);
        toast.error("Confirmation failed", { description: unexpectedErrorMessage });
      }
    });
  }

  const home = (
    <Button asChild variant="outline" size="lg">
      <Link href="/">Back to Cipher</Link>
    </Button>
  );

  switch (state) {
    case "pending":
      return (
        <NewsletterNotice
          icon={MailCheck}
          tone="primary"
          title="Confirm your subscription"
          actions={
            <form onSubmit={confirm}>
              <FormSubmitButton pending={pending} pendingLabel="Confirming..." className="w-full sm:w-auto">
                Confirm subscription
              </FormSubmitButton>
            </form>
          }
        >
          <p>Press the button to start receiving the Cipher newsletter: product updates, new tutorials and tips.</p>
        </NewsletterNotice>
      );
    case "confirmed":
      return (
        <NewsletterNotice icon={CircleCheck} tone="success" title="You're subscribed" actions={home}>
          <p>Thanks for confirming. The next Cipher newsletter will reach your inbox.</p>
        </NewsletterNotice>
      );
    case "expired":
      return (
        <NewsletterNotice icon={Clock} tone="warning" title="This link has expired" actions={home}>
          <p>Confirmation links are valid for 7 days. {subscribeAgain}</p>
        </NewsletterNotice>
      );
    case "invalid":
      return (
        <NewsletterNotice icon={Link2Off} tone="muted" title="This link is not valid" actions={home}>
          <p>
            It may have been used already or replaced by a newer one. If you confirmed before, you are subscribed.{" "}
            {subscribeAgain}
          </p>
        </NewsletterNotice>
      );
  }
}
