import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { ArticleLayout } from "@/components/content/article-layout";
import { JsonLd } from "@/components/content/json-ld";
import { MdxContent } from "@/components/mdx/mdx-content";
import { getBlogPost, getBlogPosts, neighbours } from "@/lib/content/collections";
import { env } from "@/lib/env";
import { pageMetadata, siteName } from "@/lib/site/metadata";

// Rendered per request: Next.js would otherwise keep the first render of an unknown slug (the
// "not found" page) and serve it with later requests' CSP nonces, so its scripts were refused and
// the page stayed blank. The articles are small; a kept copy per article is for later.
export const dynamic = "force-dynamic";

export function generateStaticParams() {
  return getBlogPosts().map((post) => ({ slug: post.slug }));
}

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const post = getBlogPost((await params).slug);
  if (!post) return { title: "Post Not Found", robots: { index: false } };
  return pageMetadata({
    title: post.frontmatter.title,
    description: post.frontmatter.excerpt,
    path: `/blog/${post.slug}`,
    type: "article",
    publishedTime: post.frontmatter.date,
    authors: [post.frontmatter.author],
  });
}

export default async function BlogPostPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const post = getBlogPost(slug);
  if (!post) notFound();
  // Newest first: the "next" article in reading order is the older one.
  const { previous: newer, next: older } = neighbours(getBlogPosts(), slug);
  const { title, excerpt, category, author, date } = post.frontmatter;

  return (
    <>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: title,
          description: excerpt,
          datePublished: date,
          author: { "@type": "Person", name: author },
          publisher: { "@type": "Organization", name: siteName },
          articleSection: category,
          mainEntityOfPage: new URL(`/blog/${slug}`, env.SITE_URL).toString(),
        }}
      />
      <ArticleLayout
        back={{ href: "/blog", label: "Back to Blog" }}
        badges={[category]}
        title={title}
        description={excerpt}
        author={author}
        date={date}
        readingMinutes={post.readingMinutes}
        previous={newer && { href: `/blog/${newer.slug}`, title: newer.frontmatter.title }}
        next={older && { href: `/blog/${older.slug}`, title: older.frontmatter.title }}
      >
        <MdxContent source={post.body} />
      </ArticleLayout>
    </>
  );
}
