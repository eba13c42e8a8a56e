/**
 * Reads the MDX collections from content/ at build time. Pages call these from
 * generateStaticParams and generateMetadata, so an invalid file fails `next build`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import matter from "gray-matter";
import yaml from "js-yaml";
import readingTime from "reading-time";
import type { z } from "zod";

import {
  blogFrontmatterSchema,
  slugSchema,
  tutorialFrontmatterSchema,
  type BlogFrontmatter,
  type TutorialFrontmatter,
} from "./schemas";

export const contentRoot = join(process.cwd(), "content");

export interface Entry<F> {
  slug: string;
  frontmatter: F;
  /** The MDX body, without frontmatter. */
  body: string;
  readingMinutes: number;
}

export class ContentError extends Error {}

/** Parses one MDX file; `file` is its path for messages, its base name is the slug. */
export function parseEntry<S extends z.ZodType>(file: string, source: string, schema: S): Entry<z.infer<S>> {
  const slug = (file.split("/").pop() ?? file).replace(/\.mdx$/, "");
  const problems: string[] = [];
  const slugResult = slugSchema.safeParse(slug);
  if (!slugResult.success) problems.push(`  file name: ${slugResult.error.issues[0]?.message}`);
  // JSON_SCHEMA keeps `date: 2025-06-01` a string: the default YAML schema would turn it into a
  // Date and silently roll an impossible date like 2025-13-40 over into a real one.
  const { data, content } = matter(source, {
    engines: { yaml: (text) => yaml.load(text, { schema: yaml.JSON_SCHEMA }) as object },
  });
  const result = schema.safeParse(data);
  if (!result.success) {
    for (const issue of result.error.issues)
      problems.push(`  ${issue.path.join(".") || "(frontmatter)"}: ${issue.message}`);
  }
  if (!content.trim()) problems.push("  body: is empty");
  if (problems.length > 0 || !result.success) {
    throw new ContentError(`Invalid content file ${file}:\n${problems.join("\n")}`);
  }
  return {
    slug,
    frontmatter: result.data,
    body: content,
    readingMinutes: Math.max(1, Math.round(readingTime(content).minutes)),
  };
}

function readCollection<S extends z.ZodType>(folder: string, schema: S): Entry<z.infer<S>>[] {
  const dir = join(contentRoot, folder);
  return readdirSync(dir)
    .filter((file) => file.endsWith(".mdx"))
    .map((file) => parseEntry(`content/${folder}/${file}`, readFileSync(join(dir, file), "utf8"), schema));
}

const cache = new Map<string, unknown>();
function cached<T>(key: string, load: () => T): T {
  if (!cache.has(key)) cache.set(key, load());
  return cache.get(key) as T;
}

export type BlogPost = Entry<BlogFrontmatter>;
export type Tutorial = Entry<TutorialFrontmatter>;

/** Newest first. */
export function getBlogPosts(): BlogPost[] {
  return cached("blog", () =>
    readCollection("blog", blogFrontmatterSchema).sort((a, b) => b.frontmatter.date.localeCompare(a.frontmatter.date)),
  );
}

export function getBlogPost(slug: string): BlogPost | undefined {
  return getBlogPosts().find((post) => post.slug === slug);
}

/** In track order. */
export function getTutorials(): Tutorial[] {
  return cached("tutorials", () =>
    readCollection("tutorials", tutorialFrontmatterSchema).sort((a, b) => a.frontmatter.order - b.frontmatter.order),
  );
}

export function getTutorial(slug: string): Tutorial | undefined {
  return getTutorials().find((tutorial) => tutorial.slug === slug);
}

/** The entries before and after `slug` in `entries`, for previous/next links. */
export function neighbours<T extends { slug: string }>(entries: T[], slug: string): { previous?: T; next?: T } {
  const index = entries.findIndex((entry) => entry.slug === slug);
  if (index === -1) return {};
  return { previous: entries[index - 1], next: entries[index + 1] };
}
