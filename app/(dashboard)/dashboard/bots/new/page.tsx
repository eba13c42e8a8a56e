import type { Metadata } from "next";

import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { requireUser } from "@/lib/auth/session";
import { botTemplates } from "@/lib/bots/templates";

import { BlankBotForm } from "./_components/blank-bot-form";
import { TemplateButton } from "./_components/template-button";

export const metadata: Metadata = { title: "Create New Bot" };

export default async function NewBotPage() {
  await requireUser("/dashboard/bots/new");
  return (
    <DashboardPage title="Create New Bot" description="Start from a template or from a blank project.">
      <section aria-labelledby="templates-heading" className="grid gap-3">
        <h2 id="templates-heading" className="text-lg font-semibold">
          From a template
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {botTemplates.map((template) => (
            <li key={template.id} className="grid gap-3 rounded-xl border border-border bg-card/60 p-4">
              <div className="grid gap-1">
                <h3 className="font-medium">{template.name}</h3>
                <p className="text-sm text-muted-foreground">{template.description}</p>
              </div>
              <TemplateButton templateId={template.id} name={template.name} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="blank-heading" className="grid gap-3">
        <h2 id="blank-heading" className="text-lg font-semibold">
          Blank bot
        </h2>
        <BlankBotForm />
      </section>
    </DashboardPage>
  );
}
