import { Code2, Database, FileCode, History, Settings } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";

import { ChangeWithWords } from "@/components/ai-builder/change-with-words";
import { CrashCard } from "@/components/bots/crash-card";
import { MissingPlacesCard } from "@/components/bots/missing-places-card";
import { RefreshOnCrash } from "@/components/bots/refresh-on-crash";
import { Button } from "@/components/ui/button";
import { listBotBuilds } from "@/lib/ai-builder/build/service";
import { listStatusEvents } from "@/lib/bots/hosting";
import { getCrashCause, getMissingPlaces } from "@/lib/bots/logs";
import { getBot, listVersions } from "@/lib/bots/service";
import { statusLabel } from "@/lib/bots/status";

import { loadForBotPage } from "./_components/load-bot";
import { TokenCard } from "./_components/token-card";

export const metadata: Metadata = { title: "Bot" };

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default async function BotPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const {
    data: [bot, versions, events, builds, crash, missing],
  } = await loadForBotPage(id, "", (userId) =>
    Promise.all([
      getBot(userId, id),
      listVersions(userId, id),
      listStatusEvents(userId, id, 8),
      listBotBuilds(userId, id, 5),
      getCrashCause(userId, id),
      getMissingPlaces(userId, id),
    ]),
  );
  const bytes = bot.files.reduce((total, file) => total + Buffer.byteLength(file.content, "utf8"), 0);
  const base = `/dashboard/bots/${bot.id}`;

  return (
    <>
      <RefreshOnCrash botId={bot.id} status={bot.status} desiredState={bot.desiredState} />
      {crash && <CrashCard botId={bot.id} cause={crash} />}
      <MissingPlacesCard botId={bot.id} places={missing} connectTo={bot.connectTo} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ["Files", String(bot.files.length)],
          ["Source", `${(bytes / 1024).toFixed(1)} KB`],
          ["Version", `v${versions[0]?.number ?? 1}`],
          ["Last saved", versions[0] ? dateTime.format(versions[0].createdAt) : "—"],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-border bg-card/60 px-3 py-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>

      <TokenCard botId={bot.id} tokenLast4={bot.tokenLast4} />

      <ChangeWithWords
        botId={bot.id}
        language={bot.language === "python" ? "python" : "javascript"}
        builds={builds.map((build) => ({ ...build, createdAt: build.createdAt.toISOString() }))}
      />

      <div className="grid gap-4 md:grid-cols-2">
        <section
          aria-labelledby="files-heading"
          className="grid content-start gap-3 rounded-xl border border-border bg-card/60 p-4"
        >
          <div className="flex items-center justify-between gap-2">
            <h2 id="files-heading" className="text-lg font-semibold">
              Files
            </h2>
            <Button asChild size="sm">
              <Link href={`${base}/code`}>
                <Code2 /> Edit Code
              </Link>
            </Button>
          </div>
          <ul className="grid max-h-64 gap-1 overflow-y-auto font-mono text-sm">
            {bot.files.map((file) => (
              <li key={file.path} className="flex min-w-0 items-center gap-2">
                <FileCode aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="break-all">{file.path}</span>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="recent-heading"
          className="grid content-start gap-3 rounded-xl border border-border bg-card/60 p-4"
        >
          <div className="flex items-center justify-between gap-2">
            <h2 id="recent-heading" className="text-lg font-semibold">
              Recent versions
            </h2>
            <Button asChild size="sm" variant="outline">
              <Link href={`${base}/history`}>
                <History /> History
              </Link>
            </Button>
          </div>
          <ol className="grid gap-2 text-sm">
            {versions.slice(0, 4).map((version) => (
              <li key={version.id} className="flex items-baseline gap-2">
                <span className="font-mono font-semibold">v{version.number}</span>
                <span className="min-w-0 flex-1 truncate">{version.message}</span>
                <time className="shrink-0 text-xs text-muted-foreground" dateTime={version.createdAt.toISOString()}>
                  {dateTime.format(version.createdAt)}
                </time>
              </li>
            ))}
          </ol>
        </section>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link href={`${base}/database`}>
            <Database /> Built-in Database
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={`${base}/settings`}>
            <Settings /> Settings
          </Link>
        </Button>
      </div>
      <section aria-labelledby="events-heading" className="grid gap-3 rounded-xl border border-border bg-card/60 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="events-heading" className="text-lg font-semibold">
            Hosting events
          </h2>
          <span className="text-sm text-muted-foreground">
            Connects to {bot.connectTo === "discord" ? "Discord" : "the Cipher simulator"} ·{" "}
            {bot.restartPolicy === "stay-stopped" ? "stays stopped after a crash" : "restarts after a crash"}
          </span>
        </div>
        {events.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Not started yet. Start runs the saved code; try it in the Test tab without a Discord token.
          </p>
        ) : (
          <ol className="grid gap-1.5 text-sm">
            {events.map((event) => (
              <li key={String(event.id)} className="flex flex-wrap items-baseline gap-x-2">
                <time className="shrink-0 text-xs text-muted-foreground" dateTime={event.createdAt.toISOString()}>
                  {dateTime.format(event.createdAt)}
                </time>
                <span className="font-medium">{statusLabel(event.status)}</span>
                <span className="min-w-0 break-words text-muted-foreground">
                  {event.reason}
                  {event.exitCode !== null && !/exit code/.test(event.reason) ? ` (exit code ${event.exitCode})` : ""}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
