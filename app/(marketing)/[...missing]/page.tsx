import { notFound } from "next/navigation";

import { logMissingPath } from "@/lib/site/not-found";

/** Catches every path no other route serves, so the missing path is logged before the 404 page. */
export default async function MissingPage({ params }: { params: Promise<{ missing: string[] }> }) {
  const { missing } = await params;
  logMissingPath(`/${missing.join("/")}`);
  notFound();
}
