import { ArrowRight, Clock } from "lucide-react";
import Link from "next/link";

import { PageHeader } from "@/components/site/page-header";
import { Badge } from "@/components/ui/badge";
import { getTutorials } from "@/lib/content/collections";
import type { TutorialDifficulty } from "@/lib/content/schemas";
import { pageMetadata } from "@/lib/site/metadata";
import { cn } from "@/lib/utils";

export const metadata = pageMetadata({
  title: "Tutorials",
  description:
    "Step-by-step tutorials: your first bot, slash commands, a moderation bot with a strike ladder, a music bot, the Cipher API and monitoring.",
  path: "/tutorials",
});

const difficultyStyle: Record<TutorialDifficulty, string> = {
  Beginner: "border-success/40 bg-success/10 text-success",
  Intermediate: "border-warning/40 bg-warning/10 text-warning",
  Advanced: "border-destructive/40 bg-destructive/10 text-destructive",
};

export default function TutorialsPage() {
  const tutorials = getTutorials();
  return (
    <>
      <PageHeader
        eyebrow="Tutorials"
        title="Learn by building"
        description="Six hands-on tutorials, from your first bot to the REST API. Follow them in order or jump to what you need."
      />
      <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6">
        <ol className="grid gap-4 md:grid-cols-2">
          {tutorials.map((tutorial) => (
            <li key={tutorial.slug}>
              <Link
                href={`/tutorials/${tutorial.slug}`}
                className="group flex h-full flex-col rounded-xl border border-border bg-card/60 p-6 transition hover:border-primary/40 hover:bg-card"
              >
                <div className="flex items-center justify-between gap-3">
                  <Badge variant="outline" className={cn(difficultyStyle[tutorial.frontmatter.difficulty])}>
                    {tutorial.frontmatter.difficulty}
                  </Badge>
                  <span className="font-mono text-xs text-muted-foreground">0{tutorial.frontmatter.order}</span>
                </div>
                <h2 className="mt-4 text-lg font-semibold text-balance group-hover:text-primary">
                  {tutorial.frontmatter.title}
                </h2>
                <p className="mt-2 flex-1 text-sm text-muted-foreground">{tutorial.frontmatter.description}</p>
                <p className="mt-5 flex items-center justify-between text-xs text-muted-foreground">
                  <span className="flex items-center gap-1.5">
                    <Clock className="size-3.5" aria-hidden="true" /> {tutorial.readingMinutes} min ·{" "}
                    {tutorial.frontmatter.author}
                  </span>
                  <ArrowRight className="size-4 transition group-hover:translate-x-1" aria-hidden="true" />
                </p>
              </Link>
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
