"use client";

import dynamic from "next/dynamic";
import { useEffect, useState, type ComponentProps } from "react";

import type { Toaster as SonnerToaster } from "@/components/ui/sonner";

const Toaster = dynamic(() => import("@/components/ui/sonner").then((module) => module.Toaster), { ssr: false });

const firstInteraction = ["pointerdown", "keydown", "focusin", "touchstart"] as const;
const mountNow = "cipher:mount-toaster";

/** For a toast raised without any interaction (e.g. on page load): mount the toaster now. */
export function mountToasterNow() {
  requested = true;
  window.dispatchEvent(new Event(mountNow));
}

// Effects of the page run before the toaster's own (it comes after the page in the layout).
let requested = false;

/**
 * The toaster (sonner) loads on the person's first interaction instead of with every page:
 * toasts answer something the person did. A toast raised before the toaster mounts is not
 * lost: sonner shows the toasts still active when a toaster subscribes. A page that raises a
 * toast on load calls `mountToasterNow()` first.
 */
export function DeferredToaster(props: ComponentProps<typeof SonnerToaster>) {
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const want = () => setWanted(true);
    if (requested) want();
    for (const type of firstInteraction)
      window.addEventListener(type, want, { capture: true, once: true, passive: true });
    window.addEventListener(mountNow, want, { once: true });
    return () => {
      for (const type of firstInteraction) window.removeEventListener(type, want, { capture: true });
      window.removeEventListener(mountNow, want);
    };
  }, []);

  return wanted ? <Toaster {...props} /> : null;
}
