import type { Metadata } from "next";

import { unsubscribeLinkState } from "@/lib/newsletter/service";
import type { SearchParams } from "@/lib/request/search-params";
import { pageMetadata } from "@/lib/site/metadata";

import { UnsubscribeForm } from "./_components/unsubscribe-form";

export const metadata: Metadata = {
  ...pageMetadata({
    title: "Unsubscribe from the newsletter",
    description: "Stop receiving the Cipher newsletter.",
    path: "/newsletter/unsubscribe",
  }),
  robots: { index: false, follow: false },
};

/** Only reads the link's state; unsubscribing waits for the button (see UnsubscribeForm). */
export default async function UnsubscribeNewsletterPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  const value = typeof token === "string" ? token : "";
  return <UnsubscribeForm token={value} initialState={await unsubscribeLinkState(value)} />;
}
