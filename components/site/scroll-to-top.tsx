"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";

/** The spec asks for the view to start at the top on every path change, hash links aside. */
export function ScrollToTop() {
  const pathname = usePathname();
  useEffect(() => {
    if (!window.location.hash) window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname]);
  return null;
}
