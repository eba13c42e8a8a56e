import type { Metadata } from "next";

export const siteName = "Cipher";

/**
 * Per-page metadata: title, description, canonical URL, Open Graph and Twitter tags.
 * `path` is the page's own path ("/pricing"); absolute URLs come from SITE_URL (metadataBase).
 */
export function pageMetadata(options: {
  title: string;
  description: string;
  path: string;
  type?: "website" | "article";
  publishedTime?: string;
  authors?: string[];
  /** Use the title as is, without the " · Cipher" suffix (the home page). */
  absoluteTitle?: boolean;
}): Metadata {
  const { title, description, path, type = "website" } = options;
  return {
    title: options.absoluteTitle ? { absolute: title } : title,
    description,
    alternates: { canonical: path },
    openGraph: {
      type,
      siteName,
      title,
      description,
      url: path,
      ...(type === "article" ? { publishedTime: options.publishedTime, authors: options.authors } : {}),
    },
    twitter: { card: "summary_large_image", title, description },
  };
}
