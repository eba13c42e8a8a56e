import { ArrowRight, Quote } from "lucide-react";
import Link from "next/link";

import { SectionHeading } from "@/components/landing/section-heading";
import { PageHeader } from "@/components/site/page-header";
import { Button } from "@/components/ui/button";
import { aboutStats, aboutStory, companyValues, founder } from "@/lib/site/about";
import { pageMetadata } from "@/lib/site/metadata";

export const metadata = pageMetadata({
  title: "About Cipher",
  description:
    "Cipher started in 2025 to let anyone describe a Discord bot in plain words, edit the code the AI writes, and host it with live logs and analytics.",
  path: "/about",
});

export default function AboutPage() {
  return (
    <>
      <PageHeader
        eyebrow="About"
        title="About Cipher"
        description="We help community builders turn an idea into a running Discord bot: described in plain words, written by AI, edited by you and hosted by us."
      >
        <Button asChild size="lg">
          <Link href="/signup">
            Start building <ArrowRight />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/contact">Contact us</Link>
        </Button>
      </PageHeader>

      <section aria-labelledby="about-stats" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="about-stats" className="sr-only">
          Cipher in numbers
        </h2>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {aboutStats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col gap-1 rounded-xl border border-border bg-card/60 p-6 text-center last:col-span-2 sm:last:col-span-1"
            >
              <dt className="text-sm text-muted-foreground">{stat.label}</dt>
              <dd className="order-first text-gradient text-3xl font-semibold tracking-tight">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="border-y border-border/60 bg-card/30">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-20 sm:px-6 lg:grid-cols-[2fr_3fr] lg:gap-16">
          <div>
            <p className="text-sm font-medium tracking-wide text-primary uppercase">{aboutStory.eyebrow}</p>
            <h2 className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{aboutStory.title}</h2>
          </div>
          <div className="space-y-5 text-pretty text-muted-foreground lg:text-lg">
            {aboutStory.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <SectionHeading
          eyebrow="Our values"
          title="What we care about"
          description="The principles behind every feature we ship and every support reply we write."
        />
        <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {companyValues.map((value) => (
            <li key={value.title} className="rounded-xl border border-border bg-card/60 p-6">
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary/15 text-primary">
                <value.icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 font-semibold">{value.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{value.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="border-t border-border/60 bg-card/30">
        <div className="mx-auto max-w-5xl px-4 py-20 sm:px-6">
          <SectionHeading eyebrow="Founder" title="Meet the founder" />
          <figure className="mt-12 grid gap-8 rounded-2xl border border-border bg-background/60 p-6 sm:p-10 md:grid-cols-[auto_1fr] md:items-start">
            <div className="flex items-center gap-4 md:flex-col md:items-start">
              <div
                aria-hidden="true"
                className="flex size-20 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-primary to-fuchsia-500 text-2xl font-semibold text-primary-foreground"
              >
                {founder.initials}
              </div>
              <figcaption>
                <p className="text-lg font-semibold">{founder.name}</p>
                <p className="text-sm text-muted-foreground">{founder.role}</p>
              </figcaption>
            </div>
            <div>
              <blockquote className="text-xl leading-relaxed font-medium text-balance">
                <Quote className="mb-3 size-6 text-primary/70" aria-hidden="true" />
                {founder.quote}
              </blockquote>
              <div className="mt-6 space-y-4 text-muted-foreground">
                {founder.bio.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </div>
          </figure>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-20 text-center sm:px-6">
        <h2 className="text-3xl font-semibold tracking-tight text-balance">Build your first bot today</h2>
        <p className="mx-auto mt-4 max-w-xl text-pretty text-muted-foreground">
          Describe it in a sentence. Cipher writes the code, and you can host it in minutes.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link href="/signup">
              Get Started <ArrowRight />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/features">Explore features</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
