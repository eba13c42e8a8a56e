"use client";

import { ChevronDown, Eye, Search } from "lucide-react";
import { useId, useRef, useState } from "react";

import { Input } from "@/components/ui/input";
import { recordFaqViewAction } from "@/lib/support/actions";
import { searchFaq, type FaqEntry } from "@/lib/support/faq";
import { cn } from "@/lib/utils";

const views = (count: number) => `${count.toLocaleString("en-US")} view${count === 1 ? "" : "s"}`;

/** The FAQ: a search box and entries that open in place; opening one counts a view. */
export function FaqList({ entries, initialViews }: { entries: FaqEntry[]; initialViews: Record<string, number> }) {
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [counts, setCounts] = useState(initialViews);
  // A view is counted once per entry per visit, not on every toggle.
  const counted = useRef(new Set<string>());
  const baseId = useId();
  const shown = searchFaq(entries, query);

  const toggle = (slug: string) => {
    const opening = !open.has(slug);
    setOpen((previous) => {
      const next = new Set(previous);
      if (opening) next.add(slug);
      else next.delete(slug);
      return next;
    });
    if (opening && !counted.current.has(slug)) {
      counted.current.add(slug);
      setCounts((previous) => ({ ...previous, [slug]: (previous[slug] ?? 0) + 1 }));
      void recordFaqViewAction({ slug })
        .then((result) => {
          if (result.ok) setCounts((previous) => ({ ...previous, [slug]: result.data.views }));
        })
        .catch(() => {
          // A lost view count is not worth interrupting the reader for.
        });
    }
  };

  return (
    <section aria-labelledby="faq-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="faq-heading" className="text-lg font-semibold">
          Frequently Asked Questions
        </h2>
        <div className="relative w-full sm:w-72">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search FAQ"
            placeholder="Search FAQ..."
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {query ? `${shown.length} question${shown.length === 1 ? "" : "s"} found` : ""}
      </p>
      {shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
          No questions match “{query}”. Try other words, or ask in a ticket or the live chat.
        </p>
      ) : (
        <ul className="grid gap-2">
          {shown.map((entry) => {
            const expanded = open.has(entry.slug);
            const panelId = `${baseId}-${entry.slug}`;
            return (
              <li key={entry.slug} className="rounded-xl border border-border bg-card/60">
                <h3>
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => toggle(entry.slug)}
                    className="flex w-full items-start gap-3 rounded-xl p-4 text-left outline-none hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <span className="grid flex-1 gap-1">
                      <span className="font-medium">{entry.question}</span>
                      <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                        <span>{entry.category}</span>
                        <span className="flex items-center gap-1">
                          <Eye aria-hidden="true" className="size-3" />
                          {views(counts[entry.slug] ?? 0)}
                        </span>
                      </span>
                    </span>
                    <ChevronDown
                      aria-hidden="true"
                      className={cn("mt-1 size-4 shrink-0 transition-transform", expanded && "rotate-180")}
                    />
                  </button>
                </h3>
                <div id={panelId} hidden={!expanded} className="px-4 pb-4 text-sm text-muted-foreground">
                  {entry.answer}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
