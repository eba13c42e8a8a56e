import { cn } from "@/lib/utils";

/** One titled block of the settings page; `danger` marks the destructive one. */
export function SettingsSection({
  id,
  title,
  description,
  danger = false,
  children,
}: {
  id: string;
  title: string;
  description: string;
  danger?: boolean;
  children: React.ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        "grid gap-6 rounded-xl border bg-card p-5 sm:p-6",
        danger ? "border-destructive/40 bg-destructive/5" : "border-border",
      )}
    >
      <div className="grid gap-1">
        <h2 id={headingId} className={cn("text-lg font-semibold", danger && "text-destructive")}>
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}
