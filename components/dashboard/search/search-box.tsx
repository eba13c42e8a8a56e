"use client";

import { Search } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";

import { CommandPalette, searchPlaceholder } from "./command-palette";

/**
 * The top bar's search box: it looks like a field and opens the command palette, on click or
 * with ⌘K / Ctrl+K from anywhere in the dashboard.
 */
const noSubscription = () => () => {};
const onApplePlatform = () => /Mac|iPhone|iPad/.test(navigator.platform);

export function SearchBox() {
  const [open, setOpen] = useState(false);
  // The server cannot know the platform; it renders "Ctrl K" and Apple devices switch to "⌘K".
  const apple = useSyncExternalStore(noSubscription, onApplePlatform, () => false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "k" || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey)
        return;
      event.preventDefault();
      setOpen((value) => !value);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => setOpen(true)}
        className="relative flex h-9 w-full max-w-md min-w-0 flex-1 items-center gap-2 rounded-md border border-input bg-input/30 px-3 text-left text-sm text-muted-foreground shadow-xs transition-colors hover:border-ring/60 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        <Search aria-hidden="true" className="size-4 shrink-0" />
        <span className="min-w-0 flex-1 truncate">{searchPlaceholder}</span>
        <kbd
          aria-hidden="true"
          className="hidden shrink-0 rounded border border-border px-1.5 py-0.5 font-mono text-[10px] sm:inline"
        >
          {apple ? "⌘K" : "Ctrl K"}
        </kbd>
      </button>
      <CommandPalette open={open} onOpenChange={setOpen} />
    </>
  );
}
