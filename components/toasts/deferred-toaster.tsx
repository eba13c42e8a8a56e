"use client";

import dynamic from "next/dynamic";
import { useEffect, useState, type ComponentProps } from "react";

import type { Toaster as SonnerToaster } from "@/components/ui/sonner";

const Toaster = dynamic(() => import("@/components/ui/sonner").then((module) => module.Toaster), { ssr: false });

const firstInteraction = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

/**
 * The toaster (sonner) loads on the person's first interaction instead of with every page:
 * toasts answer something the person did. A toast raised before the toaster mounts is not
 * lost: sonner shows the toasts still active when a toaster subscribes. A page that raises a
 * toast on load, with no interaction, would show it only on the first interaction.
 */
export function DeferredToaster(props: ComponentProps<typeof SonnerToaster>) {
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const want = () => setWanted(true);
    for (const type of firstInteraction)
      window.addEventListener(type, want, { capture: true, once: true, passive: true });
    return () => {
      for (const type of firstInteraction) window.removeEventListener(type, want, { capture: true });
    };
  }, []);

  return wanted ? <Toaster {...props} /> : null;
}
