import { ArrowRight } from "lucide-react";
import Link from "next/link";

import { CallToAction } from "@/components/product/call-to-action";
import { FeatureCard } from "@/components/product/feature-card";
import { PageHeader } from "@/components/site/page-header";
import { Button } from "@/components/ui/button";
import { integrations } from "@/lib/site/integrations";
import { pageMetadata } from "@/lib/site/metadata";

export const metadata = pageMetadata({
  title: "Integrations",
  description:
    "Connect your Discord bot to music streaming, video, live-streaming and code-hosting services and to your own database APIs.",
  path: "/integrations",
});

export default function IntegrationsPage() {
  return (
    <>
      <PageHeader
        eyebrow="Integrations"
        title="Connect your bot to the services your community loves"
        description="Alerts, lookups and feeds from the platforms your members already use, with credentials kept encrypted and out of your code."
      >
        <Button asChild size="lg" className="shadow-[0_0_24px_var(--glow)]">
          <Link href="/signup">
            Start building <ArrowRight />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/docs">Read the docs</Link>
        </Button>
      </PageHeader>

      <section aria-labelledby="integrations-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <h2 id="integrations-heading" className="text-2xl font-semibold tracking-tight">
          Integrations
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">
          First-class connectors are coming. Today your bot&apos;s code can call any of these services over HTTPS: keep
          their API keys as secret environment variables in the bot&apos;s Settings.
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {integrations.map((integration) => (
            <li key={integration.name}>
              <FeatureCard
                name={integration.name}
                description={integration.description}
                icon={integration.icon}
                points={integration.examples}
                status={integration.status}
              />
            </li>
          ))}
        </ul>
      </section>

      <CallToAction
        title="Missing a service?"
        description="Call any HTTP API from your bot's code today, or partner with us to build a first-class integration."
      >
        <Button asChild size="lg">
          <Link href="/partners">Become a partner</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/contact">Suggest an integration</Link>
        </Button>
      </CallToAction>
    </>
  );
}
