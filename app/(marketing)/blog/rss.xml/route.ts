import { Feed } from "feed";

import { getBlogPosts } from "@/lib/content/collections";
import { env } from "@/lib/env";

export const dynamic = "force-static";

/** RSS 2.0 feed of the blog, generated at build time. */
export function GET() {
  const site = env.SITE_URL.replace(/\/$/, "");
  const posts = getBlogPosts();
  const feed = new Feed({
    title: "The Cipher Blog",
    description: "Guides, ideas and engineering notes on building, securing and scaling Discord bots.",
    id: `${site}/blog`,
    link: `${site}/blog`,
    language: "en",
    copyright: `© ${new Date().getFullYear()} Cipher`,
    updated: posts[0] ? new Date(`${posts[0].frontmatter.date}T00:00:00Z`) : undefined,
    feedLinks: { rss: `${site}/blog/rss.xml` },
  });
  for (const post of posts) {
    feed.addItem({
      title: post.frontmatter.title,
      id: `${site}/blog/${post.slug}`,
      link: `${site}/blog/${post.slug}`,
      description: post.frontmatter.excerpt,
      date: new Date(`${post.frontmatter.date}T00:00:00Z`),
      author: [{ name: post.frontmatter.author }],
      category: [{ name: post.frontmatter.category }],
    });
  }
  return new Response(feed.rss2(), { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
