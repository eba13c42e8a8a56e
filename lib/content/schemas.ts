/**
 * Frontmatter of the MDX files in content/blog and content/tutorials. A file that does not
 * match fails the build with its file name and the field (see lib/content/collections.ts).
 */
import { z } from "zod";

export const blogCategories = [
  "AI & Technology",
  "Community Building",
  "Security",
  "Business",
  "Development",
  "Performance",
] as const;
export type BlogCategory = (typeof blogCategories)[number];

export const tutorialDifficulties = ["Beginner", "Intermediate", "Advanced"] as const;
export type TutorialDifficulty = (typeof tutorialDifficulties)[number];

/** A calendar date written as YYYY-MM-DD. */
const isoDate = z.iso.date("must be a date written YYYY-MM-DD");

const author = z.string().trim().min(2).max(80);

export const blogFrontmatterSchema = z.strictObject({
  title: z.string().trim().min(5).max(120),
  excerpt: z.string().trim().min(20).max(300),
  category: z.enum(blogCategories),
  author,
  authorRole: z.string().trim().max(80).optional(),
  date: isoDate,
  /** The one post shown large at the top of /blog. */
  featured: z.boolean().default(false),
  tags: z.array(z.string().trim().min(1).max(30)).max(8).default([]),
});
export type BlogFrontmatter = z.infer<typeof blogFrontmatterSchema>;

export const tutorialFrontmatterSchema = z.strictObject({
  title: z.string().trim().min(5).max(120),
  description: z.string().trim().min(20).max(300),
  difficulty: z.enum(tutorialDifficulties),
  author,
  date: isoDate,
  /** Position in the tutorial track; previous/next links follow it. */
  order: z.number().int().min(1),
  topics: z.array(z.string().trim().min(1).max(30)).max(8).default([]),
});
export type TutorialFrontmatter = z.infer<typeof tutorialFrontmatterSchema>;

/** File names become URLs: lower-case words joined by hyphens. */
export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "file name must be a lower-case-hyphenated slug");
