import { Blocks, FileWarning } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";

import { BlueprintBuilder } from "@/components/builder/blueprint-builder";
import { Button } from "@/components/ui/button";
import { blueprintFileName } from "@/lib/blueprint/schema";
import { getBuilderState } from "@/lib/blueprint/service";
import { getBot, latestVersionNumber } from "@/lib/bots/service";

import { loadForBotPage } from "../_components/load-bot";

export const metadata: Metadata = { title: "Builder" };

export default async function BotBuilderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const {
    data: [bot, state, version],
  } = await loadForBotPage(id, "/builder", (userId) =>
    Promise.all([getBot(userId, id), getBuilderState(userId, id), latestVersionNumber(userId, id)]),
  );

  return (
    <>
      {state.kind === "blueprint" && (
        <BlueprintBuilder
          botId={bot.id}
          initialBlueprint={state.blueprint}
          initialVersion={version}
          handEdited={state.handEdited}
        />
      )}
      {state.kind === "broken" && (
        <section className="grid gap-3 rounded-lg border border-destructive/50 p-5">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <FileWarning className="size-5 text-destructive" aria-hidden />
            The blueprint cannot be read
          </h2>
          <p className="text-sm text-muted-foreground">
            {blueprintFileName} was changed in a way the Builder does not understand. Fix it in the Code tab, or restore
            an earlier version from History.
          </p>
          <ul className="grid gap-1 text-sm">
            {state.problems.slice(0, 10).map((problem) => (
              <li key={`${problem.path}:${problem.message}`}>
                {problem.path && <code className="mr-2 text-xs">{problem.path}</code>}
                {problem.message}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link href={`/dashboard/bots/${bot.id}/code`}>Open the Code tab</Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link href={`/dashboard/bots/${bot.id}/history`}>History</Link>
            </Button>
          </div>
        </section>
      )}
      {state.kind === "code" && (
        <section className="grid justify-items-start gap-3 rounded-lg border border-dashed p-6">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Blocks className="size-5" aria-hidden />
            This bot is written in code
          </h2>
          <p className="max-w-prose text-sm text-muted-foreground">
            The Builder edits bots made with it: commands, events and actions as forms, compiled to readable{" "}
            {bot.language === "python" ? "discord.py" : "discord.js"} code. This bot has no blueprint, so its code stays
            yours to edit in the Code tab. To build one without code, create a new bot in the Builder.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm">
              <Link href="/dashboard/bots/new#builder-heading">Create a bot in the Builder</Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link href={`/dashboard/bots/${bot.id}/code`}>Open the Code tab</Link>
            </Button>
          </div>
        </section>
      )}
    </>
  );
}
