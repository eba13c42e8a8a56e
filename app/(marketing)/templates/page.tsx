import { ArrowRight, Blocks, CheckCircle2, Upload } from "lucide-react";
import Link from "next/link";

import { CallToAction } from "@/components/product/call-to-action";
import { PageHeader } from "@/components/site/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { startTemplateAction } from "@/lib/onboarding/actions";
import { pageMetadata } from "@/lib/site/metadata";
import { templateBuilderHref, templates } from "@/lib/site/templates";

export const metadata = pageMetadata({
  title: "Bot Templates",
  description:
    "Start from a ready-made Discord bot: moderation, music, economy or custom commands. Customise it in the Visual Bot Builder or the code editor, then host it.",
  path: "/templates",
});

export default function TemplatesPage() {
  return (
    <>
      <PageHeader
        eyebrow="Templates"
        title="Start from a proven bot"
        description="Pick a template, change it in the Visual Bot Builder or the code editor and have it running in your server in minutes. Every template is plain code you own and can edit."
      >
        <Button asChild size="lg" variant="outline">
          <Link href="/bot-migration">
            <Upload /> Import Existing Bot
          </Link>
        </Button>
      </PageHeader>

      <section aria-labelledby="templates-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <h2 id="templates-heading" className="text-2xl font-semibold tracking-tight">
          Templates
        </h2>
        <p className="mt-2 max-w-3xl text-sm text-muted-foreground">
          Use Template starts from hand-written discord.js code. Open in Builder makes the same bot as blocks in the
          Visual Bot Builder, in JavaScript (discord.js) or Python (discord.py), for you to change without code.
        </p>
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {templates.map((template) => {
            const Icon = template.icon;
            return (
              <li key={template.slug}>
                <article className="flex h-full flex-col rounded-xl border border-border bg-card/60 p-6 transition-colors hover:border-primary/40 hover:bg-card">
                  <div className="flex items-start justify-between gap-4">
                    <span className="flex size-12 items-center justify-center rounded-lg bg-primary/15 text-primary">
                      <Icon className="size-6" aria-hidden="true" />
                    </span>
                    <Badge variant="outline" className="border-primary/30 bg-primary/10 text-[oklch(0.8_0.12_277)]">
                      {template.category}
                    </Badge>
                  </div>
                  <h3 className="mt-5 text-lg font-semibold">{template.name}</h3>
                  <p className="mt-2 text-sm text-pretty text-muted-foreground">{template.description}</p>
                  <ul
                    className="mt-5 grid flex-1 content-start gap-2 sm:grid-cols-2"
                    aria-label={`${template.name} features`}
                  >
                    {template.features.map((feature) => (
                      <li key={feature} className="flex gap-2 text-sm">
                        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                  <div className="mt-6 flex flex-col gap-2 sm:flex-row">
                    <form action={startTemplateAction} className="contents">
                      <input type="hidden" name="templateId" value={template.slug} />
                      <Button type="submit" className="w-full sm:w-fit">
                        Use Template <span className="sr-only">{template.name}</span>
                        <ArrowRight />
                      </Button>
                    </form>
                    <Button asChild variant="outline" className="w-full sm:w-fit">
                      <Link href={templateBuilderHref(template)}>
                        <Blocks aria-hidden="true" /> Open in Builder <span className="sr-only">{template.name}</span>
                      </Link>
                    </Button>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      </section>

      <CallToAction
        title="Already have a bot?"
        description="Import an export from a visual bot builder, move over from another hosting panel, or upload your discord.js code as it is."
      >
        <Button asChild size="lg">
          <Link href="/bot-migration">
            <Upload /> Import Existing Bot
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/signup">Build a new bot</Link>
        </Button>
      </CallToAction>
    </>
  );
}
