import Link from "next/link";

import type { CreditStatus } from "@/lib/billing/credits";
import { formatCents, formatPrice } from "@/lib/site/pricing";

export interface CreditSpend {
  id: string;
  description: string;
  engine: string;
  inputTokens: number;
  outputTokens: number;
  costCents: number;
  createdAt: Date;
}

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const count = new Intl.NumberFormat("en-US");

/** AI credits: what the period includes, what builds with the model spent, build by build. */
export function CreditsCard({ credits, spending }: { credits: CreditStatus; spending: CreditSpend[] }) {
  const { includedCents, spentCents } = credits;
  const percent = includedCents ? Math.min(100, Math.round((spentCents / includedCents) * 100)) : 0;
  const full = includedCents !== null && spentCents >= includedCents;
  return (
    <section
      aria-labelledby="credits-heading"
      className="grid content-start gap-4 rounded-xl border border-border bg-card p-5 sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id="credits-heading" className="text-sm font-medium text-muted-foreground">
          AI credits
        </h2>
        <p className="text-sm text-muted-foreground">
          Builds with an AI model spend credits by the tokens they use; the offline builder is free.
        </p>
      </div>
      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span className="font-medium">Spent in {credits.periodLabel}</span>
          <span className={full ? "font-medium text-destructive" : "text-muted-foreground"}>
            {includedCents === null
              ? `${formatCents(spentCents)} · no cap`
              : includedCents === 0
                ? `${formatCents(spentCents)} · your plan includes no credits`
                : `${formatCents(spentCents)} of ${formatPrice(includedCents)}`}
          </span>
        </div>
        {includedCents !== null && includedCents > 0 && (
          <div
            role="meter"
            aria-label="AI credits spent"
            aria-valuemin={0}
            aria-valuemax={includedCents}
            aria-valuenow={Math.min(spentCents, includedCents)}
            aria-valuetext={`${formatCents(spentCents)} of ${formatCents(includedCents)}`}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div
              className={full ? "h-full bg-destructive" : "h-full bg-primary-fill"}
              style={{ width: `${percent}%` }}
            />
          </div>
        )}
      </div>
      {spending.length === 0 ? (
        <p className="text-sm text-muted-foreground">No build has spent credits in {credits.periodLabel}.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Builds that spent credits</caption>
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Build
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  Tokens
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Cost
                </th>
              </tr>
            </thead>
            <tbody>
              {spending.map((build) => (
                <tr key={build.id} className="border-t border-border">
                  <td className="max-w-0 py-1.5 pr-3">
                    <Link
                      href={`/dashboard/builds/${build.id}`}
                      className="block truncate underline-offset-4 hover:underline"
                    >
                      {build.description}
                    </Link>
                    <span className="text-xs text-muted-foreground">
                      {dateTime.format(build.createdAt)} · {build.engine}
                    </span>
                  </td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">
                    {count.format(build.inputTokens + build.outputTokens)}
                  </td>
                  <td className="py-1.5 text-right tabular-nums">{formatCents(build.costCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
