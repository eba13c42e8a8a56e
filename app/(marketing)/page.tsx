import { ArrowRight, CheckCircle2, Quote, Star } from "lucide-react";
import Link from "next/link";

import { CodeWindow } from "@/components/landing/code-window";
import { HeroPrompt } from "@/components/landing/hero-prompt";
import { landingIcons } from "@/components/landing/icons";
import { SectionHeading } from "@/components/landing/section-heading";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  hostingPoints,
  migrationPoints,
  sampleBotCode,
  stats,
  steps,
  testimonials,
  useCases,
} from "@/lib/site/landing";
import { pageMetadata } from "@/lib/site/metadata";

export const metadata = pageMetadata({
  title: "Cipher — Build, edit and host Discord bots with AI",
  description:
    "Describe a Discord bot in plain words and Cipher's AI writes it. Edit the JavaScript or Python in your browser, paste your bot token, and host it with live logs, metrics and analytics.",
  path: "/",
  absoluteTitle: true,
});

export default function LandingPage() {
  return (
    <>
      {/* Hero */}
      <section className="relative isolate overflow-hidden">
        <div className="absolute inset-0 -z-10 bg-grid [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)]" />
        <div className="absolute top-[-12rem] left-1/2 -z-10 h-[32rem] w-[60rem] -translate-x-1/2 glow" />
        <div className="mx-auto max-w-7xl px-4 pt-16 pb-20 text-center sm:px-6 sm:pt-24">
          <Badge variant="outline" className="mb-6 border-primary/40 bg-primary/10 px-3 py-1 text-primary">
            AI Discord bot builder · hosting included
          </Badge>
          <h1 className="mx-auto max-w-4xl text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
            Describe your Discord bot. <span className="text-gradient">Cipher builds it.</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">
            Tell the AI what your community needs. Get working code you can edit in the browser, paste your bot token,
            and host it with live logs, metrics and analytics.
          </p>
          <div className="mt-10">
            <HeroPrompt />
          </div>
          <dl className="mx-auto mt-14 grid max-w-3xl grid-cols-2 gap-6 sm:grid-cols-4">
            {stats.map((stat) => (
              <div key={stat.label}>
                <dt className="text-xs text-muted-foreground">{stat.label}</dt>
                <dd className="mt-1 text-2xl font-semibold tracking-tight">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      {/* How it works */}
      <section id="how-it-works" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <SectionHeading
          eyebrow="How it works"
          title="From an idea to a running bot in four steps"
          description="No servers to rent, no boilerplate to copy. You stay in control of the code the whole way."
        />
        <ol className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => {
            const Icon = landingIcons[step.icon]!;
            return (
              <li key={step.title} className="relative rounded-xl border border-border bg-card/60 p-6">
                <div className="flex items-center justify-between">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-primary/15 text-primary">
                    <Icon className="size-5" />
                  </span>
                  <span className="font-mono text-xs text-muted-foreground">0{index + 1}</span>
                </div>
                <h3 className="mt-5 font-semibold">{step.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{step.description}</p>
              </li>
            );
          })}
        </ol>
      </section>

      {/* Migration and hosting */}
      <section className="border-y border-border/60 bg-card/30">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2">
          <div>
            <SectionHeading eyebrow="Migrate & host" title="Bring the bots you already have" />
            <div className="mt-10 grid gap-6 sm:grid-cols-2">
              <div className="rounded-xl border border-border bg-background/60 p-6">
                <h3 className="font-semibold">Migration</h3>
                <ul className="mt-4 space-y-2.5">
                  {migrationPoints.map((point) => (
                    <li key={point} className="flex gap-2 text-sm text-muted-foreground">
                      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" /> {point}
                    </li>
                  ))}
                </ul>
                <Button asChild variant="outline" className="mt-6 w-full">
                  <Link href="/bot-migration">
                    Migrate your bot <ArrowRight />
                  </Link>
                </Button>
              </div>
              <div className="rounded-xl border border-border bg-background/60 p-6">
                <h3 className="font-semibold">Hosting</h3>
                <ul className="mt-4 space-y-2.5">
                  {hostingPoints.map((point) => (
                    <li key={point} className="flex gap-2 text-sm text-muted-foreground">
                      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" /> {point}
                    </li>
                  ))}
                </ul>
                <Button asChild variant="outline" className="mt-6 w-full">
                  <Link href="/pricing">
                    See hosting plans <ArrowRight />
                  </Link>
                </Button>
              </div>
            </div>
          </div>
          <CodeWindow filename="bot.js — generated by Cipher" code={sampleBotCode} />
        </div>
      </section>

      {/* Use cases */}
      <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <SectionHeading
          eyebrow="Use cases"
          title="Whatever your server needs"
          description="Start from a use case or describe something entirely your own."
        />
        <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {useCases.map((useCase) => {
            const Icon = landingIcons[useCase.icon]!;
            return (
              <li
                key={useCase.title}
                className="group rounded-xl border border-border bg-card/60 p-6 transition hover:border-primary/40 hover:bg-card"
              >
                <Icon className="size-6 text-primary transition group-hover:scale-110" />
                <h3 className="mt-4 font-semibold">{useCase.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{useCase.description}</p>
              </li>
            );
          })}
        </ul>
        <div className="mt-10 text-center">
          <Button asChild size="lg">
            <Link href="/getting-started">
              Create Custom Bot <ArrowRight />
            </Link>
          </Button>
        </div>
      </section>

      {/* Testimonials */}
      <section className="border-t border-border/60 bg-card/30">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
          <SectionHeading eyebrow="Testimonials" title="Loved by community builders" />
          <ul className="mt-14 grid gap-4 lg:grid-cols-3">
            {testimonials.map((testimonial) => (
              <li key={testimonial.name}>
                <figure className="flex h-full flex-col rounded-xl border border-border bg-background/60 p-6">
                  <div className="flex gap-0.5 text-warning" role="img" aria-label="5 out of 5 stars">
                    {Array.from({ length: 5 }, (_, i) => (
                      <Star key={i} className="size-4 fill-current" aria-hidden="true" />
                    ))}
                  </div>
                  <blockquote className="mt-4 flex-1 text-sm leading-relaxed">
                    <Quote className="mb-2 size-5 text-primary/60" aria-hidden="true" />
                    {testimonial.quote}
                  </blockquote>
                  <figcaption className="mt-6 text-sm">
                    <span className="font-medium">{testimonial.name}</span>
                    <span className="block text-muted-foreground">{testimonial.role}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
