import { ChevronLeft, ChevronRight } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";

function pageHref(basePath: string, prefix: string, page: number) {
  const query = new URLSearchParams();
  if (prefix) query.set("prefix", prefix);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `${basePath}?${text}` : basePath;
}

/** Previous / next page links that keep the search; hidden when everything fits on one page. */
export function KeysPagination({
  basePath,
  prefix,
  page,
  pageCount,
  total,
}: {
  basePath: string;
  prefix: string;
  page: number;
  pageCount: number;
  total: number;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages of keys" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground">
        Page {page} of {pageCount} · {total.toLocaleString("en-US")} keys
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Button asChild variant="outline" size="sm">
            <Link href={pageHref(basePath, prefix, page - 1)} scroll={false}>
              <ChevronLeft />
              Previous
            </Link>
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled>
            <ChevronLeft />
            Previous
          </Button>
        )}
        {page < pageCount ? (
          <Button asChild variant="outline" size="sm">
            <Link href={pageHref(basePath, prefix, page + 1)} scroll={false}>
              Next
              <ChevronRight />
            </Link>
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled>
            Next
            <ChevronRight />
          </Button>
        )}
      </div>
    </nav>
  );
}
