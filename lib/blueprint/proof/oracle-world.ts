/**
 * What the oracle knows of the scratch world while the checks run one after another: the
 * simulator's default server (runtime/simulator/world.ts: You the owner and Admin, Alex the
 * Moderator, Sam and Riley Members; #general, #bot-commands, #mod-log; the bot's role just above
 * Member), the members the proof adds, what the bot stored, its pending timers and cooldowns,
 * and the messages that clicks and reactions can point at. Anything a random pick may or may not
 * have changed is marked uncertain, so later checks neither rely on it nor predict from it.
 */
import type { Action } from "../schema";
import type { PermissionName } from "../vocabulary";
import type { Text } from "./oracle-text";
import type { CheckTarget } from "./types";

export const guildName = "Cipher Test Server";
/** How long the whole proof may take in real time: timers due sooner may fire at any moment of it. */
export const proofSecondsAtMost = 300;
/** How long from one step to the next at most: a cooldown this short may be over by then. */
export const stepSecondsAtMost = 3;
/** Where the bot's managed role sits: it manages and moderates only what is below. */
const botRolePosition = 2;

/** A value a command or event holds: an option, or what an action saved. */
export type Value =
  | { t: "text"; text: Text }
  | { t: "member"; name: string }
  | { t: "channel"; name: string }
  | { t: "role"; name: string }
  | { t: "message"; channel: string | null };

export interface MemberState {
  name: string;
  /** Role names. */
  roles: string[];
  present: boolean;
  banned: boolean;
  timedOut: boolean;
  /** A branch the proof cannot know may have changed them: not used, not predicted. */
  uncertain: boolean;
  owner: boolean;
  /** Creation order: ids are snowflakes made in this order (how keys holding them sort). */
  order: number;
}

export interface RoleState {
  name: string;
  position: number;
  permissions: PermissionName[] | "all";
}

export interface MessageState {
  seq: number;
  /** Member name, or null for the bot. */
  by: string | null;
  text?: Text;
  /** Custom ids of its buttons, and its menu's. */
  buttons: string[];
  select?: string;
}

export interface ChannelState {
  name: string;
  exists: boolean;
  /** Made by the bot during the proof (its id and mention are not known in advance). */
  created: boolean;
  /** Going away at a moment the proof cannot know, or another channel has the same name. */
  uncertain: boolean;
  /** The messages listed may not be all, or not in this order. */
  messagesUncertain: boolean;
  messages: MessageState[];
  order: number;
  /** Members with access of their own (the ticket's member, those added to it). */
  admitted: string[];
  /** Locked by the bot: @everyone may not send messages there. */
  locked?: boolean;
}

/** An ephemeral answer or a DM: only `to` sees it. */
export interface PrivateMessage extends MessageState {
  to: string;
  /** Where the interaction happened (ephemeral answers). */
  channel: string | null;
}

export interface StoredEntry {
  key?: Text;
  value: Text | Text[];
}

/** What a wait keeps of its run (lib/blueprint/README.md: ids, options, results as text). */
export interface SavedRun {
  where: string;
  target: CheckTarget;
  kind: string;
  user: string | null;
  channel: string | null;
  messageSeq: number | null;
  options: Record<string, Value>;
  results: Record<string, Text>;
  fields: Record<string, string>;
  selected: string[];
  emoji: string;
}

export type TimerState = { id: number; remaining: number } & (
  | { kind: "wait"; run: SavedRun; actions: Action[] }
  | { kind: "unban"; member: string }
  | { kind: "deleteChannel"; channel: string }
);

/**
 * A schedule that runs less often than the proof lasts, by its place among the events: when it
 * runs next, as the bot stores it (lib/blueprint/README.md, key "schedules"). Uncertain once a
 * restart has brought its next run within the proof's time: it may run at any moment after.
 */
export interface ScheduleState {
  index: number;
  every: number;
  remaining: number;
  uncertain: boolean;
}

export interface CooldownState {
  key: string;
  seconds: number;
  /** The step that started it. */
  setAt: number;
}

export interface World {
  members: MemberState[];
  roles: RoleState[];
  channels: ChannelState[];
  /** "data|owner" or "data|owner|key" → value. */
  data: Record<string, StoredEntry>;
  /** Data keys (or prefixes ending in "|") whose values the proof cannot know. */
  uncertainData: string[];
  timers: TimerState[];
  schedules: ScheduleState[];
  cooldowns: CooldownState[];
  modals: { member: string; id: string; channel: string | null }[];
  privateMessages: PrivateMessage[];
  seq: number;
  step: number;
  /** Creation order of members and channels the proof adds. */
  order: number;
  /** Members the proof has added ("Proof Member 1"…). */
  joined: number;
}

function member(name: string, roles: string[], order: number, owner = false): MemberState {
  return { name, roles, present: true, banned: false, timedOut: false, uncertain: false, owner, order };
}

function channel(name: string, order: number, created = false): ChannelState {
  return { name, exists: true, created, uncertain: false, messagesUncertain: false, messages: [], order, admitted: [] };
}

