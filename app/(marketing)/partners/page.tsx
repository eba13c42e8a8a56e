import { ArrowRight, CheckCircle2, Quote } from "lucide-react";
import Link from "next/link";

import { SectionHeading } from "@/components/landing/section-heading";
import { PageHeader } from "@/components/site/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { pageMetadata } from "@/lib/site/metadata";
import { partnerRequirements, partnershipTypes, partnerStats, successStory } from "@/lib/site/partners";

export const metadata = pageMetadata({
  title: "Partner Program",
  description:
    "Partner with Cipher as a technology, channel or integration partner and help communities build, edit and host Discord bots with AI.",
  path: "/partners",
});

export default function PartnersPage() {
  return (
    <>
      <PageHeader
        eyebrow="Partners"
        title="Partner with Cipher"
        description="Grow with the platform communities use to build, edit and host Discord bots with AI. Whether you build technology, serve clients or run an API, there is a partnership for you."
      >
        <Button asChild size="lg">
          <Link href="/partner-inquiry">
            Apply to partner <ArrowRight />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="#partnership-types">Explore partnerships</Link>
        </Button>
      </PageHeader>

      <section id="partnership-types" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <SectionHeading
          eyebrow="Partnership types"
          title="Three ways to partner"
          description="Choose the program that fits how you work with communities. You can apply to more than one."
        />
        <ul className="mt-14 grid gap-4 lg:grid-cols-3">
          {partnershipTypes.map((type) => (
            <li
              key={type.id}
              className="flex flex-col rounded-xl border border-border bg-card/60 p-6 transition hover:border-primary/40"
            >
              <span className="flex size-11 items-center justify-center rounded-lg bg-primary/15 text-primary">
                <type.icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{type.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{type.description}</p>
              <h4 className="mt-6 text-xs font-medium tracking-wide text-muted-foreground uppercase">Benefits</h4>
              <ul className="mt-3 flex-1 space-y-2.5">
                {type.benefits.map((benefit) => (
                  <li key={benefit} className="flex gap-2 text-sm">
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                    {benefit}
                  </li>
                ))}
              </ul>
              <Button asChild variant="outline" className="mt-8 w-full">
                <Link href="/partner-inquiry" aria-label={`Apply as a ${type.title.replace(/s$/, "")}`}>
                  Apply <ArrowRight />
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="partner-stats" className="border-y border-border/60 bg-card/30">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
          <h2 id="partner-stats" className="sr-only">
            The partner program in numbers
          </h2>
          <dl className="grid grid-cols-2 gap-6 text-center lg:grid-cols-4">
            {partnerStats.map((stat) => (
              <div key={stat.label} className="flex flex-col gap-1">
                <dt className="text-sm text-muted-foreground">{stat.label}</dt>
                <dd className="order-first text-gradient text-3xl font-semibold tracking-tight sm:text-4xl">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <div className="grid gap-10 rounded-2xl border border-border bg-card/60 p-6 sm:p-10 lg:grid-cols-[3fr_2fr] lg:gap-14">
          <div>
            <p className="text-sm font-medium tracking-wide text-primary uppercase">{successStory.eyebrow}</p>
            <h2 className="mt-2 text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
              {successStory.headline}
            </h2>
            <div className="mt-4 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span className="font-medium text-foreground">{successStory.company}</span>
              <Badge variant="outline">{successStory.partnershipType}</Badge>
            </div>
            <p className="mt-6 text-pretty text-muted-foreground">{successStory.summary}</p>
            <figure className="mt-8 border-l-2 border-primary/60 pl-5">
              <blockquote className="text-lg leading-relaxed">
                <Quote className="mb-2 size-5 text-primary/70" aria-hidden="true" />
                {successStory.quote}
              </blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-medium">{successStory.person}</span>
                <span className="block text-muted-foreground">{successStory.role}</span>
              </figcaption>
            </figure>
          </div>
          <dl className="grid content-center gap-4 sm:grid-cols-3 lg:grid-cols-1">
            {successStory.results.map((result) => (
              <div
                key={result.label}
                className="flex flex-col gap-1 rounded-xl border border-border bg-background/60 p-5 text-center lg:text-left"
              >
                <dt className="text-sm text-muted-foreground">{result.label}</dt>
                <dd className="order-first text-3xl font-semibold tracking-tight">{result.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="border-t border-border/60 bg-card/30">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:gap-16">
          <div>
            <p className="text-sm font-medium tracking-wide text-primary uppercase">Requirements</p>
            <h2 className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
              What we look for in a partner
            </h2>
            <p className="mt-4 text-pretty text-muted-foreground">
              We keep the program small enough that every partner gets real attention. Here is what helps an application
              succeed.
            </p>
          </div>
          <ul className="space-y-4">
            {partnerRequirements.map((requirement) => (
              <li key={requirement} className="flex gap-3 rounded-xl border border-border bg-background/60 p-4">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <span className="text-sm sm:text-base">{requirement}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="relative isolate overflow-hidden">
        <div className="absolute inset-0 -z-10 bg-grid [mask-image:radial-gradient(ellipse_at_center,black,transparent_70%)]" />
        <div className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6">
          <h2 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">Ready to build together?</h2>
          <p className="mx-auto mt-4 max-w-xl text-pretty text-muted-foreground">
            Tell us about your company and what you have in mind. We reply to every inquiry within 2-3 business days.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link href="/partner-inquiry">
                Apply to partner <ArrowRight />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/contact">Contact us</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
