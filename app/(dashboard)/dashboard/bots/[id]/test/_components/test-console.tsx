"use client";

import { Hash, Info, MessageSquare, SendHorizontal, Slash, UserPlus, WifiOff } from "lucide-react";
import { useMemo, useState, useTransition } from "react";
import { toast } from "sonner";

import { useBotStatus } from "@/components/bots/live-status";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { unexpectedErrorMessage, type ActionResult } from "@/lib/action-result";
import {
  closeTestModalAction,
  joinTestMemberAction,
  pressTestComponentAction,
  runTestCommandAction,
  sendTestMessageAction,
  submitTestModalAction,
} from "@/lib/simulator/actions";
import { noReplyReason } from "@/lib/simulator/no-reply";
import type { SimulatorEvent, WorldSnapshot } from "@/lib/simulator/types";
import { cn } from "@/lib/utils";

import { CommandPanel } from "./command-panel";
import type { Choices } from "./message-components";
import { MessageList } from "./message-list";
import { ModalForm } from "./modal-form";
import { PlacesNotice } from "./places-notice";
import { useNow, useWorld } from "./use-world";

const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", second: "2-digit" });

/**
 * What the activity feed says about an event in the bot's server that is not a chat message
 * (null: nothing, and nothing from the world's other servers or their bots).
 */
function describe(event: SimulatorEvent, world: WorldSnapshot, guildId: string): string | null {
  const guild = world.guilds.find((candidate) => candidate.id === guildId);
  if (event.guildId && event.guildId !== guildId) return null;
  if (!event.guildId && event.botId) {
    const other = world.bots.find((candidate) => candidate.botId === event.botId);
    if (!other || !guild?.members.some((member) => member.user.id === other.userId)) return null;
  }
  const nameOf = (id?: string) => {
    const member = guild?.members.find((candidate) => candidate.user.id === id);
    return member ? (member.nick ?? member.user.global_name ?? member.user.username) : "someone";
  };
  const data = event.data as Record<string, unknown> & { user?: { id: string; username: string } };
  switch (event.type) {
    case "member_add":
      return `${data.user?.username ?? "A member"} joined the server`;
    case "member_remove":
      return `${data.user?.username ?? "A member"} left or was kicked`;
    case "member_update": {
      const until = data.communication_disabled_until as string | null | undefined;
      if (until && Date.parse(until) > Date.now())
        return `${nameOf(data.user?.id)} was timed out until ${timeFormat.format(new Date(until))}`;
      return `${nameOf(data.user?.id)}’s roles or nickname changed`;
    }
    case "ban_add":
      return `${data.user?.username ?? "A member"} was banned`;
    case "ban_remove":
      return `${data.user?.username ?? "A member"} was unbanned`;
    case "channel_create":
      return `Channel #${String(data.name)} was created`;
    case "channel_update":
      return `Channel #${String(data.name)} was changed${data.rate_limit_per_user ? ` (slowmode ${String(data.rate_limit_per_user)} s)` : ""}`;
    case "channel_delete":
      return `Channel #${String(data.name)} was deleted`;
    case "commands_update":
      return "The bot's slash commands were updated";
    case "bot_connected":
      return "A bot connected";
    case "bot_disconnected":
      return "A bot disconnected";
    case "reaction_add":
      return "A reaction was added";
    default:
      return null;
  }
}

