"use client";

import { CircleCheck, Link2Off, MailX } from "lucide-react";
import Link from "next/link";
import { useState, useTransition } from "react";
import { toast } from "sonner";

import { FormSubmitButton } from "@/components/site/form-field";
import { Button } from "@/components/ui/button";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { unsubscribeAction } from "@/lib/newsletter/actions";

import { NewsletterNotice } from "../../_components/newsletter-notice";

export type UnsubscribeState = "subscribed" | "unsubscribed" | "invalid";

/** Unsubscribes only on the button press, so link scanners opening the page change nothing. */
export function UnsubscribeForm({ token, initialState }: { token: string; initialState: UnsubscribeState }) {
  const [state, setState] = useState(initialState);
  const [pending, startTransition] = useTransition();

  function unsubscribe(event: React.FormEvent) {
    event.preventDefault();
    startTransition(async () => {
      try {
        const result = await unsubscribeAction({ token });
        if (result.ok) {
          setState(result.data.status);
          return;
        }
        toast.error("Unsubscribe failed", { description: result.error });
      } catch (error) {
        console.error("Unsubscribing from the newsletter failed", error);
        toast.error("Unsubscribe failed", { description: unexpectedErrorMessage });
      }
    });
  }

  const home = (
    <Button asChild variant="outline" size="lg">
      <Link href="/">Back to Cipher</Link>
    </Button>
  );

  switch (state) {
    case "subscribed":
      return (
        <NewsletterNotice
          icon={MailX}
          tone="primary"
          title="Unsubscribe from the Cipher newsletter"
          actions={
            <form onSubmit={unsubscribe}>
              <FormSubmitButton pending={pending} pendingLabel="Unsubscribing..." className="w-full sm:w-auto">
                Unsubscribe
              </FormSubmitButton>
            </form>
          }
        >
          <p>You will stop receiving the newsletter at this address. You can subscribe again at any time.</p>
        </NewsletterNotice>
      );
    case "unsubscribed":
      return (
        <NewsletterNotice icon={CircleCheck} tone="success" title="You have been unsubscribed" actions={home}>
          <p>
            We won&apos;t send the newsletter to this address again. Changed your mind? Subscribe with the form at the
            bottom of this page.
          </p>
        </NewsletterNotice>
      );
    case "invalid":
      return (
        <NewsletterNotice icon={Link2Off} tone="muted" title="This link is not valid" actions={home}>
          <p>
            We could not find a subscription for this unsubscribe link. Check that you opened the whole link from the
            email, or contact support and we will remove your address.
          </p>
        </NewsletterNotice>
      );
  }
}
