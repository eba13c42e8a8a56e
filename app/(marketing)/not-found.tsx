import type { Metadata } from "next";

import { NotFoundContent } from "@/components/site/not-found-content";

export const metadata: Metadata = { title: "Page not found", robots: { index: false } };

/** Unknown paths land here through app/(marketing)/[...missing], inside the public layout. */
export default function MarketingNotFound() {
  return <NotFoundContent />;
}