export function defaultWorld(): World {
  return {
    members: [
      member("You", ["Admin"], 0, true),
      member("Alex", ["Moderator"], 1),
      member("Sam", ["Member"], 2),
      member("Riley", ["Member"], 3),
    ],
    roles: [
      { name: "@everyone", position: 0, permissions: [] },
      { name: "Member", position: 1, permissions: [] },
      {
        name: "Moderator",
        position: 3,
        permissions: ["KickMembers", "BanMembers", "ModerateMembers", "ManageMessages"],
      },
      { name: "Admin", position: 4, permissions: "all" },
    ],
    channels: [channel("general", 20), channel("bot-commands", 21), channel("mod-log", 22)],
    data: {},
    uncertainData: [],
    timers: [],
    schedules: [],
    cooldowns: [],
    modals: [],
    privateMessages: [],
    seq: 0,
    step: 0,
    order: 100,
    joined: 0,
  };
}

/**
 * The scratch server as the proof sets it up before the bot connects (lib/blueprint/proof/setup.ts):
 * the channels and roles the blueprint names, added to the default ones; new roles sit below the
 * bot's role, with no permissions.
 */
export function scratchWorld(setup: { channels: string[]; roles: string[] }): World {
  const world = defaultWorld();
  for (const name of setup.channels)
    if (!world.channels.some((item) => item.name === name))
      world.channels.push(channel(name, 30 + world.channels.length));
  for (const name of setup.roles)
    if (!world.roles.some((role) => role.name === name)) world.roles.push({ name, position: 1, permissions: [] });
  return world;
}

export function findMember(world: World, name: string | null | undefined): MemberState | undefined {
  return name === null || name === undefined ? undefined : world.members.find((item) => item.name === name);
}

