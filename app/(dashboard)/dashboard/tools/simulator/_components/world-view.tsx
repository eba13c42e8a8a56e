"use client";

import { AlertTriangle, Clock, RotateCw, Server } from "lucide-react";
import { useMemo, useState } from "react";

import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import type { WorldSnapshot } from "@/lib/simulator/types";
import {
  botsByChannel,
  botsOf,
  channelsByCategory,
  membersOf,
  rolesByPosition,
  serversOf,
  worldTime,
  type OwnBot,
} from "@/lib/simulator/world-view";

import { ChannelsPanel } from "./channels-panel";
import { MembersPanel } from "./members-panel";
import { ResetWorldButton } from "./reset-world-button";
import { useLiveWorld, useNow, type LiveState } from "./use-live-world";
import { BansPanel, BotsPanel, RolesPanel } from "./world-details";

const worldClockFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

const liveLabels: Record<LiveState, { text: string; dot: string }> = {
  connecting: { text: "Connecting…", dot: "bg-muted-foreground" },
  live: { text: "Live", dot: "bg-emerald-500" },
  paused: { text: "Live updates paused: use Refresh", dot: "bg-amber-500" },
};

/** The user's simulated server: a header with its state and actions, then what it holds. */
export function WorldView({
  initialWorld,
  bots,
  initialServerId,
}: {
  initialWorld: WorldSnapshot;
  bots: OwnBot[];
  /** The server to show first (?server=); else the shared one. */
  initialServerId?: string;
}) {
  const { world, live, error, refresh, refreshing } = useLiveWorld(initialWorld);
  const realNow = useNow();
  const now = worldTime(world, realNow);
  const servers = useMemo(() => serversOf(world, bots), [world, bots]);
  const [serverId, setServerId] = useState(initialServerId);
  const server = servers.find((candidate) => candidate.id === serverId) ?? servers[0];
  const guild = world.guilds.find((candidate) => candidate.id === server?.id);
  const view = useMemo(
    () =>
      guild && {
        channels: channelsByCategory(guild),
        members: membersOf(guild, now),
        roles: rolesByPosition(guild),
        bots: botsOf(world, bots),
        channelBots: botsByChannel(world, bots),
      },
    [guild, world, bots, now],
  );
  const choose = (id: string) => {
    setServerId(id);
    // Shareable and kept on reload, without a navigation.
    const url = new URL(window.location.href);
    url.searchParams.set("server", id);
    window.history.replaceState(null, "", url);
  };
  const ahead = world.clock?.offsetMs ?? 0;
  const status = liveLabels[live];

  return (
    <div className="grid gap-6">
      <section
        aria-labelledby="server-heading"
        className="flex flex-wrap items-center gap-4 rounded-xl border border-border bg-card/60 p-4 sm:p-5"
      >
        <div className="flex min-w-0 flex-1 basis-64 items-center gap-4">
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
            <Server aria-hidden="true" className="size-5" />
          </span>
          <div className="grid min-w-0 flex-1 gap-1">
            <h2 id="server-heading" className="text-lg font-semibold break-words">
              {guild?.name ?? "Simulated server"}
            </h2>
            <p className="text-sm text-muted-foreground">
              {!server?.ownerBot
                ? "The shared server: every bot of yours set to test here meets the others."
                : server.inUse
                  ? `${server.ownerBot.name}'s own test server: no other bot is in it.`
                  : `${server.ownerBot.name}'s own test server, not in use: it tests in the shared server now, and comes back here when set to its own server.`}
            </p>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <span role="status" className="inline-flex items-center gap-1.5">
                <span aria-hidden="true" className={`size-2 rounded-full ${status.dot}`} />
                {status.text}
              </span>
              {guild && (
                <span>
                  {guild.members.length} members ·{" "}
                  {view?.channels.reduce((sum, group) => sum + group.channels.length, 0)} channels ·{" "}
                  {guild.roles.length} roles
                </span>
              )}
              {ahead > 0 && (
                <span suppressHydrationWarning className="inline-flex items-center gap-1">
                  <Clock aria-hidden="true" className="size-3.5" />
                  World clock: {worldClockFormat.format(new Date(now))}
                </span>
              )}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          {servers.length > 1 && (
            <div className="grid w-full gap-1.5 sm:w-60">
              <Label htmlFor="simulator-server">Server</Label>
              <NativeSelect
                id="simulator-server"
                value={server?.id ?? ""}
                onChange={(event) => choose(event.target.value)}
              >
                {servers.map((candidate) => (
                  <NativeSelectOption key={candidate.id} value={candidate.id}>
                    {candidate.ownerBot ? candidate.name : `${candidate.name} (shared)`}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
          )}
          <Button type="button" variant="outline" onClick={() => void refresh()} disabled={refreshing}>
            <RotateCw className={refreshing ? "animate-spin" : undefined} />
            Refresh
          </Button>
          <ResetWorldButton onReset={refresh} />
        </div>
      </section>

      {error && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-100"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error} What you see below may be out of date.</span>
        </p>
      )}

      {!guild || !view ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-sm text-muted-foreground">
          The simulated server is not ready yet. Refresh in a moment, or Reset it to start from the default server.
        </p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <ChannelsPanel
            groups={view.channels}
            messages={world.messages}
            guild={guild}
            channelBots={view.channelBots}
          />
          <div className="grid content-start gap-6">
            <BotsPanel bots={view.bots} guildId={guild.id} servers={servers} onShow={choose} />
            <MembersPanel guildId={guild.id} members={view.members} onChange={refresh} />
            <RolesPanel roles={view.roles} everyoneId={guild.id} />
            <BansPanel bans={world.bans[guild.id] ?? []} />
          </div>
        </div>
      )}
    </div>
  );
}
