"use client";

import { Loader2, Search } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState, useTransition } from "react";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import type { ArchiveTypeFilter } from "@/lib/archive/service";

const debounceMs = 300;

export const typeFilterOptions: { value: ArchiveTypeFilter; label: string }[] = [
  { value: "all", label: "All types" },
  { value: "bot", label: "Bots" },
  { value: "config", label: "Configs" },
  { value: "backup", label: "Backups" },
];

/** Search box and type filter; both live in the URL (?q=&type=), so a filtered view can be shared. */
export function ArchiveFilters({ search, type }: { search: string; type: ArchiveTypeFilter }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [value, setValue] = useState(search);
  const [pending, startTransition] = useTransition();
  // The search last sent to the URL, and the last one the URL showed.
  const [applied, setApplied] = useState(search);
  const [seen, setSeen] = useState(search);
  if (search !== seen) {
    setSeen(search);
    // The URL changed from elsewhere (Clear filters, the back button): show its search.
    if (search !== applied) {
      setApplied(search);
      setValue(search);
    }
  }

  const navigate = (next: { q?: string; type?: string }) => {
    const query = new URLSearchParams(params.toString());
    for (const [key, val] of Object.entries(next)) {
      if (!val || (key === "type" && val === "all")) query.delete(key);
      else query.set(key, val);
    }
    const text = query.toString();
    startTransition(() => router.replace(text ? `${pathname}?${text}` : pathname, { scroll: false }));
  };

  useEffect(() => {
    const next = value.trim();
    if (next === applied) return;
    const timer = setTimeout(() => {
      setApplied(next);
      navigate({ q: next });
    }, debounceMs);
    return () => clearTimeout(timer);
    // navigate is recreated each render; the timer only needs the latest value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, applied]);

  return (
    <div role="search" className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative min-w-0 flex-1">
        <Label htmlFor="archive-search" className="sr-only">
          Search archived items
        </Label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id="archive-search"
          type="search"
          placeholder="Search archived items"
          autoComplete="off"
          maxLength={100}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          className="pr-8 pl-8"
        />
        {pending && (
          <Loader2
            aria-label="Searching"
            className="absolute top-1/2 right-2.5 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
          />
        )}
      </div>
      <div className="sm:w-44">
        <Label htmlFor="archive-type" className="sr-only">
          Filter by type
        </Label>
        <NativeSelect id="archive-type" value={type} onChange={(event) => navigate({ type: event.target.value })}>
          {typeFilterOptions.map((option) => (
            <NativeSelectOption key={option.value} value={option.value}>
              {option.label}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
