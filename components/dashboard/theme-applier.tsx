"use client";

import "@/app/(dashboard)/theme.css";

import { useEffect } from "react";

import type { Theme } from "@/lib/preferences/schemas";

const lightQuery = "(prefers-color-scheme: light)";

/** Mounted appliers, newest last; the newest one decides. Leaving the dashboard restores dark. */
const mounted: { theme: Theme }[] = [];

function sync() {
  const root = document.documentElement;
  const current = mounted.at(-1);
  const light =
    current !== undefined &&
    (current.theme === "light" || (current.theme === "system" && window.matchMedia(lightQuery).matches));
  root.classList.toggle("light", light);
  root.classList.toggle("dark", !light);
}

/**
 * Applies the user's theme (Preferences) to the page: `light` or `dark` on <html>, following the
 * device's prefers-color-scheme for "system". Renders nothing; render it once in the dashboard
 * layout with the saved theme. The public pages stay dark, so unmounting puts `dark` back.
 */
export function ThemeApplier({ theme }: { theme: Theme }) {
  useEffect(() => {
    const entry = { theme };
    mounted.push(entry);
    sync();
    const media = window.matchMedia(lightQuery);
    media.addEventListener("change", sync);
    return () => {
      media.removeEventListener("change", sync);
      mounted.splice(mounted.indexOf(entry), 1);
      sync();
    };
  }, [theme]);
  return null;
}
