import type { APIMessage } from "discord-api-types/v10";
import { FlaskConical, Hash, Volume2 } from "lucide-react";
import Link from "next/link";

import type { SimulatorGuild } from "@/lib/simulator/types";
import { memberName, type BotEntry, type ChannelEntry, type ChannelGroup } from "@/lib/simulator/world-view";

/** Messages shown per channel: a glance at what happened, not a chat (that is the Test tab). */
const shownPerChannel = 5;
const timeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

type Names = { users: Map<string, string>; channels: Map<string, string>; roles: Map<string, string> };

/** One line of a message: mentions as names, and what else it carries (embeds, files, buttons). */
function summarise(message: APIMessage, names: Names): string {
  const text = message.content
    .replace(/<@!?(\d+)>/g, (_, id: string) => `@${names.users.get(id) ?? "unknown"}`)
    .replace(/<#(\d+)>/g, (_, id: string) => `#${names.channels.get(id) ?? "unknown"}`)
    .replace(/<@&(\d+)>/g, (_, id: string) => `@${names.roles.get(id) ?? "unknown role"}`)
    .replace(/\s+/g, " ")
    .trim();
  const extras = [
    ...(message.embeds ?? []).map((embed) => `[embed${embed.title ? `: ${embed.title}` : ""}]`),
    ...(message.attachments?.length
      ? [`[${message.attachments.length} file${message.attachments.length === 1 ? "" : "s"}]`]
      : []),
    ...(message.components?.length ? ["[buttons or menus]"] : []),
  ];
  return [text, ...extras].filter(Boolean).join(" ") || "(no text)";
}

export function ChannelsPanel({
  groups,
  messages,
  guild,
  channelBots,
}: {
  groups: ChannelGroup[];
  messages: Record<string, APIMessage[]>;
  guild: SimulatorGuild;
  channelBots: Map<string, BotEntry[]>;
}) {
  const names: Names = {
    users: new Map(guild.members.map((member) => [member.user.id, memberName(member)])),
    channels: new Map(groups.flatMap((group) => group.channels.map((channel) => [channel.id, channel.name]))),
    roles: new Map(guild.roles.map((role) => [role.id, role.name])),
  };

  return (
    <section aria-labelledby="channels-heading" className="grid content-start gap-4">
      <h2 id="channels-heading" className="font-semibold">
        Channels and recent messages
      </h2>
      {groups.length === 0 && <p className="text-sm text-muted-foreground">This server has no channels.</p>}
      {groups.map((group) => (
        <div key={group.id} className="grid gap-2">
          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{group.name}</h3>
          <ul aria-label={group.name} className="grid gap-3">
            {group.channels.map((channel) => (
              <li key={channel.id}>
                {channel.kind === "voice" ? (
                  <VoiceChannel channel={channel} guild={guild} names={names} />
                ) : (
                  <TextChannel
                    channel={channel}
                    messages={messages[channel.id] ?? []}
                    names={names}
                    bots={channelBots.get(channel.id) ?? []}
                  />
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function TextChannel({
  channel,
  messages,
  names,
  bots,
}: {
  channel: ChannelEntry;
  messages: APIMessage[];
  names: Names;
  bots: BotEntry[];
}) {
  const recent = messages.slice(-shownPerChannel);
  const headingId = `channel-${channel.id}`;
  return (
    <article aria-labelledby={headingId} className="grid gap-2 rounded-xl border border-border bg-card/60 p-4">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h4 id={headingId} className="flex min-w-0 items-center gap-1 font-medium">
          <Hash aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="truncate">{channel.name}</span>
        </h4>
        <span className="text-xs text-muted-foreground">
          {messages.length === 1 ? "1 message" : `${messages.length} messages`}
          {channel.slowmode > 0 && ` · slowmode ${channel.slowmode} s`}
        </span>
        {bots.map((bot) => (
          <Link
            key={bot.botId}
            href={`/dashboard/bots/${bot.botId}/test`}
            className="ml-auto inline-flex items-center gap-1 rounded text-xs font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <FlaskConical aria-hidden="true" className="size-3.5" />
            Test {bot.name}
            <span className="sr-only"> (opens its Test tab)</span>
          </Link>
        ))}
      </header>
      {channel.topic && <p className="text-xs text-muted-foreground">{channel.topic}</p>}
      {recent.length === 0 ? (
        <p className="text-sm text-muted-foreground">No messages yet.</p>
      ) : (
        <ol aria-label={`Last messages in #${channel.name}`} className="grid gap-1.5 text-sm">
          {recent.map((message) => (
            <li key={message.id} className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-2">
              <span className="font-medium">
                {names.users.get(message.author.id) ?? message.author.global_name ?? message.author.username}
                {message.author.bot && (
                  <span className="ml-1 rounded bg-indigo-600 px-1 align-middle text-[9px] font-semibold text-white uppercase">
                    Bot
                  </span>
                )}
              </span>
              <span className="truncate text-muted-foreground" title={message.content || undefined}>
                {summarise(message, names)}
              </span>
              <time
                suppressHydrationWarning
                dateTime={message.timestamp}
                className="col-span-2 text-[11px] text-muted-foreground/80"
              >
                {timeFormat.format(new Date(message.timestamp))}
                {message.edited_timestamp && " (edited)"}
              </time>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}

function VoiceChannel({ channel, guild, names }: { channel: ChannelEntry; guild: SimulatorGuild; names: Names }) {
  const inside = (guild.voiceStates ?? []).filter((state) => state.channelId === channel.id);
  return (
    <article className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-border bg-card/60 p-4">
      <h4 className="flex items-center gap-1 font-medium">
        <Volume2 aria-hidden="true" className="size-4 text-muted-foreground" />
        {channel.name}
      </h4>
      <span className="text-xs text-muted-foreground">
        {inside.length === 0
          ? "Nobody is here"
          : `In it: ${inside.map((state) => names.users.get(state.userId) ?? "someone").join(", ")}`}
      </span>
    </article>
  );
}
