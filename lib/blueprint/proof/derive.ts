/**
 * The proof's checks, derived from a blueprint: every command (and subcommand) run with sample
 * options and their edge values, refused without its permissions and on its cooldown; every
 * event set off; waits ended by a restart with the time passed; stored data read back after a
 * restart. Each step's expectations come from the oracle (oracle-*.ts), which follows the
 * blueprint's actions on a model of the scratch world as the compiled bot will, check after
 * check, in the one world and against the one bot process they all share.
 *
 * What the proof cannot check is said plainly as a gap, never guessed.
 */
import type { Blueprint, BlueprintEvent } from "../schema";
import { describeSeconds, parseDuration, permissionLabels } from "../vocabulary";
import { scheduleTaint } from "./oracle-restart";
import { TooUncertain, type Env, type Note } from "./oracle-run";
import {
  buttonLabel,
  dataUse,
  deletesHere,
  durationOptions,
  formTitle,
  ladderRuns,
  menuChoice,
  moderatesUser,
  readAsOptions,
  sampleValue,
  storeMemberOption,
  variantsOf,
} from "./oracle-samples";
import { PlanError, runStep } from "./oracle-steps";
import { scheduleGap, scheduleTitle, summarize, variantTitle } from "./oracle-titles";
import { Triggers, unitsOf, type Trigger, type Unit, type Used } from "./oracle-triggers";
import {
  canAct,
  findChannel,
  findMember,
  proofSecondsAtMost,
  scratchWorld,
  stepSecondsAtMost,
  type World,
} from "./oracle-world";
import { scratchSetup } from "./setup";
import type { CheckStep, CheckTarget, DerivedProof, ProofCheck, ProofGap, Step } from "./types";

export function deriveProof(blueprint: Blueprint): DerivedProof {
  return new Planner(blueprint).derive();
}

/** A reaction the scratch server accepts from a member: a standard emoji, not a custom one. */
const emojiPattern =
  /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Component}|[\u200d\ufe0f\u20e3])+$/u;

export class Planner {
  world: World;
  readonly env: Env;
  private readonly checks: ProofCheck[] = [];
  private readonly gaps: ProofGap[] = [];
  private steps: (CheckStep & { main: boolean })[] = [];
  private notes: Note[] = [];
  private readonly counts = new Map<string, number>();
  private readonly triggers: Triggers;

  constructor(readonly blueprint: Blueprint) {
    this.world = scratchWorld(scratchSetup(blueprint));
    this.env = { blueprint };
    this.triggers = new Triggers(this);
    blueprint.events.forEach((event, index) => {
      if (event.on !== "schedule") return;
      const every = parseDuration(event.every) ?? 0;
      // Its first run is one interval after the bot is first ready (its next run then stored).
      if (every > proofSecondsAtMost) this.world.schedules.push({ index, every, remaining: every, uncertain: false });
      else this.world = scheduleTaint(this.env, this.world, event);
    });
  }

  derive(): DerivedProof {
    const units = unitsOf(this.blueprint);
    const later: Unit[] = [];
    for (const unit of units) {
      if (deletesHere(unit.actions)) later.push(unit);
      else this.commandChecks(unit);
    }
    this.blueprint.events.forEach((event, index) => this.eventChecks(event, index));
    // Refusals come after the events: their private answers would otherwise hide a panel a click reuses.
    for (const unit of units) this.refusalCheck(unit);
    for (const unit of later) this.inMadeChannel(unit);
    this.persistence(units);
    for (const unit of units) this.covered(unit.target);
    this.blueprint.events.forEach((event, index) => this.covered({ kind: "event", index, on: event.on }));
    return { checks: this.checks, gaps: this.gaps };
  }

  /** Runs a step through the oracle and adds it to the check being built. */
  do(step: Step, main = true): CheckStep {
    const outcome = runStep(this.env, this.world, step);
    this.world = outcome.world;
    this.notes.push(...outcome.notes);
    const done = { step, expect: outcome.expect, main };
    this.steps.push(done);
    return done;
  }

  /** A new member joins (a setup step): moderation targets and timed-out authors are fresh members. */
  freshMember(): string {
    const name = `Proof Member ${this.world.joined + 1}`;
    this.do({ kind: "join", username: name }, false);
    return name;
  }

  gap(target: CheckTarget, reason: string): void {
    if (!this.gaps.some((gap) => JSON.stringify(gap.target) === JSON.stringify(target) && gap.reason === reason))
      this.gaps.push({ target, reason });
  }

