import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { ArticleLayout } from "@/components/content/article-layout";
import { JsonLd } from "@/components/content/json-ld";
import { MdxContent } from "@/components/mdx/mdx-content";
import { getTutorial, getTutorials, neighbours } from "@/lib/content/collections";
import { env } from "@/lib/env";
import { pageMetadata, siteName } from "@/lib/site/metadata";

// Rendered per request: Next.js would otherwise keep the first render of an unknown slug (the
// "not found" page) and serve it with later requests' CSP nonces, so its scripts were refused and
// the page stayed blank. The articles are small; a kept copy per article is for later.
export const dynamic = "force-dynamic";

export function generateStaticParams() {
  return getTutorials().map((tutorial) => ({ slug: tutorial.slug }));
}

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const tutorial = getTutorial((await params).slug);
  if (!tutorial) return { title: "Tutorial Not Found", robots: { index: false } };
  return pageMetadata({
    title: tutorial.frontmatter.title,
    description: tutorial.frontmatter.description,
    path: `/tutorials/${tutorial.slug}`,
    type: "article",
    publishedTime: tutorial.frontmatter.date,
    authors: [tutorial.frontmatter.author],
  });
}

export default async function TutorialPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const tutorial = getTutorial(slug);
  if (!tutorial) notFound();
  const { previous, next } = neighbours(getTutorials(), slug);
  const { title, description, difficulty, author, date, order } = tutorial.frontmatter;

  return (
    <>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "TechArticle",
          headline: title,
          description,
          datePublished: date,
          proficiencyLevel: difficulty,
          author: { "@type": "Person", name: author },
          publisher: { "@type": "Organization", name: siteName },
          mainEntityOfPage: new URL(`/tutorials/${slug}`, env.SITE_URL).toString(),
        }}
      />
      <ArticleLayout
        back={{ href: "/tutorials", label: "Back to Tutorials" }}
        badges={[`Tutorial ${order}`, difficulty]}
        title={title}
        description={description}
        author={author}
        date={date}
        readingMinutes={tutorial.readingMinutes}
        previous={previous && { href: `/tutorials/${previous.slug}`, title: previous.frontmatter.title }}
        next={next && { href: `/tutorials/${next.slug}`, title: next.frontmatter.title }}
      >
        <MdxContent source={tutorial.body} />
      </ArticleLayout>
    </>
  );
}
