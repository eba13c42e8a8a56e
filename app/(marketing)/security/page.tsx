import { Bell, Boxes, KeyRound, Lock, type LucideIcon } from "lucide-react";

import { LegalPage } from "@/components/site/legal-page";
import { securityHighlights, securityPolicy } from "@/lib/site/legal";
import { pageMetadata } from "@/lib/site/metadata";

export const metadata = pageMetadata({
  title: securityPolicy.title,
  description: securityPolicy.description,
  path: securityPolicy.path,
});

const highlightIcons: LucideIcon[] = [Lock, KeyRound, Boxes, Bell];

export default function SecurityPage() {
  return (
    <LegalPage document={securityPolicy}>
      <ul aria-label="Security at a glance" className="grid gap-3 sm:grid-cols-2">
        {securityHighlights.map((highlight, index) => {
          const Icon = highlightIcons[index] ?? Lock;
          return (
            <li key={highlight.title} className="flex gap-4 rounded-xl border border-border bg-card/60 p-5">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <p className="font-semibold">{highlight.title}</p>
                <p className="mt-1 text-sm text-muted-foreground">{highlight.text}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </LegalPage>
  );
}
