import type { APIBan } from "discord-api-types/v10";
import { Bot, FlaskConical, Plus } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";
import type { BotEntry, RoleEntry, ServerEntry } from "@/lib/simulator/world-view";

const panel = "grid content-start gap-3 rounded-xl border border-border bg-card/60 p-4";

function botState(bot: BotEntry): { text: string; dot: string } {
  if (bot.onDiscord) return { text: "Connects to Discord, not here", dot: "bg-muted-foreground" };
  if (!bot.inWorld) return { text: "Not in the server yet: its Test tab adds it", dot: "bg-muted-foreground" };
  return bot.connected ? { text: "Connected", dot: "bg-emerald-500" } : { text: "Offline", dot: "bg-red-500" };
}

/**
 * The user's own bots: connected or offline in this world, the server each is in (a button shows
 * it when it is not the one on screen), and a link to each one's Test tab.
 */
export function BotsPanel({
  bots,
  guildId,
  servers,
  onShow,
}: {
  bots: BotEntry[];
  /** The server on screen. */
  guildId: string;
  servers: ServerEntry[];
  onShow: (guildId: string) => void;
}) {
  return (
    <section aria-labelledby="bots-heading" className={panel}>
      <h2 id="bots-heading" className="font-semibold">
        Your bots ({bots.length})
      </h2>
      {bots.length === 0 ? (
        <div className="grid justify-items-start gap-2 text-sm text-muted-foreground">
          <p>No bots yet. A bot joins this server when it first runs or when you open its Test tab.</p>
          <Button asChild size="sm" variant="outline">
            <Link href="/dashboard/bots/new">
              <Plus />
              Create New Bot
            </Link>
          </Button>
        </div>
      ) : (
        <ul className="grid gap-2">
          {bots.map((bot) => {
            const state = botState(bot);
            const server = servers.find((candidate) => candidate.id === bot.guildId);
            const where = server && { id: server.id, name: server.name, here: server.id === guildId };
            return (
              <li key={bot.botId} className="flex items-center gap-2">
                <Bot aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <div className="grid min-w-0 flex-1">
                  <span className="truncate text-sm font-medium">{bot.name}</span>
                  <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
                    <span aria-hidden="true" className={`size-1.5 shrink-0 rounded-full ${state.dot}`} />
                    {state.text}
                    {bot.inWorld && bot.commands > 0 && (
                      <> · {bot.commands === 1 ? "1 command" : `${bot.commands} commands`}</>
                    )}
                  </span>
                  {where && (
                    <span className="text-xs text-muted-foreground">
                      {where.here ? "In this server" : `In ${where.name}`}
                      {!where.here && (
                        <>
                          {" · "}
                          <button
                            type="button"
                            onClick={() => onShow(where.id)}
                            className="underline underline-offset-2 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                          >
                            Show<span className="sr-only"> {where.name}</span>
                          </button>
                        </>
                      )}
                    </span>
                  )}
                </div>
                <Button asChild size="sm" variant="ghost" className="shrink-0">
                  <Link href={`/dashboard/bots/${bot.botId}/test`}>
                    <FlaskConical />
                    Test<span className="sr-only"> {bot.name}</span>
                  </Link>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Roles highest first, with their colour, position and how many members hold them. */
export function RolesPanel({ roles, everyoneId }: { roles: RoleEntry[]; everyoneId: string }) {
  return (
    <section aria-labelledby="roles-heading" className={panel}>
      <h2 id="roles-heading" className="font-semibold">
        Roles ({roles.length})
      </h2>
      <ul aria-label="Roles" className="grid gap-1.5 text-sm">
        {roles.map((role) => (
          <li key={role.id} className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-2">
            <span
              aria-hidden="true"
              className="size-3 shrink-0 rounded-full border border-border"
              style={role.colour ? { backgroundColor: role.colour } : undefined}
            />
            <span className="truncate">
              {role.name}
              {role.managed && <span className="ml-1.5 text-xs text-muted-foreground">(bot role)</span>}
            </span>
            <span className="col-start-2 text-xs text-muted-foreground tabular-nums">
              {role.colour ?? "no colour"} · position {role.position} ·{" "}
              {role.id === everyoneId ? "everyone" : role.members === 1 ? "1 member" : `${role.members} members`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Members banned from the server, with the reason the bot gave. */
export function BansPanel({ bans }: { bans: APIBan[] }) {
  return (
    <section aria-labelledby="bans-heading" className={panel}>
      <h2 id="bans-heading" className="font-semibold">
        Bans ({bans.length})
      </h2>
      {bans.length === 0 ? (
        <p className="text-sm text-muted-foreground">No one is banned. Bans your bots make show here.</p>
      ) : (
        <ul aria-label="Bans" className="grid gap-1.5 text-sm">
          {bans.map((ban) => (
            <li key={ban.user.id} className="grid">
              <span className="font-medium">{ban.user.global_name ?? ban.user.username}</span>
              <span className="text-xs text-muted-foreground">
                {ban.reason ? `Reason: ${ban.reason}` : "No reason given"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