export function TestConsole({
  botId,
  guildId,
  initialWorld,
}: {
  botId: string;
  /** The server the bot is in (its own test server, or the shared one). */
  guildId: string;
  initialWorld: WorldSnapshot;
}) {
  const { world, messages, activity, typing, connected } = useWorld(initialWorld, guildId, (event, current) =>
    describe(event, current, guildId),
  );
  const guild = world.guilds.find((candidate) => candidate.id === guildId);
  const bot = world.bots.find((candidate) => candidate.botId === botId);
  const botUserIds = useMemo(() => new Set(world.bots.map((candidate) => candidate.userId)), [world.bots]);
  const people = useMemo(
    () => (guild?.members ?? []).filter((member) => !member.user.bot && !botUserIds.has(member.user.id)),
    [guild, botUserIds],
  );
  const textChannels = (guild?.channels ?? []).filter((channel) => channel.type === 0);
  const [channelId, setChannelId] = useState(
    () => textChannels.find((channel) => channel.name === "bot-commands")?.id ?? textChannels[0]?.id ?? "",
  );
  const [authorId, setAuthorId] = useState(() => guild?.ownerId ?? people[0]?.user.id ?? "");
  const [mode, setMode] = useState<"message" | "command">("message");
  const [draft, setDraft] = useState("");
  const [commandName, setCommandName] = useState<string | undefined>();
  const [joinName, setJoinName] = useState("");
  const [pending, startTransition] = useTransition();
  const [closedModals, setClosedModals] = useState<string[]>([]);
  // The last message sent from here, until the bot answers in its channel (or another is sent).
  const [awaiting, setAwaiting] = useState<{
    channelId: string;
    sentAt: number;
    content: string;
    /** The channel's newest message when it was sent: an answer is a bot message after it. */
    afterId: string | null;
  } | null>(null);
  const live = useBotStatus(botId, { status: "unknown", desiredState: "unknown" });
  const now = useNow();

  const names = useMemo(
    () => ({
      users: new Map(
        (guild?.members ?? []).map((member) => [
          member.user.id,
          member.nick ?? member.user.global_name ?? member.user.username,
        ]),
      ),
      channels: new Map((guild?.channels ?? []).map((channel) => [channel.id, channel.name ?? channel.id])),
      roles: new Map((guild?.roles ?? []).map((role) => [role.id, role.name])),
    }),
    [guild],
  );

  const choices = useMemo<Choices>(
    () => ({
      members: (guild?.members ?? []).map((member) => ({
        id: member.user.id,
        name: names.users.get(member.user.id) ?? "",
      })),
      roles: (guild?.roles ?? []).filter((role) => role.id !== guild?.id),
      channels: (guild?.channels ?? []).map((item) => ({ id: item.id, name: item.name ?? null, type: item.type })),
    }),
    [guild, names],
  );

  if (!guild) return <p className="text-muted-foreground">The simulated server is not ready yet. Reload the page.</p>;
  // A modal the bot opened for someone: the Test tab shows it until it is submitted or closed.
  const modal = (world.modals ?? []).find(
    (candidate) => candidate.botId === botId && !closedModals.includes(candidate.id),
  );
  const channel = textChannels.find((candidate) => candidate.id === channelId);
  const commands = bot?.commands.filter((command) => !command.guild_id || command.guild_id === guild.id) ?? [];
  const typingNames = Object.entries(typing)
    .filter(([, until]) => until > now)
    .map(([userId]) => names.users.get(userId) ?? "Someone");

  const submit = <T,>(action: () => Promise<ActionResult<T>>, failed: string, done?: () => void) =>
    startTransition(async () => {
      try {
        const result = await action();
        if (result.ok) done?.();
        else toast.error(failed, { description: result.error });
      } catch {
        toast.error(failed, { description: unexpectedErrorMessage });
      }
    });

  const sendMessage = () => {
    const content = draft.trim();
    if (!content) return;
    // "/name" runs the command when it takes no required options; otherwise it opens the form.
    const slash = /^\/([\w-]{1,32})$/.exec(content);
    const command = slash ? commands.find((candidate) => candidate.name === slash[1]) : undefined;
    if (command) {
      const needsInput = (command.options ?? []).some(
        (option) => option.type <= 2 || ("required" in option && option.required),
      );
      if (needsInput) {
        setCommandName(command.name);
        setMode("command");
        setDraft("");
        return;
      }
      submit(
        () => runTestCommandAction({ botId, channelId, authorId, name: command.name, options: [] }),
        "Could not run the command",
        () => setDraft(""),
      );
      return;
    }
    submit(
      () => sendTestMessageAction({ botId, channelId, authorId, content }),
      "Could not send the message",
      () => {
        setDraft("");
        setAwaiting({
          channelId,
          sentAt: Date.now(),
          content,
          afterId: (messages[channelId] ?? []).at(-1)?.id ?? null,
        });
      },
    );
  };

  // No answer within 5 s: say what the tab can tell about why.
  const answered =
    awaiting !== null &&
    (messages[awaiting.channelId] ?? []).some(
      (message) =>
        message.author.id === bot?.userId &&
        (awaiting.afterId === null || BigInt(message.id) > BigInt(awaiting.afterId)),
    );
  const silence =
    awaiting && !answered && now - awaiting.sentAt > 5_000 && typingNames.length === 0
      ? noReplyReason(bot, live.status, awaiting.content)
      : null;

  return (
    <div className="grid gap-4 lg:grid-cols-[12rem_minmax(0,1fr)_16rem]">
      <div className="lg:col-span-3 empty:hidden">
        <PlacesNotice guild={guild} botId={botId} />
      </div>
      <nav aria-label="Channels" className="hidden content-start gap-1 lg:grid">
        <p className="truncate px-2 text-sm font-semibold">{guild.name}</p>
        {textChannels.map((candidate) => (
          <button
            key={candidate.id}
            type="button"
            onClick={() => setChannelId(candidate.id)}
            aria-current={candidate.id === channelId ? "true" : undefined}
            className={cn(
              "flex items-center gap-1.5 rounded-md px-2 py-1.5 text-left text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
              candidate.id === channelId
                ? "bg-accent font-medium text-foreground"
                : "text-muted-foreground hover:bg-accent/60",
            )}
          >
            <Hash aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{candidate.name}</span>
          </button>
        ))}
      </nav>

      <section aria-label="Chat" className="grid min-w-0 content-start rounded-xl border border-border bg-card/60">
        <header className="flex flex-wrap items-center gap-2 border-b border-border p-3">
          <div className="w-full lg:hidden">
            <Label htmlFor="test-channel" className="sr-only">
              Channel
            </Label>
            <NativeSelect id="test-channel" value={channelId} onChange={(event) => setChannelId(event.target.value)}>
              {textChannels.map((candidate) => (
                <NativeSelectOption key={candidate.id} value={candidate.id}>
                  #{candidate.name}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
          <h2 className="hidden items-center gap-1 font-semibold lg:flex">
            <Hash aria-hidden="true" className="size-4" />
            {channel?.name}
          </h2>
          <span className="ml-auto flex items-center gap-2 text-xs text-muted-foreground" role="status">
            {!connected && (
              <span className="inline-flex items-center gap-1">
                <WifiOff aria-hidden="true" className="size-3" /> Reconnecting…
              </span>
            )}
            {bot?.connected ? (
              <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-300">
                <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
                {bot.username} is connected
              </span>
            ) : (
              <span>The bot is not connected: start it to see it answer.</span>
            )}
          </span>
        </header>
        <div className="max-h-[28rem] overflow-y-auto">
          <MessageList
            messages={messages[channelId] ?? []}
            names={names}
            botUserIds={botUserIds}
            typingNames={typingNames}
            emptyText={`No messages in #${channel?.name ?? "channel"} yet. Say something or run a command.`}
            choices={choices}
            componentsDisabled={pending}
            onPress={(message, customId, values) =>
              submit(
                () =>
                  pressTestComponentAction({
                    botId,
                    channelId: message.channel_id,
                    messageId: message.id,
                    authorId,
                    customId,
                    values,
                  }),
                values ? "Could not choose that" : "Could not click that",
              )
            }
          />
        </div>
        {silence && awaiting?.channelId === channelId && (
          <div
            role="status"
            aria-label="No answer"
            className="mx-3 mb-3 flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm"
          >
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" />
            <div className="grid gap-1">
              <p className="font-medium">No answer yet. {silence.reason}</p>
              {silence.hint && <p className="text-muted-foreground">{silence.hint}</p>}
            </div>
          </div>
        )}
        <div className="grid gap-3 border-t border-border p-3">
          <div className="flex flex-wrap items-end gap-2">
            <div className="grid min-w-40 flex-1 gap-1.5 sm:max-w-56">
              <Label htmlFor="test-author">Send as</Label>
              <NativeSelect id="test-author" value={authorId} onChange={(event) => setAuthorId(event.target.value)}>
                {people.map((member) => (
                  <NativeSelectOption key={member.user.id} value={member.user.id}>
                    {member.nick ?? member.user.global_name ?? member.user.username}
                    {member.user.id === guild.ownerId ? " (owner)" : ""}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
            <div role="tablist" aria-label="What to send" className="flex gap-1 rounded-md bg-muted p-1">
              {(
                [
                  ["message", "Message", MessageSquare],
                  ["command", "Slash command", Slash],
                ] as const
              ).map(([id, label, Icon]) => (
                <button
                  key={id}
                  type="button"
                  role="tab"
                  aria-selected={mode === id}
                  onClick={() => setMode(id)}
                  className={cn(
                    "inline-flex items-center gap-1 rounded px-2.5 py-1 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                    mode === id ? "bg-background font-medium shadow-sm" : "text-muted-foreground",
                  )}
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {label}
                </button>
              ))}
            </div>
          </div>
          {mode === "message" ? (
            <form
              className="flex gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                sendMessage();
              }}
            >
              <Label htmlFor="test-message" className="sr-only">
                Message #{channel?.name}
              </Label>
              <Input
                id="test-message"
                value={draft}
                maxLength={2000}
                autoComplete="off"
                placeholder={`Message #${channel?.name ?? ""} or /command`}
                onChange={(event) => setDraft(event.target.value)}
              />
              <Button type="submit" disabled={pending || !draft.trim()}>
                <SendHorizontal />
                <span className="sr-only sm:not-sr-only">Send</span>
              </Button>
            </form>
          ) : (
            <CommandPanel
              key={commandName ?? "commands"}
              commands={commands}
              initialName={commandName}
              pending={pending}
              choices={{
                members: (guild.members ?? []).map((member) => ({
                  id: member.user.id,
                  name: member.nick ?? member.user.global_name ?? member.user.username,
                })),
                channels: textChannels,
                roles: guild.roles.filter((role) => role.id !== guild.id),
              }}
              onRun={(name, options) =>
                submit(
                  () => runTestCommandAction({ botId, channelId, authorId, name, options }),
                  "Could not run the command",
                )
              }
            />
          )}
        </div>
      </section>

      {modal && (
        <ModalForm
          key={modal.id}
          modal={modal}
          memberName={names.users.get(modal.userId) ?? "a member"}
          choices={choices}
          pending={pending}
          onSubmit={(values) =>
            submit(
              () => submitTestModalAction({ botId, modalId: modal.id, values }),
              "Could not submit the form",
              () => setClosedModals((current) => [...current, modal.id]),
            )
          }
          onClose={() => {
            setClosedModals((current) => [...current, modal.id]);
            submit(() => closeTestModalAction({ botId, modalId: modal.id }), "Could not close the form");
          }}
        />
      )}

      <aside className="grid content-start gap-4">
        <section
          aria-labelledby="members-heading"
          className="grid gap-2 rounded-xl border border-border bg-card/60 p-3"
        >
          <h2 id="members-heading" className="text-sm font-semibold">
            Members ({guild.members.length})
          </h2>
          <ul className="grid max-h-48 gap-1 overflow-y-auto text-sm">
            {guild.members.map((member) => (
              <li key={member.user.id} className="flex items-center gap-1.5">
                <span className="truncate">{member.nick ?? member.user.global_name ?? member.user.username}</span>
                {(member.user.bot || botUserIds.has(member.user.id)) && (
                  <span className="rounded bg-indigo-500 px-1 text-[10px] font-semibold text-white uppercase">Bot</span>
                )}
                {member.communication_disabled_until &&
                  Date.parse(member.communication_disabled_until) > now + (world.clock?.offsetMs ?? 0) && (
                    <span className="text-xs text-amber-700 dark:text-amber-300">timed out</span>
                  )}
              </li>
            ))}
          </ul>
          <form
            className="flex gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              const username = joinName.trim() || `newcomer_${Math.floor(Math.random() * 900 + 100)}`;
              submit(
                () => joinTestMemberAction({ botId, guildId: guild.id, username }),
                "Could not add the member",
                () => setJoinName(""),
              );
            }}
          >
            <Label htmlFor="test-join" className="sr-only">
              New member&apos;s name
            </Label>
            <Input
              id="test-join"
              value={joinName}
              maxLength={32}
              placeholder="newcomer"
              onChange={(event) => setJoinName(event.target.value)}
            />
            <Button type="submit" variant="outline" disabled={pending}>
              <UserPlus />
              Join
            </Button>
          </form>
        </section>
        <section
          aria-labelledby="activity-heading"
          className="grid gap-2 rounded-xl border border-border bg-card/60 p-3"
        >
          <h2 id="activity-heading" className="text-sm font-semibold">
            Server activity
          </h2>
          {activity.length === 0 ? (
            <p className="text-sm text-muted-foreground">Joins, timeouts, bans and other server changes appear here.</p>
          ) : (
            <ol className="grid max-h-60 gap-1.5 overflow-y-auto text-sm" aria-live="polite">
              {activity.map((entry) => (
                <li key={entry.id} className={cn(entry.tone === "warning" && "text-amber-800 dark:text-amber-200")}>
                  <time className="mr-1 text-xs text-muted-foreground" dateTime={entry.at}>
                    {timeFormat.format(new Date(entry.at))}
                  </time>
                  {entry.text}
                </li>
              ))}
            </ol>
          )}
        </section>
      </aside>
    </div>
  );
}
