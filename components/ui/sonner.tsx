"use client";

import { useSyncExternalStore } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

// The page's theme is a class on <html> (the dashboard's ThemeApplier sets `light` or `dark`).
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}
const pageTheme = () => (document.documentElement.classList.contains("light") ? "light" : "dark");

/** Toasts in the page's own theme: light in a light dashboard, dark everywhere else. */
function Toaster(props: ToasterProps) {
  const theme = useSyncExternalStore(subscribe, pageTheme, () => "dark" as const);
  return (
    <Sonner
      theme={theme}
      className="toaster group"
      richColors
      closeButton
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
