/**
 * The proof's vocabulary: checks derived from a blueprint (lib/blueprint/proof/derive.ts), run
 * step by step against the compiled bot in a scratch simulator world (lib/blueprint/proof/run.ts),
 * and the report the Builder shows.
 *
 * Everything here names things as people see them — members by username, channels by name,
 * roles by name — never by id: the runner of the checks maps names to the scratch world's ids.
 * The scratch world is the simulator's default world (lib/simulator, runtime/simulator/world.ts):
 * guild "Cipher Test Server", channels general, bot-commands, mod-log; members You (owner,
 * Admin), Alex (Moderator), Sam and Riley (Member); roles Admin, Moderator, Member.
 */
import type { EventKind, OptionType } from "../schema";

/** A member of the scratch world by username: one of the defaults, or one a `join` step added. */
export type MemberName = string;
/** A channel by name, without "#". */
export type ChannelName = string;

/** A slash command's option as the member fills it in; user/channel/role values are names. */
export interface StepOption {
  name: string;
  type: OptionType;
  value: string | number | boolean;
}

/** Which message a member acts on (the newest that fits, when the step runs). */
export type MessageRef =
  /** The bot's newest message (in the channel, or anywhere, ephemeral answers to `member` included). */
  | { from: "bot"; channel?: ChannelName }
  /** The newest message of the channel, whoever wrote it. */
  | { from: "any"; channel: ChannelName };

export type Step =
  | {
      kind: "slash";
      command: string;
      subcommand?: string;
      options: StepOption[];
      member: MemberName;
      channel: ChannelName;
    }
  /** A member writes in a channel (prefix commands, message events). */
  | { kind: "say"; content: string; member: MemberName; channel: ChannelName }
  /** A new member joins (they can act in later steps by this username). */
  | { kind: "join"; username: string }
  | { kind: "leave"; member: MemberName }
  | { kind: "react"; emoji: string; member: MemberName; on: MessageRef; remove?: boolean }
  | { kind: "click"; customId: string; member: MemberName; on: MessageRef }
  | { kind: "select"; customId: string; values: string[]; member: MemberName; on: MessageRef }
  /** The member submits the modal the bot opened for them (by its custom id). */
  | { kind: "submitModal"; modal: string; values: Record<string, string>; member: MemberName }
  /**
   * The bot is stopped and started again (what it stored must survive). `passSeconds`: before it
   * starts, its stored timers are moved that much earlier, as if that time had passed while it was
   * down (overdue timers run when it is ready).
   */
  | { kind: "restart"; passSeconds?: number };

/**
 * Text expected from the bot: exactly, or matching a whole-text pattern (JavaScript regex source,
 * anchored by the runner). Ids are not known when checks are derived, so both may hold id tokens
 * the runner replaces with the scratch world's ids before comparing: ⟨member:Sam⟩, ⟨channel:general⟩,
 * ⟨role:Member⟩, ⟨server⟩ (the guild), ⟨bot⟩ (the bot's user). "Hi <@⟨member:Sam⟩>" is Sam's mention.
 */
export type TextExpectation = { exact: string } | { pattern: string; describe: string };

/** Where a message is expected. */
export type MessagePlace =
  /** The answer to this step's command, click or form (or, for a prefix command or message, in its channel). */
  { to: "reply" } | { to: "channel"; channel: ChannelName } | { to: "dm"; member: MemberName };