/** A text channel that exists, by name (any case, "#" or not), as the runtimes find one. */
export function findChannel(world: World, name: string | null | undefined): ChannelState | undefined {
  if (!name) return undefined;
  const wanted = name.trim().replace(/^#/, "").toLowerCase();
  return world.channels.find((item) => item.exists && item.name.toLowerCase() === wanted);
}

export function findRole(world: World, name: string): RoleState | undefined {
  const wanted = name.trim().toLowerCase();
  return world.roles.find((role) => role.name.toLowerCase() === wanted && role.name !== "@everyone");
}

/** Can take part in a step: in the server, not timed out, nothing uncertain about them. */
export function canAct(world: World, name: string): boolean {
  const found = findMember(world, name);
  return Boolean(found && found.present && !found.timedOut && !found.uncertain);
}

export function hasPermission(world: World, name: string, permission: PermissionName): boolean {
  const found = findMember(world, name);
  if (!found?.present) return false;
  const held = found.roles.map((role) => findRole(world, role)).filter((role) => role !== undefined);
  return held.some(
    (role) =>
      role.permissions === "all" || role.permissions.includes(permission) || role.permissions.includes("Administrator"),
  );
}

export function missingPermissions(world: World, name: string, permissions: PermissionName[]): PermissionName[] {
  return permissions.filter((permission) => !hasPermission(world, name, permission));
}

function highestPosition(world: World, found: MemberState): number {
  return Math.max(0, ...found.roles.map((role) => findRole(world, role)?.position ?? 0));
}

/** The bot may kick, ban or time out this member (the owner and anyone ranked at or above it: no). */
export function botOutranks(world: World, name: string): boolean {
  const found = findMember(world, name);
  if (!found?.present || found.owner) return false;
  return highestPosition(world, found) < botRolePosition && !hasPermission(world, name, "Administrator");
}

export function botManagesRole(role: RoleState): boolean {
  return role.position < botRolePosition && role.name !== "@everyone";
}

/** "Proof Member 1", "Proof Member 2"…: the next fresh member's name (not yet joined). */
export function nextMemberName(world: World): string {
  return `Proof Member ${world.joined + 1}`;
}

export function addMember(world: World, name: string): MemberState {
  const added = member(name, [], world.order++);
  world.joined += 1;
  world.members.push(added);
  return added;
}

export function addChannel(world: World, name: string): ChannelState {
  const clash = findChannel(world, name);
  const added = channel(name, world.order++, true);
  // Two channels of one name: which one a name points at is not known.
  if (clash) clash.uncertain = added.uncertain = true;
  world.channels.push(added);
  return added;
}

export function addMessage(world: World, channelName: string, message: Omit<MessageState, "seq">): MessageState {
  const stored = { ...message, seq: ++world.seq };
  findChannel(world, channelName)?.messages.push(stored);
  return stored;
}

export function addPrivateMessage(world: World, message: Omit<PrivateMessage, "seq">): PrivateMessage {
  const stored = { ...message, seq: ++world.seq };
  world.privateMessages.push(stored);
  return stored;
}

export function removeMessage(world: World, seq: number): void {
  for (const item of world.channels) item.messages = item.messages.filter((message) => message.seq !== seq);
}

export function findMessage(world: World, seq: number | null): { channel: string; message: MessageState } | null {
  for (const item of world.channels) {
    const message = item.messages.find((entry) => entry.seq === seq);
    if (message && item.exists) return { channel: item.name, message };
  }
  return null;
}

/**
 * The message a step points at, as the proof's runner finds it (lib/blueprint/proof/steps.ts):
 * the newest by first appearance — a deferred answer appears when it is deferred — among the
 * bot's messages (or everyone's) in the channel, ephemeral answers given there included; with no
 * channel, the bot's newest anywhere, DMs included. Null when the proof cannot know which it is.
 */
function newestOf(world: World, channelName: string | null, fromBot: boolean): MessageState | null {
  const found = channelName ? findChannel(world, channelName) : undefined;
  if (channelName && (!found || found.uncertain || found.messagesUncertain)) return null;
  if (!channelName && world.channels.some((item) => item.messagesUncertain)) return null;
  const all: MessageState[] = [
    ...(found ? [found] : world.channels.filter((item) => item.exists)).flatMap((item) => item.messages),
    ...world.privateMessages.filter((message) => (channelName ? message.channel === found?.name : true)),
  ].filter((message) => !fromBot || message.by === null);
  return all.reduce<MessageState | null>(
    (newest, message) => (!newest || message.seq > newest.seq ? message : newest),
    null,
  );
}

export function newestBotMessage(world: World, channelName: string | null): MessageState | null {
  return newestOf(world, channelName, true);
}

export function newestMessage(world: World, channelName: string): MessageState | null {
  return newestOf(world, channelName, false);
}

export function isUncertainData(world: World, key: string): boolean {
  return world.uncertainData.some((entry) => entry === key || (entry.endsWith("|") && key.startsWith(entry)));
}

/**
 * One world from the worlds of several outcomes (a random pick, a branch the proof cannot
 * decide): what they agree on is kept, what differs becomes uncertain.
 */
/** Messages as a click or reaction finds them: who wrote them, in which order, with which buttons. */
function shape(messages: MessageState[]): string {
  return JSON.stringify(messages.map((message) => ({ ...message, text: undefined })));
}

export function mergeWorlds(worlds: World[], oneOf: (values: Text[]) => Text): World {
  const [first, ...rest] = worlds;
  if (!first) throw new Error("mergeWorlds needs a world");
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (rest.every((world) => same(world, first))) return first;
  const merged = structuredClone(first);
  merged.seq = Math.max(...worlds.map((world) => world.seq));
  merged.order = Math.max(...worlds.map((world) => world.order));
  for (const found of merged.members) {
    if (!rest.every((world) => same(findMember(world, found.name), findMember(first, found.name))))
      found.uncertain = true;
  }
  const differing = new Set<string>();
  for (const world of rest) {
    for (const other of world.channels) {
      const mine = merged.channels.find((item) => item.name === other.name && item.order === other.order);
      if (!mine) merged.channels.push({ ...structuredClone(other), uncertain: true });
      else if (!same(mine, other)) {
        if (mine.exists !== other.exists || mine.created !== other.created) mine.uncertain = true;
        if (shape(mine.messages) !== shape(other.messages)) mine.messagesUncertain = true;
      }
    }
    const keys = new Set([...Object.keys(merged.data), ...Object.keys(world.data)]);
    for (const key of keys) if (!same(first.data[key], world.data[key])) differing.add(key);
    for (const entry of world.uncertainData)
      if (!merged.uncertainData.includes(entry)) merged.uncertainData.push(entry);
    for (const modal of world.modals) if (!merged.modals.some((item) => same(item, modal))) merged.modals.push(modal);
    // The same messages with other texts (a random pick): one of the texts; other messages: unknown.
    if (shape(world.privateMessages) !== shape(first.privateMessages))
      for (const channel of merged.channels) channel.messagesUncertain = true;
    merged.timers = merged.timers.filter((timer) => world.timers.some((other) => same(other, timer)));
  }
  const texts = (list: (MessageState[] | undefined)[], index: number) =>
    list.map((messages) => messages?.[index]?.text).filter((text): text is Text => text !== undefined);
  for (const channel of merged.channels.filter((item) => !item.messagesUncertain)) {
    const lists = worlds.map((world) => world.channels.find((item) => item.order === channel.order)?.messages);
    channel.messages.forEach((message, index) => {
      if (texts(lists, index).length === worlds.length) message.text = oneOf(texts(lists, index));
    });
  }
  const privately = worlds.map((world) => world.privateMessages);
  if (privately.every((list) => shape(list) === shape(first.privateMessages)))
    merged.privateMessages.forEach((message, index) => {
      if (texts(privately, index).length === worlds.length) message.text = oneOf(texts(privately, index));
    });
  // A value that differs but is a text in every outcome reads as one of them; anything else is unknown.
  for (const key of differing) {
    const values = worlds.map((world) => world.data[key]?.value);
    const texts = values.filter((value): value is Text => value !== undefined && !Array.isArray(value));
    const entry = merged.data[key];
    if (entry && texts.length === values.length) entry.value = oneOf(texts);
    else if (!merged.uncertainData.includes(key)) merged.uncertainData.push(key);
  }
  return merged;
}