  /**
   * A check: the steps `build` takes, or a gap when they cannot be taken as planned. A check whose
   * own steps expect nothing is dropped (and the world left as it was): it would prove nothing.
   */
  private check(target: CheckTarget, title: (steps: CheckStep[]) => string, build: () => void): boolean {
    const before = this.world;
    this.steps = [];
    this.notes = [];
    try {
      build();
    } catch (error) {
      this.world = before;
      // A plan that cannot be carried out is a gap; so is a blueprint the oracle cannot follow
      // (a bug of the proof's, said plainly, rather than no proof at all).
      this.gap(
        target,
        error instanceof TooUncertain
          ? "What it does depends on too many random picks to list every outcome, so it is not checked."
          : error instanceof PlanError
            ? error.message
            : `The proof could not work out what to expect here (${(error as Error).message}), so it is not checked.`,
      );
      return false;
    }
    for (const item of this.notes) this.gap(item.target, item.reason);
    const steps = this.steps.map(({ step, expect }) => ({ step, expect }));
    if (!this.steps.some((step) => step.main && step.expect.length)) {
      this.world = before;
      return false;
    }
    const key = target.kind === "command" ? `command-${target.index}` : `event-${target.index}`;
    const count = this.counts.get(key) ?? 0;
    this.counts.set(key, count + 1);
    this.checks.push({ id: `${key}-${count}`, title: title(steps), target, steps });
    return true;
  }

  private covered(target: CheckTarget): void {
    const same = (other: CheckTarget) =>
      other.kind === target.kind &&
      other.index === target.index &&
      (target.kind === "event" || (other.kind === "command" && other.subcommand === target.subcommand));
    if (!this.checks.some((check) => same(check.target)) && !this.gaps.some((gap) => same(gap.target)))
      this.gap(
        target,
        "What it does on the proof's sample run (storing data, or nothing at all) cannot be seen in the scratch server, so it is not checked on its own.",
      );
  }

  /** After a step that stored `wait` timers: the bot restarts with that time passed, so they are due. */
  private restartForWaits(before: Set<number>): number {
    const fresh = this.world.timers.filter((timer) => timer.kind === "wait" && !before.has(timer.id));
    if (!fresh.length) return 0;
    const seconds = Math.max(...fresh.map((timer) => timer.remaining));
    this.do({ kind: "restart", passSeconds: seconds });
    return seconds;
  }

  private timerIds(): Set<number> {
    return new Set(this.world.timers.map((timer) => timer.id));
  }

  // ── Commands ────────────────────────────────────────────────────────────────────────────────

  private commandChecks(unit: Unit): void {
    const { cooldown } = unit;
    if (cooldown && cooldown.seconds <= stepSecondsAtMost)
      this.gap(
        unit.target,
        `Its cooldown of ${describeSeconds(cooldown.seconds)} may be over before the proof's next step, so the cooldown is not checked.`,
      );
    const tried = new Set<string>();
    const durations = durationOptions(unit.actions);
    const readAs = readAsOptions(unit.actions);
    variantsOf(unit.options).forEach((variant, at) => {
      // Two variants that fill in the same values (a bound that is also the sample) are one check.
      const values = unit.options.map((option, index) =>
        option.required || variant.optional
          ? sampleValue(option, index, variant.mode, false, readAs.get(option.name) ?? durations.has(option.name))
          : null,
      );
      if (tried.has(JSON.stringify(values))) return;
      tried.add(JSON.stringify(values));
      if (at > 0 && cooldown?.per === "server") {
        this.gap(
          unit.target,
          `${unit.label} has a server-wide cooldown, so the proof runs it once and does not try its other option values.`,
        );
        return;
      }
      let times = 1;
      let refused = false;
      let restarted = 0;
      let used: { actor: string; options: { name: string; value: unknown }[] } | null = null;
      this.check(
        unit.target,
        () => variantTitle(unit, variant, used?.options ?? [], times, refused, restarted),
        () => {
          const timers = this.timerIds();
          const prepare = (chosen: Used) => this.fillChannel(unit, chosen);
          const once = this.triggers.runUnit(unit, { mode: variant.mode, optional: variant.optional, prepare });
          used = once;
          const runs = at === 0 && !cooldown ? ladderRuns(unit.actions) : 1;
          const targets = once.options.filter((option) => option.type === "user").map((option) => String(option.value));
          while (
            times < runs &&
            canAct(this.world, once.actor) &&
            targets.every((name) => findMember(this.world, name)?.present)
          ) {
            this.triggers.again(unit, once);
            times++;
          }
          if (at === 0 && cooldown && cooldown.seconds > stepSecondsAtMost && canAct(this.world, once.actor)) {
            this.triggers.again(unit, once);
            refused = true;
          }
          if (at === 0) restarted = this.restartForWaits(timers);
        },
      );
    });
    // A time given in words that does not read as one: the bot says so instead of its answer.
    const worded = unit.options.filter(
      (option) => option.type === "string" && !option.choices?.length && durations.has(option.name),
    );
    if (worded.length && cooldown?.per !== "server") {
      const options = Object.fromEntries(worded.map((option) => [option.name, "soon"]));
      this.check(
        unit.target,
        () => `${unit.label} with a time it cannot read ("soon")`,
        () => void this.triggers.runUnit(unit, { mode: "sample", optional: false, options }),
      );
    }
  }

