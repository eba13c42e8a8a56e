/**
 * Which of the site's own pages (content/tutorials, content/blog) answer a support question:
 * simple keyword scoring (title words count most, then the summary and topics, then the body),
 * so the model answers from what Cipher wrote and can link to it.
 */
import { getBlogPosts, getTutorials } from "@/lib/content/collections";

export interface DocPassage {
  title: string;
  /** Site path: "/tutorials/getting-started". */
  url: string;
  /** The part of the page that matched best, for the model to answer from. */
  excerpt: string;
  score: number;
}

interface Doc {
  title: string;
  url: string;
  summary: string;
  body: string;
}

const stopWords = new Set(
  "the and for with you your how what can does about this that are was from have into when which why who will would should could there their them then than not but all any our out use using get got its it's i'm my me bot bots cipher".split(
    " ",
  ),
);

export function keywordsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z0-9][a-z0-9.+#-]*[a-z0-9+#]|[a-z0-9]/g) ?? [];
  return [...new Set(words.filter((word) => word.length >= 3 && !stopWords.has(word)))];
}

let cached: Doc[] | null = null;

function siteDocs(): Doc[] {
  cached ??= [
    ...getTutorials().map((t) => ({
      title: t.frontmatter.title,
      url: `/tutorials/${t.slug}`,
      summary: [t.frontmatter.description, ...t.frontmatter.topics].join(" "),
      body: t.body,
    })),
    ...getBlogPosts().map((p) => ({
      title: p.frontmatter.title,
      url: `/blog/${p.slug}`,
      summary: [p.frontmatter.excerpt, ...p.frontmatter.tags].join(" "),
      body: p.body,
    })),
  ];
  return cached;
}

function count(text: string, word: string): number {
  let n = 0;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length)) n++;
  return n;
}

const maxExcerpt = 1_500;

/** The paragraphs around the best-matching one, up to about 1,500 characters. */
function excerptOf(body: string, words: string[]): string {
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  let best = 0;
  let bestScore = -1;
  paragraphs.forEach((paragraph, index) => {
    const lower = paragraph.toLowerCase();
    const score = words.reduce((sum, word) => sum + Math.min(count(lower, word), 3), 0);
    if (score > bestScore) [best, bestScore] = [index, score];
  });
  let excerpt = paragraphs[best] ?? "";
  for (let next = best + 1; next < paragraphs.length && excerpt.length < maxExcerpt; next++)
    excerpt += "\n\n" + paragraphs[next];
  return excerpt.length > maxExcerpt ? excerpt.slice(0, maxExcerpt) + "…" : excerpt;
}

/** The best pages for the question, best first; none when no keyword appears anywhere. */
export function findDocPassages(question: string, limit = 3, docs: Doc[] = siteDocs()): DocPassage[] {
  const words = keywordsOf(question);
  if (!words.length) return [];
  return docs
    .map((doc) => {
      const title = doc.title.toLowerCase();
      const summary = doc.summary.toLowerCase();
      const body = doc.body.toLowerCase();
      const score = words.reduce(
        (sum, word) => sum + 6 * count(title, word) + 3 * count(summary, word) + Math.min(count(body, word), 5),
        0,
      );
      return { doc, score };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.doc.url.localeCompare(b.doc.url))
    .slice(0, limit)
    .map(({ doc, score }) => ({ title: doc.title, url: doc.url, excerpt: excerptOf(doc.body, words), score }));
}
