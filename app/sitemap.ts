import type { MetadataRoute } from "next";

import { getBlogPosts, getTutorials } from "@/lib/content/collections";
import { env } from "@/lib/env";
import { publicPages } from "@/lib/site/routes";

export default function sitemap(): MetadataRoute.Sitemap {
  const url = (path: string) => new URL(path, env.SITE_URL).toString();
  return [
    ...publicPages.map((page) => ({
      url: url(page.path),
      changeFrequency: page.changeFrequency,
      priority: page.priority,
    })),
    ...getBlogPosts().map((post) => ({
      url: url(`/blog/${post.slug}`),
      lastModified: post.frontmatter.date,
      changeFrequency: "yearly" as const,
      priority: 0.6,
    })),
    ...getTutorials().map((tutorial) => ({
      url: url(`/tutorials/${tutorial.slug}`),
      lastModified: tutorial.frontmatter.date,
      changeFrequency: "monthly" as const,
      priority: 0.6,
    })),
  ];
}
