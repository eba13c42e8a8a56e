/** Where the panel (and its loading placeholder) sits: full width minus margins on phones. */
export const panelPosition =
  "fixed inset-x-3 bottom-3 z-50 flex h-[min(38rem,70dvh)] flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-2xl shadow-black/50 outline-none sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96 motion-safe:animate-in motion-safe:fade-in-0 motion-safe:slide-in-from-bottom-4 motion-safe:duration-200";
