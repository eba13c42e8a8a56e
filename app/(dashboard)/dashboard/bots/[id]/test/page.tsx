import { CloudOff, Plug } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";

import { Button } from "@/components/ui/button";
import { getBotHeader } from "@/lib/bots/hosting";
import { ensureBotInWorld, getWorld, SimulatorError } from "@/lib/simulator/client";
import { blueprintPlacesOf } from "@/lib/simulator/test-server";
import type { WorldSnapshot } from "@/lib/simulator/types";

import { loadForBotPage } from "../_components/load-bot";
import { TestConsole } from "./_components/test-console";
import { TestServerPicker } from "./_components/test-server-picker";

export const metadata: Metadata = { title: "Test bot" };

async function loadWorld(
  userId: string,
  botId: string,
): Promise<{ world: WorldSnapshot; guildId: string } | { error: string }> {
  try {
    // Also moves it into the server its setting names (its own, or the shared one); its own
    // server gets the channels and roles its blueprint names, as when the runner starts it.
    const { guildId } = await ensureBotInWorld(botId, await blueprintPlacesOf(userId, botId));
    return { world: await getWorld(userId), guildId };
  } catch (error) {
    if (error instanceof SimulatorError) return { error: error.message };
    throw error;
  }
}

export default async function BotTestPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { user, data: bot } = await loadForBotPage(id, "/test", (userId) => getBotHeader(userId, id));
  const loaded = bot.connectTo === "simulator" ? await loadWorld(user.id, bot.id) : null;

  return (
    <>
      <p className="text-sm text-muted-foreground">
        A simulated Discord server: pick a channel and a member, send messages, run the bot&apos;s slash commands and
        watch it answer, live. Nothing here reaches Discord.
      </p>
      {!loaded ? (
        <div className="grid justify-items-start gap-3 rounded-xl border border-border bg-card/60 p-6">
          <Plug aria-hidden="true" className="size-6 text-muted-foreground" />
          <h2 className="text-lg font-semibold">This bot connects to Discord</h2>
          <p className="text-sm text-muted-foreground">
            Test it in your own Discord server, or switch it to the simulator in Settings to test it here.
          </p>
          <Button asChild variant="outline">
            <Link href={`/dashboard/bots/${bot.id}/settings#hosting-heading`}>Open Settings</Link>
          </Button>
        </div>
      ) : "error" in loaded ? (
        <div
          role="alert"
          className="grid justify-items-start gap-2 rounded-xl border border-destructive/50 bg-destructive/5 p-6"
        >
          <CloudOff aria-hidden="true" className="size-6 text-destructive" />
          <h2 className="text-lg font-semibold">The simulator is unavailable</h2>
          <p className="text-sm text-muted-foreground">{loaded.error}</p>
        </div>
      ) : (
        <TestArea
          botId={bot.id}
          setting={bot.testServer === "shared" ? "shared" : "own"}
          running={bot.desiredState === "running"}
          loaded={loaded}
        />
      )}
    </>
  );
}

function TestArea({
  botId,
  setting,
  running,
  loaded,
}: {
  botId: string;
  setting: "own" | "shared";
  running: boolean;
  loaded: { world: WorldSnapshot; guildId: string };
}) {
  const guild = loaded.world.guilds.find((candidate) => candidate.id === loaded.guildId);
  return (
    <>
      {guild && (
        <TestServerPicker
          botId={botId}
          setting={setting}
          guildName={guild.name}
          ownServer={guild.botId === botId}
          running={running}
        />
      )}
      {/* A new server: a fresh console (channel, member and feed of that server). */}
      <TestConsole key={loaded.guildId} botId={botId} guildId={loaded.guildId} initialWorld={loaded.world} />
    </>
  );
}
