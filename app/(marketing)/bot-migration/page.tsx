import { FileCode2, PackageOpen, Server } from "lucide-react";

import { MigrationGate } from "@/components/migration/migration-gate";
import { SignInRequired } from "@/components/migration/sign-in-required";
import { PageHeader } from "@/components/site/page-header";
import { pageMetadata } from "@/lib/site/metadata";

export const metadata = pageMetadata({
  title: "Bot Migration",
  description:
    "Move an existing Discord bot to Cipher: import a Bot Designer for Discord export (.bd, .json) or upload discord.js or discord.py code (.js, .ts, .py, .txt, or a .zip of your project).",
  path: "/bot-migration",
});

const sources = [
  {
    icon: PackageOpen,
    title: "Visual bot builders",
    text: "Upload a Bot Designer for Discord export (.bd or .json); its commands become discord.js slash commands.",
  },
  {
    icon: Server,
    title: "Hosting platforms",
    text: "Bring the code you run elsewhere as a .zip of your project; keep your token, we encrypt it.",
  },
  {
    icon: FileCode2,
    title: "Custom code",
    text: "Upload or paste discord.js or discord.py code (.js, .ts, .py, .txt) and it is kept as it is.",
  },
];

/**
 * The migration wizard. The page stays static: the browser asks who is signed in and shows the
 * wizard (loaded only then) or 'Sign In Required'.
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
        <MigrationGate signedOut={<SignInRequired />} />
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
