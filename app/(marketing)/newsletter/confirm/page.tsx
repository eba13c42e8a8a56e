import type { Metadata } from "next";

import { confirmationLinkState } from "@/lib/newsletter/service";
import type { SearchParams } from "@/lib/request/search-params";
import { pageMetadata } from "@/lib/site/metadata";

import { ConfirmSubscription, type ConfirmState } from "./_components/confirm-subscription";

export const metadata: Metadata = {
  ...pageMetadata({
    title: "Confirm your newsletter subscription",
    description: "Confirm your subscription to the Cipher newsletter.",
    path: "/newsletter/confirm",
  }),
  robots: { index: false, follow: false },
};

/** Only reads the link's state; confirming waits for the button (see ConfirmSubscription). */
export default async function ConfirmNewsletterPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  const value = typeof token === "string" ? token : "";
  const linkState = await confirmationLinkState(value);
  const initialState: ConfirmState = linkState === "valid" ? "pending" : linkState;
  return <ConfirmSubscription token={value} initialState={initialState} />;
}
