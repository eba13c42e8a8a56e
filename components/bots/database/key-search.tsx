"use client";

import { Loader2, Search } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

const debounceMs = 300;

/** Filters the keys by prefix as you type; the prefix lives in the URL (?prefix=), so it can be shared. */
export function KeySearch({ prefix }: { prefix: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const [value, setValue] = useState(prefix);
  const [pending, startTransition] = useTransition();
  const applied = useRef(prefix);

  useEffect(() => {
    if (value === applied.current) return;
    const timer = setTimeout(() => {
      applied.current = value;
      // A new search starts again at page 1.
      const query = value ? `?${new URLSearchParams({ prefix: value })}` : "";
      startTransition(() => router.replace(`${pathname}${query}`, { scroll: false }));
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [value, pathname, router]);

  return (
    <div className="grid min-w-0 flex-1 gap-1.5 sm:max-w-sm">
      <Label htmlFor="kv-search" className="sr-only">
        Search keys by prefix
      </Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id="kv-search"
          type="search"
          placeholder="Search by prefix, e.g. economy:"
          autoComplete="off"
          spellCheck={false}
          maxLength={256}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          className="pr-8 pl-8 font-mono"
        />
        {pending && (
          <Loader2
            aria-label="Searching"
            className="absolute top-1/2 right-2.5 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
          />
        )}
      </div>
    </div>
  );
}
