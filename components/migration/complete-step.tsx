import { BookOpen, Bot, CheckCircle2, LayoutTemplate, RotateCcw } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";
import type { ImportedBot } from "@/lib/bots/import/service";

import { CommandReportList } from "./command-report";

/** Step 3: the new bot, the conversion report for a BDFD export, and where to go next. */
export function CompleteStep({ bot, onRestart }: { bot: ImportedBot; onRestart: () => void }) {
  return (
    <section
      aria-labelledby="migration-completed"
      className="grid gap-6 rounded-2xl border border-border bg-card/60 p-4 sm:p-6"
    >
      <div className="text-center">
        <CheckCircle2 className="mx-auto size-10 text-primary" aria-hidden="true" />
        <h2 id="migration-completed" className="mt-3 text-xl font-semibold">
          Migration completed
        </h2>
        <p className="mx-auto mt-2 max-w-lg text-sm text-muted-foreground">
          <strong className="text-foreground">{bot.name}</strong> is now one of your bots. Paste its token on the
          bot&apos;s page, then start it.
        </p>
      </div>

      {bot.report && (
        <div className="grid gap-3">
          <h3 id="migration-report" className="font-semibold">
            Conversion report
          </h3>
          <p className="text-sm text-muted-foreground">Saved in your bot as MIGRATION.md.</p>
          <CommandReportList report={bot.report} labelledBy="migration-report" />
        </div>
      )}

      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href={`/dashboard/bots/${bot.id}`}>
            <Bot /> Open your bot
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/templates">
            <LayoutTemplate /> Browse templates
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/getting-started">
            <BookOpen /> Getting started
          </Link>
        </Button>
        <Button type="button" variant="ghost" onClick={onRestart}>
          <RotateCcw /> Migrate another bot
        </Button>
      </div>
    </section>
  );
}
