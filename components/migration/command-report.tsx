import { Badge } from "@/components/ui/badge";
import type { CommandReport } from "@/lib/bots/import/bdfd-convert";

const statusLabel: Record<CommandReport["status"], { text: string; variant: "default" | "secondary" | "outline" }> = {
  converted: { text: "Converted", variant: "default" },
  stub: { text: "Needs work", variant: "secondary" },
  skipped: { text: "Not converted", variant: "outline" },
};

/** One line per BDFD command: its trigger, the slash command it becomes, and what could not be converted. */
export function CommandReportList({ report, labelledBy }: { report: CommandReport[]; labelledBy: string }) {
  return (
    <ul aria-labelledby={labelledBy} className="grid gap-2">
      {report.map((line, index) => (
        <li key={`${line.trigger}-${index}`} className="min-w-0 rounded-lg border border-border p-3">
          <div className="flex flex-wrap items-center gap-2">
            <code className="font-mono text-sm break-all">{line.trigger}</code>
            {line.slashName && <span className="text-sm text-muted-foreground">→ /{line.slashName}</span>}
            <Badge variant={statusLabel[line.status].variant} className="ml-auto">
              {statusLabel[line.status].text}
            </Badge>
          </div>
          {line.notes.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
              {line.notes.map((note) => (
                <li key={note} className="break-words">
                  {note}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