  /** Before a purge: a few messages in the channel, so there is something for it to delete. */
  private fillChannel(unit: Unit, chosen: Used): void {
    const purge = unit.actions.find((action) => action.do === "purge");
    if (purge?.do !== "purge") return;
    const option = typeof purge.count === "string" ? /^\{option\.([a-z0-9_-]+)\}$/.exec(purge.count.trim())?.[1] : null;
    const amount =
      typeof purge.count === "number"
        ? purge.count
        : Number(chosen.options.find((item) => item.name === option)?.value);
    const channel = findChannel(this.world, chosen.channel);
    if (!channel || channel.messagesUncertain || !Number.isFinite(amount)) return;
    const author = this.triggers.actor([], [chosen.actor]);
    for (let count = channel.messages.length; count < Math.min(amount, 2); count++)
      this.do(
        { kind: "say", content: `Proof message ${count + 1}, to be purged`, member: author, channel: chosen.channel },
        false,
      );
  }

  private refusalCheck(unit: Unit): void {
    if (!unit.permissions.length || unit.refusalShared) return;
    const labels = unit.permissions.map((name) => permissionLabels[name]).join(" and ");
    this.check(
      unit.target,
      () => `A member without ${labels} is refused ${unit.label}`,
      () => {
        this.triggers.runUnit(unit, { mode: "sample", optional: false, refusal: true });
      },
    );
  }

  /** A command that deletes the channel it runs in: run in a channel the bot made, never a default one. */
  private inMadeChannel(unit: Unit): void {
    let channel = "";
    this.check(
      unit.target,
      () => `${unit.label} in #${channel}, a channel the bot made`,
      () => {
        channel = this.triggers.madeChannel();
        this.triggers.runUnit(unit, { mode: "sample", optional: false, channel });
      },
    );
  }

  // ── Events ──────────────────────────────────────────────────────────────────────────────────

