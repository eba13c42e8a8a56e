import { AlertOctagon, FileCode, ScrollText } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";
import type { CrashCause } from "@/lib/bots/crash-cause";
import { cn } from "@/lib/utils";

/**
 * A crashed bot says why where the crash is shown (Overview, Hosting): the error it printed,
 * where in its code, a link that opens the log at that line, and what to do about it.
 */
export function CrashCard({
  botId,
  cause,
  title,
  className,
}: {
  botId: string;
  cause: CrashCause;
  title?: string;
  className?: string;
}) {
  const logHref = `/dashboard/bots/${botId}/logs${cause.lineId ? `?line=${cause.lineId}` : ""}`;
  return (
    <section
      role="alert"
      aria-label="Why it crashed"
      className={cn("grid gap-3 rounded-xl border border-destructive/50 bg-destructive/5 p-4", className)}
    >
      <div className="flex items-start gap-3">
        <AlertOctagon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
        <div className="grid min-w-0 gap-1">
          <h2 className="font-semibold">{title ?? (cause.halted ? "It crashed and stays stopped" : "It crashed")}</h2>
          <p className="font-mono text-sm [overflow-wrap:anywhere]">{cause.summary}</p>
          {cause.where && (
            <p className="text-sm text-muted-foreground">
              In <code className="font-mono text-foreground">{cause.where.file}</code>, line {cause.where.line}
            </p>
          )}
          <p className="text-sm text-muted-foreground">{cause.advice}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 pl-8">
        <Button asChild size="sm" variant="outline">
          <Link href={logHref}>
            <ScrollText /> Open the log at this line
          </Link>
        </Button>
        {cause.where && (
          <Button asChild size="sm" variant="outline">
            <Link href={`/dashboard/bots/${botId}/code?file=${encodeURIComponent(cause.where.file)}`}>
              <FileCode /> Open {cause.where.file}
            </Link>
          </Button>
        )}
      </div>
    </section>
  );
}
