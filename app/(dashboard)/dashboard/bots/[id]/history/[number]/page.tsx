import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";

import { VersionDiff, type FileDiff } from "@/components/code-editor/version-diff";
import { Button } from "@/components/ui/button";
import { getBot, getVersion, latestVersionNumber } from "@/lib/bots/service";
import { parseWholeNumber } from "@/lib/validation/numbers";

import { loadForBotPage } from "../../_components/load-bot";
import { RestoreVersionButton } from "./_components/restore-button";

export const metadata: Metadata = { title: "Compare version" };

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function diffFiles(current: { path: string; content: string }[], version: { path: string; content: string }[]) {
  const now = new Map(current.map((file) => [file.path, file.content]));
  const then = new Map(version.map((file) => [file.path, file.content]));
  const diffs: FileDiff[] = [];
  for (const path of [...new Set([...now.keys(), ...then.keys()])].sort((a, b) => a.localeCompare(b))) {
    const a = now.get(path);
    const b = then.get(path);
    if (a === b) continue;
    diffs.push({
      path,
      status: a === undefined ? "added" : b === undefined ? "removed" : "modified",
      current: a ?? "",
      version: b ?? "",
    });
  }
  return diffs;
}

export default async function CompareVersionPage({ params }: { params: Promise<{ id: string; number: string }> }) {
  const { id, number: raw } = await params;
  const number = parseWholeNumber(raw);
  if (number === null) notFound();
  const {
    data: [bot, version, latest],
  } = await loadForBotPage(id, `/history/${number}`, (userId) =>
    Promise.all([getBot(userId, id), getVersion(userId, id, number), latestVersionNumber(userId, id)]),
  );
  const diffs = diffFiles(bot.files, version.files);

  return (
    <>
      <section aria-labelledby="compare-heading" className="grid gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <h2 id="compare-heading" className="text-lg font-semibold">
              Version {version.number} compared with the current code (version {latest})
            </h2>
            <p className="text-sm text-muted-foreground">
              “{version.message}”, saved {dateTime.format(version.createdAt)} UTC. Green lines are in version{" "}
              {version.number}; red lines are in the current code.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link href={`/dashboard/bots/${bot.id}/history`}>All versions</Link>
            </Button>
            {version.number !== latest && <RestoreVersionButton botId={bot.id} number={version.number} />}
          </div>
        </div>
        {diffs.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
            The files of version {version.number} are the same as the current code.
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {diffs.length} {diffs.length === 1 ? "file differs" : "files differ"}.
            </p>
            <VersionDiff files={diffs} versionNumber={version.number} />
          </>
        )}
      </section>
    </>
  );
}
