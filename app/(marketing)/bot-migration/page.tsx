import { FileCode2, LogIn, PackageOpen, Server, UserPlus } from "lucide-react";
import Link from "next/link";

import { PageHeader } from "@/components/site/page-header";
import { Button } from "@/components/ui/button";
import { pageMetadata } from "@/lib/site/metadata";

export const metadata = pageMetadata({
  title: "Bot Migration",
  description:
    "Move an existing Discord bot to Cipher: import a visual-builder export (.bd, .json) or upload discord.js code (.js, .ts, .txt).",
  path: "/bot-migration",
});

const sources = [
  {
    icon: PackageOpen,
    title: "Visual bot builders",
    text: "Upload an export file (.bd or .json); we read its commands and events.",
  },
  {
    icon: Server,
    title: "Hosting platforms",
    text: "Bring the code you run elsewhere; keep your token, we encrypt it.",
  },
  { icon: FileCode2, title: "Custom code", text: "Upload or paste Discord.js-style code (.js, .ts, .txt) as it is." },
];

const steps = ["Upload", "Review", "Complete"];

/**
 * The migration wizard. Step 1 needs a signed-in user; until accounts exist every visitor
 * sees the spec's 'Sign In Required' state (the accounts and bots issues make it work).
 */
export default function BotMigrationPage() {
  return (
    <>
      <PageHeader
        eyebrow="Migration"
        title="Migrate your bot to Cipher"
        description="Import from visual bot builders, move from hosting platforms, or upload your own Discord.js code."
      />
      <div className="mx-auto max-w-4xl space-y-10 px-4 py-14 sm:px-6">
        <ol className="flex items-center justify-center gap-2 text-sm sm:gap-4" aria-label="Migration steps">
          {steps.map((step, index) => (
            <li key={step} className="flex items-center gap-2 sm:gap-4">
              <span
                aria-current={index === 0 ? "step" : undefined}
                className={
                  index === 0
                    ? "flex size-8 items-center justify-center rounded-full bg-primary-fill font-medium text-primary-foreground"
                    : "flex size-8 items-center justify-center rounded-full border border-border text-muted-foreground"
                }
              >
                {index + 1}
              </span>
              <span className={index === 0 ? "font-medium" : "text-muted-foreground"}>{step}</span>
              {index < steps.length - 1 && <span className="h-px w-6 bg-border sm:w-12" aria-hidden="true" />}
            </li>
          ))}
        </ol>
        <section
          aria-labelledby="sign-in-required"
          className="rounded-2xl border border-border bg-card/60 p-8 text-center"
        >
          <LogIn className="mx-auto size-8 text-primary" aria-hidden="true" />
          <h2 id="sign-in-required" className="mt-4 text-xl font-semibold">
            Sign In Required
          </h2>
          <p className="mx-auto mt-2 max-w-md text-sm text-muted-foreground">
            Migrated bots are saved to your account, so sign in or create a free account to upload a file or paste your
            code.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link href="/login?callbackUrl=/bot-migration">
                <LogIn /> Sign In
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/signup">
                <UserPlus /> Create Account
              </Link>
            </Button>
          </div>
        </section>
        <section aria-labelledby="what-you-can-bring">
          <h2 id="what-you-can-bring" className="text-center text-xl font-semibold">
            What you can bring
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {sources.map((source) => (
              <li key={source.title} className="rounded-xl border border-border bg-card/60 p-6">
                <source.icon className="size-6 text-primary" aria-hidden="true" />
                <h3 className="mt-4 font-semibold">{source.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{source.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
