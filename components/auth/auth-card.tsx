import { LogoMark } from "@/components/site/logo";
import { cn } from "@/lib/utils";

/** The centred card every account screen sits in: the page's one h1, a line of context, the form. */
export function AuthCard({
  title,
  description,
  footer,
  className,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  /** Below the card: links to the other account screens. */
  footer?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("mx-auto w-full max-w-md", className)}>
      <div className="rounded-2xl border border-border bg-card/70 p-6 shadow-[0_0_60px_-24px_var(--glow)] backdrop-blur sm:p-8">
        <div className="text-center">
          <LogoMark className="mx-auto size-10" />
          <h1 className="mt-5 text-2xl font-semibold tracking-tight text-balance">{title}</h1>
          {description && <p className="mt-2 text-sm text-pretty text-muted-foreground">{description}</p>}
        </div>
        <div className="mt-8">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>}
    </div>
  );
}

/** A link in the text under a card ("Already have an account? Sign in"). */
export const authLinkClass =
  "font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none";