export type Expectation =
  | {
      kind: "message";
      place: MessagePlace;
      ephemeral?: boolean;
      text?: TextExpectation;
      embed?: { title?: TextExpectation; description?: TextExpectation };
      /** Labels of the buttons it carries, in order. */
      buttons?: string[];
      /** The custom id of the select menu it carries. */
      select?: string;
    }
  /** The bot reacted with this emoji to the step's message. */
  /** On the message that set the step off; `posted`: on a message the bot posted in this step. */
  | { kind: "reaction"; emoji: string; posted?: true }
  /** The step's message was deleted. */
  | { kind: "deleted" }
  /** Messages were bulk-deleted in the channel (at least this many). */
  | { kind: "purged"; channel: ChannelName; atLeast: number }
  | { kind: "timeout"; member: MemberName; seconds: number }
  | { kind: "removeTimeout"; member: MemberName }
  | { kind: "kick"; member: MemberName }
  | { kind: "ban"; member: MemberName }
  | { kind: "unban"; member: MemberName }
  | { kind: "roleAdded" | "roleRemoved"; member: MemberName; role: string }
  | { kind: "channelCreated"; name: TextExpectation }
  | { kind: "channelDeleted"; name: TextExpectation }
  | { kind: "slowmode"; channel: ChannelName; seconds: number }
  /** The member has (true) or no longer has (false) their own access to the channel. */
  | { kind: "channelAccess"; member: MemberName; channel: ChannelName; access: boolean }
  /** @everyone denied (locked) or not denied (unlocked) sending messages in the channel. */
  | { kind: "locked"; channel: ChannelName; locked: boolean }
  /** A form (modal) opened for the step's member. */
  | { kind: "modal"; title: string }
  /** One of several outcomes (a random pick, a branch the proof cannot know in advance). */
  | { kind: "oneOf"; options: Expectation[][]; describe: string };

/** What a check is about, so a failure can point at it in the Builder. */
export type CheckTarget =
  | { kind: "command"; index: number; name: string; subcommand?: string }
  | { kind: "event"; index: number; on: EventKind };

export interface CheckStep {
  step: Step;
  /** What must happen after this step (nothing listed: nothing is checked, e.g. a setup step). */
  expect: Expectation[];
}

export interface ProofCheck {
  /** Stable within one blueprint: "command-0-1". */
  id: string;
  /** Plain words: "/roll with no sides (the default, 6)". */
  title: string;
  target: CheckTarget;
  steps: CheckStep[];
}

/** Something the proof could not check, said plainly (a schedule that runs every day, say). */
export interface ProofGap {
  target: CheckTarget;
  reason: string;
}

/**
 * A check of the bot against what its description states outright (lib/ai-builder/words/): a
 * named command, option, quoted reply, channel, role, duration or restriction. "unseen": the bot
 * has it but no conversation of the proof reached it (a gap, not proven, not failed).
 */
export interface WordCheck {
  /** Plain words: "/remind has the option “minutes”". */
  title: string;
  /** The user's words it came from. */
  words: string;
  status: "passed" | "failed" | "unseen";
  problem?: string;
}

export interface DerivedProof {
  checks: ProofCheck[];
  gaps: ProofGap[];
}

// ── Results ───────────────────────────────────────────────────────────────────────────────────

/** One line of a check's conversation, as the Builder shows it. */
export interface TranscriptLine {
  /** Who: a member's name, the bot's name, or "Cipher" for what the proof did (a restart). */
  who: string;
  /** "says", "runs", "answers", "only you can see", "reacts", "times out"… */
  what: string;
  text: string;
  /** ms since the check started. */
  atMs: number;
}

export type CheckStatus = "pending" | "running" | "passed" | "failed";

export interface CheckResult {
  id: string;
  status: CheckStatus;
  /** Why it failed, in plain words ("expected a reply "Pong!", the bot answered "Pang!""). */
  problem?: string;
  transcript: TranscriptLine[];
  durationMs?: number;
}

export type ProofStatus = "queued" | "running" | "passed" | "failed" | "error";

/** A proof as the Builder shows it. */
export interface ProofView {
  id: string;
  status: ProofStatus;
  language: string;
  versionNumber: number | null;
  /** What went wrong outside the checks (the bot did not start…). */
  error: string | null;
  checks: (ProofCheck & { result: CheckResult })[];
  gaps: ProofGap[];
  /** Checks taken from the user's words (an AI build's description); empty for a plain "Check it". */
  words: WordCheck[];
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}
