"use client";

import { Archive, Bot, CornerDownLeft, FileText, LifeBuoy, Loader2, Search } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useMemo, useState } from "react";

import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { maxSearchQueryLength, type SearchGroupId, type SearchResult } from "@/lib/search/types";
import { cn } from "@/lib/utils";

import { useDashboardSearch } from "./use-dashboard-search";

const groupIcons: Record<SearchGroupId, React.ComponentType<{ className?: string }>> = {
  bots: Bot,
  archive: Archive,
  tickets: LifeBuoy,
  pages: FileText,
};

export const searchPlaceholder = "Search bots, logs, settings...";

/**
 * The top bar's search, as a command palette: type, move with the arrow keys, Enter to open,
 * Escape to close. The input is a combobox whose active option follows the keyboard.
 */
export function CommandPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        showCloseButton={false}
        aria-describedby={undefined}
        className="top-4 translate-y-0 gap-0 overflow-hidden p-0 sm:top-[12vh] sm:max-w-xl"
      >
        {/* Mounted only while open, so every opening starts from an empty box. */}
        {open && <PaletteBody onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function PaletteBody({ onClose }: { onClose: () => void }) {
  const router = useRouter();
  const listId = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const search = useDashboardSearch(query);

  // The groups as shown, each result with its position in the flat list the arrow keys move through.
  const { groups, options } = useMemo(() => {
    let next = 0;
    const numbered = search.groups.map((group) => ({
      ...group,
      results: group.results.map((result) => ({ result, index: next++ })),
    }));
    return { groups: numbered, options: numbered.flatMap((group) => group.results) };
  }, [search.groups]);
  const activeIndex = options.length === 0 ? -1 : Math.min(active, options.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;

  function choose(result: SearchResult) {
    onClose();
    router.push(result.href);
  }

  function move(delta: number) {
    if (options.length === 0) return;
    const next = (activeIndex + delta + options.length) % options.length;
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView({ block: "nearest" });
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      move(1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      move(-1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const option = options[activeIndex];
      if (option) choose(option.result);
    }
  }

  const trimmed = query.trim();
  const noResults = search.status === "done" && options.length === 0;

  return (
    <>
      <DialogTitle className="sr-only">Search</DialogTitle>
      <DialogDescription className="sr-only">
        Search your bots, archive, support tickets and settings. Use the arrow keys to choose a result and Enter to open
        it.
      </DialogDescription>
      <div className="flex items-center gap-2 border-b border-border px-4">
        {search.status === "loading" ? (
          <Loader2 aria-hidden="true" className="size-4 shrink-0 animate-spin text-muted-foreground" />
        ) : (
          <Search aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        )}
        <input
          autoFocus
          role="combobox"
          aria-label="Search"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          type="text"
          enterKeyHint="go"
          autoComplete="off"
          spellCheck={false}
          maxLength={maxSearchQueryLength}
          placeholder={searchPlaceholder}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className="h-12 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
        />
        <kbd className="hidden rounded border border-border px-1.5 py-0.5 font-mono text-[10px] text-muted-foreground sm:inline">
          Esc
        </kbd>
      </div>

      <div
        id={listId}
        role="listbox"
        aria-label="Search results"
        className="max-h-[min(60dvh,26rem)] overflow-y-auto p-2"
      >
        {groups.map((group) => {
          const Icon = groupIcons[group.id];
          return (
            <div key={group.id} role="group" aria-label={group.label} className="pb-1">
              <div aria-hidden="true" className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">
                {group.label}
              </div>
              {group.results.map(({ result, index: current }) => {
                const selected = current === activeIndex;
                return (
                  <div
                    key={result.id}
                    id={optionId(current)}
                    role="option"
                    aria-selected={selected}
                    onMouseMove={() => !selected && setActive(current)}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(result)}
                    className={cn(
                      "flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm",
                      selected && "bg-accent text-accent-foreground",
                    )}
                  >
                    <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    <span className="grid min-w-0 flex-1">
                      <span className="truncate font-medium">{result.title}</span>
                      {result.subtitle && (
                        <span className="truncate text-xs text-muted-foreground">{result.subtitle}</span>
                      )}
                    </span>
                    {selected && (
                      <CornerDownLeft aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
                    )}
                  </div>
                );
              })}
            </div>
          );
        })}

        {noResults && (
          <p className="px-2 py-8 text-center text-sm text-muted-foreground">
            No results for “<span className="text-foreground">{trimmed}</span>”
          </p>
        )}
        {search.status === "loading" && options.length === 0 && (
          <p className="px-2 py-8 text-center text-sm text-muted-foreground">Searching...</p>
        )}
        {search.status === "error" && (
          <p role="alert" className="px-2 py-8 text-center text-sm text-destructive">
            {search.message}
          </p>
        )}
      </div>

      <p aria-live="polite" className="sr-only">
        {search.status === "done" && (options.length === 0 ? "No results" : `${options.length} results`)}
      </p>
      <div className="hidden items-center gap-4 border-t border-border px-4 py-2 text-xs text-muted-foreground sm:flex">
        <span>↑↓ to choose</span>
        <span>Enter to open</span>
        <span>Esc to close</span>
      </div>
    </>
  );
}
