import { ArrowRight } from "lucide-react";
import Link from "next/link";

import { CallToAction } from "@/components/product/call-to-action";
import { FeatureCard } from "@/components/product/feature-card";
import { PageHeader } from "@/components/site/page-header";
import { Button } from "@/components/ui/button";
import { features, platformFeatures } from "@/lib/site/features";
import { pageMetadata } from "@/lib/site/metadata";
import { freeTrialSummary } from "@/lib/site/pricing";

export const metadata = pageMetadata({
  title: "Features",
  description:
    "Build Discord bots in a visual bot builder, edit their discord.js or Python code, test them in a simulated server, with a built-in database and advanced moderation.",
  path: "/features",
});

export default function FeaturesPage() {
  const available = features.filter((feature) => feature.status === "Available").length;
  return (
    <>
      <PageHeader
        eyebrow="Features"
        title="Everything you need to build a Discord bot"
        description="Shape your bot visually, fine-tune the code, try it in a simulated server and keep its data, all in one place. Here is what you can use today and what is on the way."
      >
        <Button asChild size="lg" className="shadow-[0_0_24px_var(--glow)]">
          <Link href="/signup">
            Start building <ArrowRight />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/pricing">See pricing</Link>
        </Button>
      </PageHeader>

      <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="features-heading" className="text-2xl font-semibold tracking-tight">
            The toolkit
          </h2>
          <p className="text-sm text-muted-foreground">
            {available} of {features.length} available today
          </p>
        </div>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.name}>
              <FeatureCard
                name={feature.name}
                description={feature.description}
                icon={feature.icon}
                points={feature.highlights}
                status={feature.status}
              />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="platform-heading" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 sm:pb-20">
        <h2 id="platform-heading" className="text-2xl font-semibold tracking-tight">
          Around the toolkit
        </h2>
        <p className="mt-2 max-w-2xl text-sm text-muted-foreground">Also part of Cipher today.</p>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {platformFeatures.map((item) => (
            <li key={item.name} className="grid content-start gap-3 rounded-xl border border-border bg-card/60 p-5">
              <span className="grid size-10 place-items-center rounded-lg bg-primary/10 text-primary">
                <item.icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="font-semibold">{item.name}</h3>
              <p className="text-sm text-muted-foreground">{item.description}</p>
              <Link
                href={item.href}
                aria-label={`${item.linkLabel}: ${item.name}`}
                className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                {item.linkLabel}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <CallToAction
        title="Your next bot is a few blocks away"
        description={`Start with a ${freeTrialSummary}. Build a bot in the Visual Bot Builder or start from a template.`}
      >
        <Button asChild size="lg">
          <Link href="/signup">
            Get started free <ArrowRight />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/templates">Browse templates</Link>
        </Button>
      </CallToAction>
    </>
  );
}
