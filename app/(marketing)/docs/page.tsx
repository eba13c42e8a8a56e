import { ArrowRight, ArrowUpRight } from "lucide-react";
import Link from "next/link";

import { PageHeader } from "@/components/site/page-header";
import { Button } from "@/components/ui/button";
import { docsQuickLinks, docsSections } from "@/lib/site/docs";
import { pageMetadata } from "@/lib/site/metadata";
import { cn } from "@/lib/utils";

export const metadata = pageMetadata({
  title: "Documentation",
  description:
    "Learn to build, edit and host Discord bots with Cipher: getting started, the REST API, advanced features and step-by-step tutorials.",
  path: "/docs",
});

/** Cards are wholly clickable through their title link, stretched over the card, so its name stays short. */
const cardClass =
  "group relative flex h-full rounded-xl border border-border transition-colors hover:border-primary/40 hover:bg-card has-focus-visible:ring-[3px] has-focus-visible:ring-ring/60";
const stretchedLink = "outline-none after:absolute after:inset-0 after:rounded-xl";

export default function DocsPage() {
  return (
    <>
      <PageHeader
        eyebrow="Documentation"
        title="Cipher documentation"
        description="Everything you need to build, edit, test and host your Discord bots, from your first token to the REST API."
      >
        <Button asChild size="lg" className="shadow-[0_0_24px_var(--glow)]">
          <Link href="/getting-started">
            Get Started <ArrowRight />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/api">View API Docs</Link>
        </Button>
      </PageHeader>

      <section aria-labelledby="sections-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <h2 id="sections-heading" className="text-2xl font-semibold tracking-tight">
          Browse the docs
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          {docsSections.map((section) => {
            const Icon = section.icon;
            return (
              <li key={section.href}>
                <article className={cn(cardClass, "flex-col bg-card/60 p-6")}>
                  <div className="flex items-center justify-between">
                    <span className="flex size-11 items-center justify-center rounded-lg bg-primary/15 text-primary">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <ArrowRight
                      className="size-5 text-muted-foreground transition group-hover:translate-x-0.5 group-hover:text-primary"
                      aria-hidden="true"
                    />
                  </div>
                  <h3 className="mt-5 text-lg font-semibold">
                    <Link href={section.href} className={stretchedLink}>
                      {section.title}
                    </Link>
                  </h3>
                  <p className="mt-2 text-sm text-pretty text-muted-foreground">{section.description}</p>
                  <ul className="mt-4 flex flex-wrap gap-2">
                    {section.topics.map((topic) => (
                      <li
                        key={topic}
                        className="rounded-md border border-border bg-background/60 px-2 py-1 text-xs text-muted-foreground"
                      >
                        {topic}
                      </li>
                    ))}
                  </ul>
                </article>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="quick-links-heading" className="border-t border-border/60 bg-card/30">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="quick-links-heading" className="text-2xl font-semibold tracking-tight">
            Quick links
          </h2>
          <ul className="mt-8 grid gap-4 md:grid-cols-3">
            {docsQuickLinks.map((link) => {
              const Icon = link.icon;
              return (
                <li key={link.href} className={cn(cardClass, "items-start gap-4 bg-background/60 p-5")}>
                  <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">
                      {link.external ? (
                        <a href={link.href} target="_blank" rel="noopener noreferrer" className={stretchedLink}>
                          {link.label}
                          <ArrowUpRight className="ml-1 inline size-4 text-muted-foreground" aria-hidden="true" />
                          <span className="sr-only"> (opens in a new tab)</span>
                        </a>
                      ) : (
                        <Link href={link.href} className={stretchedLink}>
                          {link.label}
                        </Link>
                      )}
                    </p>
                    <p className="mt-1 text-sm text-muted-foreground">{link.description}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </section>
    </>
  );
}