  private eventChecks(event: BlueprintEvent, index: number): void {
    const target: CheckTarget = { kind: "event", index, on: event.on };
    const titled = (what: string) => (steps: CheckStep[]) => {
      const summary = summarize(steps[steps.length - 1]?.expect ?? []);
      return summary ? `${what}: ${summary}` : what;
    };
    const trigger: Trigger = { kind: "event", event, index };
    switch (event.on) {
      case "schedule":
        this.scheduleCheck(event, target);
        return;
      case "memberJoin":
        this.check(target, titled("Someone joins the server"), () => void this.triggers.fire(trigger, { main: true }));
        return;
      case "memberLeave":
        this.check(target, titled("Someone leaves the server"), () => void this.triggers.fire(trigger, { main: true }));
        return;
      case "messageContains":
      case "messageMatches": {
        const content = this.triggers.contentFor(event);
        if (!content) {
          this.gap(
            target,
            `The proof cannot make up a message that surely matches ${event.on === "messageMatches" ? event.pattern : "its words"}, so it is not checked.`,
          );
          return;
        }
        const runs = ladderRuns(event.actions);
        let times = 0;
        let said = content;
        const what = () => `A message "${said}"${times > 1 ? ` from the same member, ${times} times` : ""}`;
        this.check(
          target,
          (steps) => titled(what())(steps),
          () => {
            const timers = this.timerIds();
            said = this.triggers.contentFor(event, true) ?? content;
            const author = moderatesUser(event.actions) ? this.freshMember() : this.triggers.actor([], []);
            while (times < runs && canAct(this.world, author)) {
              this.do({ kind: "say", content: said, member: author, channel: "general" });
              times++;
            }
            this.restartForWaits(timers);
          },
        );
        return;
      }
      case "reactionAdd":
      case "reactionRemove": {
        const named = event.channel?.trim();
        const channel = !named || named === "here" || named.includes("{") ? "general" : named.replace(/^#/, "");
        if (!findChannel(this.world, channel)) {
          this.gap(target, `#${channel} does not exist in the scratch server, so reacting there is not checked.`);
          return;
        }
        if (event.emoji && !emojiPattern.test(event.emoji)) {
          this.gap(target, "The scratch server cannot react with a custom emoji yet, so this is not checked.");
          return;
        }
        const emoji = event.emoji ?? "👍";
        const what =
          event.on === "reactionAdd"
            ? `Reacting ${emoji} in #${channel}`
            : `Taking back a ${emoji} reaction in #${channel}`;
        this.check(target, titled(what), () => void this.triggers.fire(trigger, { main: true }));
        return;
      }
      case "button":
        this.check(
          target,
          titled(`Clicking "${buttonLabel(this.blueprint, event.button)}"`),
          () => void this.triggers.fire(trigger, { main: true }),
        );
        return;
      case "select":
        this.check(
          target,
          titled(`Choosing "${menuChoice(this.blueprint, event.menu)}" in the menu ${event.menu}`),
          () => void this.triggers.fire(trigger, { main: true }),
        );
        return;
      case "modalSubmit":
        this.check(
          target,
          titled(`Filling in the form "${formTitle(this.blueprint, event.modal)}"`),
          () => void this.triggers.fire(trigger, { main: true }),
        );
        return;
    }
  }

  /**
   * A schedule runs on its own, so the bot restarts as late as its stored next run: that run is
   * then over, and runs once as soon as the bot is ready.
   */
  private scheduleCheck(event: Extract<BlueprintEvent, { on: "schedule" }>, target: CheckTarget): void {
    const every = parseDuration(event.every) ?? 0;
    const schedule = this.world.schedules.find((item) => item.index === target.index);
    if (!schedule) {
      this.gap(target, scheduleGap(every));
      return;
    }
    if (schedule.uncertain) {
      this.gap(
        target,
        `Runs every ${describeSeconds(every)}, and after the proof's earlier restarts it may run at any moment, so it is not checked.`,
      );
      return;
    }
    const passed = schedule.remaining;
    this.check(
      target,
      (steps) => scheduleTitle(every, passed, steps[steps.length - 1]?.expect ?? []),
      () => void this.do({ kind: "restart", passSeconds: passed }),
    );
  }

  // ── Data across a restart ───────────────────────────────────────────────────────────────────

  /**
   * The first data entry written by one command or event and read back by another (or the same):
   * written, the bot restarted, read back, by the same member (or about them) when it is theirs.
   */
  private persistence(units: Unit[]): void {
    const all: Trigger[] = [
      ...units.filter((unit) => !deletesHere(unit.actions)).map((unit): Trigger => ({ kind: "unit", unit })),
      ...this.blueprint.events.map((event, index): Trigger => ({ kind: "event", event, index })),
    ];
    const actionsOf = (trigger: Trigger) => (trigger.kind === "unit" ? trigger.unit.actions : trigger.event.actions);
    for (const entry of this.blueprint.data) {
      const writers = all.filter((trigger) => dataUse(actionsOf(trigger)).writes.has(entry.name));
      const readers = all.filter((trigger) => dataUse(actionsOf(trigger)).reads.has(entry.name));
      const onlyReads = readers.filter((trigger) => !dataUse(actionsOf(trigger)).writes.has(entry.name));
      const settable = (trigger: Trigger) =>
        trigger.kind === "unit" || !["memberLeave", "schedule"].includes(trigger.event.on);
      const writer = writers.find((trigger) => trigger.kind === "unit") ?? writers.find(settable);
      const reader =
        onlyReads.find((trigger) => trigger.kind === "unit") ??
        onlyReads.find(settable) ??
        readers.find((trigger) => trigger.kind === "unit") ??
        readers.find(settable);
      if (!writer || !reader) continue;
      const target: CheckTarget =
        reader.kind === "unit" ? reader.unit.target : { kind: "event", index: reader.index, on: reader.event.on };
      const done = this.check(
        target,
        () => `What it stores in ${entry.name} is still there after a restart`,
        () => {
          const wrote = this.triggers.fire(writer, { main: true });
          const option = storeMemberOption(actionsOf(writer), entry.name);
          const owner = option
            ? String(wrote.options.find((item) => item.name === option)?.value ?? wrote.actor)
            : wrote.actor;
          this.do({ kind: "restart" });
          const readOption = storeMemberOption(actionsOf(reader), entry.name);
          const personal = entry.scope === "member" || entry.scope === "user";
          // The same member reads it back (their own value, or a key made from who they are).
          this.triggers.fire(reader, {
            main: true,
            actor: personal ? (readOption ? undefined : owner) : wrote.actor,
            options: personal && readOption ? { [readOption]: owner } : undefined,
          });
        },
      );
      if (done) return;
    }
  }
}
