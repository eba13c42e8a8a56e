import { ArrowRight, Rss } from "lucide-react";
import Link from "next/link";

import { PageHeader } from "@/components/site/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { getBlogPosts } from "@/lib/content/collections";
import { blogCategories } from "@/lib/content/schemas";
import { formatDate } from "@/lib/site/format";
import { pageMetadata } from "@/lib/site/metadata";

import { BlogBrowser } from "./_components/blog-browser";

export const metadata = pageMetadata({
  title: "Blog",
  description:
    "Guides, ideas and engineering notes on building, securing and scaling Discord bots, from the Cipher team.",
  path: "/blog",
});

export default function BlogPage() {
  const posts = getBlogPosts();
  const featured = posts.find((post) => post.frontmatter.featured) ?? posts[0]!;
  const summaries = posts.map((post) => ({
    slug: post.slug,
    title: post.frontmatter.title,
    excerpt: post.frontmatter.excerpt,
    category: post.frontmatter.category,
    date: post.frontmatter.date,
    dateLabel: formatDate(post.frontmatter.date),
    readingMinutes: post.readingMinutes,
  }));

  return (
    <>
      <PageHeader
        eyebrow="Blog"
        title="The Cipher Blog"
        description="Guides, ideas and engineering notes on building, securing and scaling Discord bots."
      >
        <Button asChild variant="outline" size="sm">
          <a href="/blog/rss.xml">
            <Rss /> RSS feed
          </a>
        </Button>
      </PageHeader>
      <div className="mx-auto max-w-7xl space-y-16 px-4 py-14 sm:px-6">
        <section aria-labelledby="featured-post">
          <h2 id="featured-post" className="sr-only">
            Featured post
          </h2>
          <Link
            href={`/blog/${featured.slug}`}
            className="group relative block overflow-hidden rounded-2xl border border-border bg-card/60 p-8 transition hover:border-primary/40 sm:p-10"
          >
            <div className="absolute -top-24 -right-24 size-72 glow" aria-hidden="true" />
            <div className="relative flex flex-wrap gap-2">
              <Badge>Featured</Badge>
              <Badge variant="outline" className="text-muted-foreground">
                {featured.frontmatter.category}
              </Badge>
            </div>
            <h3 className="relative mt-5 max-w-3xl text-2xl font-semibold tracking-tight text-balance group-hover:text-primary sm:text-3xl">
              {featured.frontmatter.title}
            </h3>
            <p className="relative mt-3 max-w-2xl text-muted-foreground">{featured.frontmatter.excerpt}</p>
            <p className="relative mt-6 flex items-center gap-2 text-sm text-muted-foreground">
              {featured.frontmatter.author} ·{" "}
              <time dateTime={featured.frontmatter.date}>{formatDate(featured.frontmatter.date)}</time> ·{" "}
              {featured.readingMinutes} min read
              <ArrowRight className="ml-1 size-4 transition group-hover:translate-x-1" />
            </p>
          </Link>
        </section>
        <BlogBrowser posts={summaries} categories={blogCategories} />
      </div>
    </>
  );
}
