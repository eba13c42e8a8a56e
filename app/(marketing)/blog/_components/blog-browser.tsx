"use client";

import Link from "next/link";
import { useState } from "react";

import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

export interface PostSummary {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  date: string;
  dateLabel: string;
  readingMinutes: number;
}

/** Recent posts with the category sidebar; choosing a category filters the list in place. */
export function BlogBrowser({ posts, categories }: { posts: PostSummary[]; categories: readonly string[] }) {
  const [category, setCategory] = useState<string | null>(null);
  const shown = category ? posts.filter((post) => post.category === category) : posts;
  const count = (name: string) => posts.filter((post) => post.category === name).length;

  return (
    <div className="grid gap-10 lg:grid-cols-[16rem_1fr]">
      <aside aria-labelledby="blog-categories">
        <h2 id="blog-categories" className="text-sm font-medium">
          Categories
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col lg:gap-1">
          {[null, ...categories].map((name) => (
            <li key={name ?? "all"}>
              <button
                type="button"
                aria-pressed={category === name}
                onClick={() => setCategory(name)}
                className={cn(
                  "flex w-full items-center justify-between gap-3 rounded-md border border-border px-3 py-1.5 text-left text-sm text-muted-foreground transition hover:text-foreground lg:border-transparent",
                  category === name && "border-primary/40 bg-primary/10 text-foreground lg:border-primary/40",
                )}
              >
                <span>{name ?? "All posts"}</span>
                <span className="text-xs tabular-nums">{name ? count(name) : posts.length}</span>
              </button>
            </li>
          ))}
        </ul>
      </aside>
      <section aria-labelledby="recent-posts">
        <h2 id="recent-posts" className="text-xl font-semibold">
          {category ?? "Recent posts"}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {shown.map((post) => (
            <li key={post.slug}>
              <Link
                href={`/blog/${post.slug}`}
                className="group flex h-full flex-col rounded-xl border border-border bg-card/60 p-6 transition hover:border-primary/40 hover:bg-card"
              >
                <Badge variant="outline" className="text-muted-foreground">
                  {post.category}
                </Badge>
                <h3 className="mt-4 font-semibold text-balance group-hover:text-primary">{post.title}</h3>
                <p className="mt-2 flex-1 text-sm text-muted-foreground">{post.excerpt}</p>
                <p className="mt-4 text-xs text-muted-foreground">
                  <time dateTime={post.date}>{post.dateLabel}</time> · {post.readingMinutes} min read
                </p>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
