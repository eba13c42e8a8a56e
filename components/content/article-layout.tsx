import { ArrowLeft, ArrowRight, CalendarDays, Clock, UserRound } from "lucide-react";
import Link from "next/link";

import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/lib/site/format";

interface Neighbour {
  href: string;
  title: string;
}

/** The frame of a blog post or tutorial: back link, title block, body, previous/next. */
export function ArticleLayout({
  back,
  badges,
  title,
  description,
  author,
  date,
  readingMinutes,
  previous,
  next,
  children,
}: {
  back: { href: string; label: string };
  badges: string[];
  title: string;
  description: string;
  author: string;
  date: string;
  readingMinutes: number;
  previous?: Neighbour;
  next?: Neighbour;
  children: React.ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <Link
        href={back.href}
        className="inline-flex items-center gap-1.5 rounded-md text-sm text-muted-foreground transition hover:text-foreground"
      >
        <ArrowLeft className="size-4" /> {back.label}
      </Link>
      <header className="mt-8 border-b border-border/60 pb-8">
        <div className="flex flex-wrap gap-2">
          {badges.map((badge) => (
            <Badge key={badge} variant="outline" className="border-primary/40 bg-primary/10 text-primary">
              {badge}
            </Badge>
          ))}
        </div>
        <h1 className="mt-4 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h1>
        <p className="mt-4 text-lg text-pretty text-muted-foreground">{description}</p>
        <dl className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Author</dt>
            <UserRound className="size-4" aria-hidden="true" />
            <dd>{author}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Published</dt>
            <CalendarDays className="size-4" aria-hidden="true" />
            <dd>
              <time dateTime={date}>{formatDate(date)}</time>
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Reading time</dt>
            <Clock className="size-4" aria-hidden="true" />
            <dd>{readingMinutes} min read</dd>
          </div>
        </dl>
      </header>
      <div className="mt-10">{children}</div>
      {(previous || next) && (
        <nav aria-label="More articles" className="mt-16 grid gap-4 border-t border-border/60 pt-8 sm:grid-cols-2">
          {previous ? (
            <Link
              href={previous.href}
              className="group rounded-xl border border-border bg-card/60 p-5 transition hover:border-primary/40"
            >
              <span className="flex items-center gap-1 text-xs text-muted-foreground">
                <ArrowLeft className="size-3.5" /> Previous
              </span>
              <span className="mt-2 block font-medium group-hover:text-primary">{previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {next && (
            <Link
              href={next.href}
              className="group rounded-xl border border-border bg-card/60 p-5 text-right transition hover:border-primary/40"
            >
              <span className="flex items-center justify-end gap-1 text-xs text-muted-foreground">
                Next <ArrowRight className="size-3.5" />
              </span>
              <span className="mt-2 block font-medium group-hover:text-primary">{next.title}</span>
            </Link>
          )}
        </nav>
      )}
    </article>
  );
}
