import { Upload } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";

import { DescribeBotForm } from "@/components/ai-builder/describe-bot-form";
import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { Button } from "@/components/ui/button";
import { maxCarriedPrompt } from "@/lib/auth/schemas";
import { requireUser } from "@/lib/auth/session";
import { botTemplates } from "@/lib/bots/templates";
import { db } from "@/lib/db";
import { firstParam, type SearchParams } from "@/lib/request/search-params";

import { BlankBotForm } from "./_components/blank-bot-form";
import { TemplateBuilderButton } from "./_components/template-builder-button";
import { TemplateButton } from "./_components/template-button";

export const metadata: Metadata = { title: "Create New Bot" };

export default async function NewBotPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUser("/dashboard/bots/new");
  const carried = firstParam((await searchParams).prompt)
    ?.trim()
    .slice(0, maxCarriedPrompt);
  const pending = await db.user.findUnique({ where: { id: user.id }, select: { pendingPrompt: true } });
  return (
    <DashboardPage
      title="Create New Bot"
      description="Two ways in: describe it in plain words, or start from a template. Either way you end on its Test tab with it running. You can also start in the Builder, from a blank project, or import a bot you already have."
    >
      {/* The two ways in lead: side by side on a wide screen, words first on a narrow one. */}
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        <DescribeBotForm prompt={carried || pending?.pendingPrompt || undefined} />
        <section aria-labelledby="templates-heading" className="grid gap-3">
          <div className="grid gap-1">
            <h2 id="templates-heading" className="text-lg font-semibold">
              From a template
            </h2>
            <p className="text-sm text-muted-foreground">
              Use starts the template&apos;s hand-written discord.js code in a private test server and opens its Test
              tab, where it answers at once. Open in Builder gives you its blocks to change without code, in JavaScript
              or Python.
            </p>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-1">
            {botTemplates.map((template) => (
              <li
                key={template.id}
                id={template.id}
                className="grid scroll-mt-20 content-between gap-3 rounded-xl border border-border bg-card/60 p-4 target:border-primary"
              >
                <div className="grid gap-1">
                  <h3 className="font-medium">{template.name}</h3>
                  <p className="text-sm text-muted-foreground">{template.description}</p>
                </div>
                <div className="grid justify-items-start gap-2">
                  <TemplateButton templateId={template.id} name={template.name} />
                  <TemplateBuilderButton templateId={template.id} name={template.name} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <section aria-labelledby="builder-heading" className="grid gap-3">
        <div className="grid gap-1">
          <h2 id="builder-heading" className="text-lg font-semibold">
            Start from scratch in the Builder
          </h2>
          <p className="text-sm text-muted-foreground">
            No code needed: add commands and events as forms. Cipher writes readable code you can open, edit and export
            at any time.
          </p>
        </div>
        <BlankBotForm builder />
      </section>
      <section aria-labelledby="blank-heading" className="grid gap-3">
        <h2 id="blank-heading" className="text-lg font-semibold">
          Blank bot
        </h2>
        <BlankBotForm />
      </section>
      <section
        aria-labelledby="import-heading"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-card/60 p-4"
      >
        <div className="grid gap-1">
          <h2 id="import-heading" className="text-lg font-semibold">
            Import an existing bot
          </h2>
          <p className="text-sm text-muted-foreground">
            Bring a Bot Designer for Discord export, discord.js or discord.py code, or a zipped project.
          </p>
        </div>
        <Button asChild variant="outline">
          <Link href="/bot-migration">
            <Upload /> Import Existing Bot
          </Link>
        </Button>
      </section>
    </DashboardPage>
  );
}
