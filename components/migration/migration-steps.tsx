import { cn } from "@/lib/utils";

export const migrationSteps = ["Upload", "Review", "Complete"] as const;

/** The wizard's three steps; `current` is 0-based. */
export function MigrationSteps({ current }: { current: number }) {
  return (
    <ol className="flex items-center justify-center gap-2 text-sm sm:gap-4" aria-label="Migration steps">
      {migrationSteps.map((step, index) => (
        <li key={step} className="flex items-center gap-2 sm:gap-4">
          <span
            aria-current={index === current ? "step" : undefined}
            className={cn(
              "flex size-8 items-center justify-center rounded-full",
              index === current && "bg-primary-fill font-medium text-primary-foreground",
              index < current && "border border-primary text-primary",
              index > current && "border border-border text-muted-foreground",
            )}
          >
            {index + 1}
          </span>
          <span className={index === current ? "font-medium" : "text-muted-foreground"}>{step}</span>
          {index < migrationSteps.length - 1 && <span className="h-px w-6 bg-border sm:w-12" aria-hidden="true" />}
        </li>
      ))}
    </ol>
  );
}
