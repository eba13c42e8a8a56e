/**
 * How the proof's planner sets things off (lib/blueprint/proof/derive.ts): who runs a command
 * and with which options, the steps that put a button or a menu in front of a member or open a
 * form for them (the command or event that shows it first, when no message of the bot that a
 * click would reach has it), and the steps that set off each kind of event.
 */
import type { Action, Blueprint, BlueprintCommand, BlueprintEvent, BlueprintOption } from "../schema";
import type { PermissionName } from "../vocabulary";
import type { Planner } from "./derive";
import {
  containing,
  durationOptions,
  everyAction,
  matching,
  menuValues,
  moderatedOptions,
  moderatesUser,
  readAsOptions,
  sampleField,
  sampleValue,
  type Mode,
} from "./oracle-samples";
import { PlanError } from "./oracle-steps";
import { containsWords, formatNumber, plain } from "./oracle-text";
import { canAct, findChannel, missingPermissions, newestBotMessage, type MessageState } from "./oracle-world";
import type { CheckTarget, MessageRef, StepOption } from "./types";

/** A command, or one subcommand: what runs when a member uses it. */
export interface Unit {
  command: BlueprintCommand;
  index: number;
  sub?: BlueprintCommand["subcommands"][number];
  /** "/warn", "/cc add", "!coin": how titles, refusals and cooldowns name it. */
  label: string;
  options: BlueprintOption[];
  actions: Action[];
  permissions: PermissionName[];
  cooldown?: BlueprintCommand["cooldown"];
  target: CheckTarget;
  /** Another subcommand of the command already shows the same refusal. */
  refusalShared: boolean;
}

export type Trigger = { kind: "unit"; unit: Unit } | { kind: "event"; event: BlueprintEvent; index: number };

export function unitsOf(blueprint: Blueprint): Unit[] {
  return blueprint.commands.flatMap((command, index): Unit[] => {
    if (!command.subcommands.length) {
      const label = `${command.type === "slash" ? "/" : blueprint.prefix}${command.name}`;
      const target: CheckTarget = { kind: "command", index, name: command.name };
      return [{ command, index, label, ...pick(command), target, refusalShared: false }];
    }
    const seen = new Set<string>();
    return command.subcommands.map((sub) => {
      const permissions = [...new Set([...command.permissions, ...sub.permissions])];
      const shared = seen.has(permissions.join());
      seen.add(permissions.join());
      const target: CheckTarget = { kind: "command", index, name: command.name, subcommand: sub.name };
      return {
        command,
        index,
        sub,
        label: `/${command.name} ${sub.name}`,
        ...pick(sub),
        permissions,
        cooldown: sub.cooldown ?? command.cooldown,
        target,
        refusalShared: shared,
      };
    });
  });
}

function pick(unit: Pick<BlueprintCommand, "options" | "actions" | "permissions" | "cooldown">) {
  return { options: unit.options, actions: unit.actions, permissions: unit.permissions, cooldown: unit.cooldown };
}

export interface Used {
  actor: string;
  options: StepOption[];
  channel: string;
}

interface RunOptions {
  mode: Mode;
  optional: boolean;
  /** Run by a member without the permissions (the refusal check). */
  refusal?: boolean;
  channel?: string;
  actor?: string;
  options?: Record<string, string>;
  main?: boolean;
  /** Setup steps once the options are chosen, before the command runs. */
  prepare?: (used: Used) => void;
}

const regulars = ["Sam", "Riley", "Alex", "You"];

export class Triggers {
  constructor(private readonly planner: Planner) {}

  private get world() {
    return this.planner.world;
  }

  private joined(): string[] {
    return this.world.members.filter((member) => member.order >= 100).map((member) => member.name);
  }

  /** Who runs it: a member with the permissions who is not on its cooldown, else a fresh member. */
  actor(permissions: PermissionName[], avoid: string[], where?: string): string {
    const order = permissions.length ? ["You", "Alex", "Sam", "Riley"] : regulars;
    for (const name of [...order, ...this.joined()]) {
      if (!canAct(this.world, name) || avoid.includes(name)) continue;
      if (missingPermissions(this.world, name, permissions).length) continue;
      if (where && this.world.cooldowns.some((item) => item.key === `${where}|u:${name}`)) continue;
      return name;
    }
    return permissions.length ? "You" : this.planner.freshMember();
  }

  private someoneElse(actor: string): string {
    const found = ["Riley", "Sam", "Alex", "You", ...this.joined()].find(
      (name) => name !== actor && canAct(this.world, name),
    );
    return found ?? this.planner.freshMember();
  }

  runUnit(unit: Unit, run: RunOptions): Used {
    const channel = run.channel ?? "general";
    const lacks = (name: string) => missingPermissions(this.world, name, unit.permissions).length;
    let actor: string;
    if (run.refusal) {
      const without = ["Sam", "Riley", ...this.joined()].find(
        (name) => canAct(this.world, name) && lacks(name) === unit.permissions.length,
      );
      actor = without ?? this.planner.freshMember();
    } else if (run.actor && canAct(this.world, run.actor) && !lacks(run.actor)) actor = run.actor;
    else if (moderatesUser(unit.actions) && !unit.permissions.length) actor = this.planner.freshMember();
    else actor = this.actor(unit.permissions, [], unit.label);
    const options = this.fill(unit, run, actor, channel);
    run.prepare?.({ actor, options, channel });
    this.step(unit, { actor, options, channel }, run.main ?? true);
    return { actor, options, channel };
  }

  /** The same command again, by the same member with the same options (a ladder, a cooldown). */
  again(unit: Unit, used: Used): void {
    this.step(unit, used, true);
  }

  private fill(unit: Unit, run: RunOptions, actor: string, channel: string): StepOption[] {
    const prefix = unit.command.type === "prefix";
    const lastText = unit.options.map((option) => option.type).lastIndexOf("string");
    const moderated = moderatedOptions(unit.actions);
    const durations = durationOptions(unit.actions);
    const readAs = readAsOptions(unit.actions);
    const options: StepOption[] = [];
    for (const [index, option] of unit.options.entries()) {
      if (!option.required && !run.optional) continue;
      let value: string | number | boolean;
      const forced = run.options?.[option.name];
      if (forced !== undefined) value = forced;
      else if (option.type === "user")
        value = !run.refusal && moderated.has(option.name) ? this.planner.freshMember() : this.someoneElse(actor);
      else if (option.type === "channel") {
        const usable = (name: string) =>
          name !== channel && !findChannel(this.world, name)?.uncertain && findChannel(this.world, name);
        value = ["bot-commands", "general", "mod-log"].find(usable) ?? "general";
      } else if (option.type === "role") value = "Member";
      else
        value = sampleValue(
          option,
          index,
          run.mode,
          prefix && index !== lastText,
          readAs.get(option.name) ?? durations.has(option.name),
        );
      options.push({ name: option.name, type: option.type, value });
    }
    return options;
  }

  private step(unit: Unit, used: Used, main: boolean): void {
    const { actor: member, options, channel } = used;
    if (unit.command.type === "slash") {
      const command = unit.command.name;
      this.planner.do(
        { kind: "slash", command, ...(unit.sub ? { subcommand: unit.sub.name } : {}), options, member, channel },
        main,
      );
      return;
    }
    if (options.some((option) => ["user", "channel", "role"].includes(option.type)))
      throw new PlanError(
        "The proof cannot write a member, channel or role into a prefix command yet (they are given by id), so it is not checked.",
      );
    const args = options.map((option) =>
      typeof option.value === "number" ? formatNumber(option.value) : String(option.value),
    );
    this.planner.do({ kind: "say", content: [unit.label, ...args].join(" "), member, channel }, main);
  }

  // ── Events ──────────────────────────────────────────────────────────────────────────────────

  /** Sets the command or event off once; `actor` and `options` are wishes, kept when they can be. */
  fire(
    trigger: Trigger,
    wish: { main?: boolean; actor?: string; options?: Record<string, string>; depth?: number },
  ): Used {
    if (trigger.kind === "unit")
      return this.runUnit(trigger.unit, {
        mode: "sample",
        optional: false,
        main: wish.main,
        actor: wish.actor,
        options: wish.options,
      });
    const { event } = trigger;
    const main = wish.main ?? false;
    const depth = wish.depth ?? 0;
    const who = () =>
      wish.actor && canAct(this.world, wish.actor)
        ? wish.actor
        : moderatesUser(event.actions)
          ? this.planner.freshMember()
          : this.actor([], []);
    const used = (actor: string, channel = "general"): Used => ({ actor, options: [], channel });
    switch (event.on) {
      case "memberJoin": {
        const name = `Proof Member ${this.world.joined + 1}`;
        this.planner.do({ kind: "join", username: name }, main);
        return used(name);
      }
      case "memberLeave": {
        const name = this.planner.freshMember();
        this.planner.do({ kind: "leave", member: name }, main);
        return used(name);
      }
      case "messageContains":
      case "messageMatches": {
        const content = this.contentFor(event);
        if (!content) throw new PlanError("The proof cannot make up a message that surely sets it off.");
        const author = who();
        this.planner.do({ kind: "say", content, member: author, channel: "general" }, main);
        return used(author);
      }
      case "reactionAdd":
      case "reactionRemove": {
        const named = event.channel?.trim();
        const channel = !named || named === "here" || named.includes("{") ? "general" : named.replace(/^#/, "");
        const member = who();
        const emoji = event.emoji ?? "👍";
        this.planner.do({ kind: "say", content: "Proof message to react to", member, channel }, false);
        const on: MessageRef = { from: "any", channel };
        if (event.on === "reactionRemove") this.planner.do({ kind: "react", emoji, member, on }, false);
        this.planner.do(
          { kind: "react", emoji, member, on, ...(event.on === "reactionRemove" ? { remove: true } : {}) },
          main,
        );
        return used(member, channel);
      }
      case "button":
      case "select": {
        const member = who();
        const id = event.on === "button" ? event.button : event.menu;
        const on = this.show(event.on, id, member, depth);
        if (event.on === "button") this.planner.do({ kind: "click", customId: id, member, on }, main);
        else
          this.planner.do(
            { kind: "select", customId: id, values: menuValues(this.planner.blueprint, id), member, on },
            main,
          );
        return used(member);
      }
      case "modalSubmit": {
        const member = who();
        const fields = this.openForm(event.modal, member, depth);
        const values = Object.fromEntries(fields.map((field) => [field.id, sampleField(field)]));
        this.planner.do({ kind: "submitModal", modal: event.modal, values, member }, main);
        return used(member);
      }
      case "schedule":
        throw new PlanError("A schedule runs on its own; the proof cannot set it off.");
    }
  }

  private triggersWhere(test: (actions: Action[]) => boolean): Trigger[] {
    const units = unitsOf(this.planner.blueprint)
      .filter((unit) => test(unit.actions))
      .map((unit): Trigger => ({ kind: "unit", unit }));
    const events = this.planner.blueprint.events.flatMap((event, index): Trigger[] =>
      test(event.actions) ? [{ kind: "event", event, index }] : [],
    );
    return [...units, ...events];
  }

  /** Where a member can click the button (or use the menu): a bot message a step would reach. */
  private reach(kind: "button" | "select", id: string, member: string): MessageRef | null {
    const has = (message: MessageState | null) =>
      Boolean(message) && (kind === "button" ? message!.buttons.includes(id) : message!.select === id);
    const visible = (message: MessageState) => {
      const shown = this.world.privateMessages.find((item) => item.seq === message.seq);
      return !shown || shown.to === member;
    };
    for (const channel of this.world.channels.filter((item) => item.exists && !item.uncertain)) {
      const newest = newestBotMessage(this.world, channel.name);
      if (newest && has(newest) && visible(newest)) return { from: "bot", channel: channel.name };
    }
    const newest = newestBotMessage(this.world, null);
    return newest && has(newest) && visible(newest) ? { from: "bot" } : null;
  }

  private show(kind: "button" | "select", id: string, member: string, depth: number): MessageRef {
    const what = `${kind === "button" ? "the button" : "the menu"} ${id}`;
    const ready = this.reach(kind, id, member);
    if (ready) return ready;
    const source = this.triggersWhere((actions) =>
      everyAction(actions).some(
        (action) =>
          (action.do === "reply" || action.do === "send" || action.do === "dm") &&
          (kind === "button"
            ? action.message.buttons.some((button) => "id" in button && button.id === id)
            : action.message.select?.id === id),
      ),
    )[0];
    if (!source || depth > 2) throw new PlanError(`Nothing the proof can do shows ${what}, so it is not checked.`);
    this.fire(source, { actor: member, depth: depth + 1 });
    const shown = this.reach(kind, id, member);
    if (!shown)
      throw new PlanError(`The proof's steps do not put ${what} where ${member} can use it, so it is not checked.`);
    return shown;
  }

  /** Opens the form for the member (its command, button or menu, unless it is open) and gives its fields. */
  private openForm(id: string, member: string, depth: number) {
    const opens = (actions: Action[]) => actions[0]?.do === "showModal" && actions[0].modal.id === id;
    const source = this.triggersWhere(opens)[0];
    if (!source || depth > 2)
      throw new PlanError(`Nothing the proof can do opens the form ${id}, so it is not checked.`);
    if (!this.world.modals.some((modal) => modal.member === member && modal.id === id))
      this.fire(source, { actor: member, depth: depth + 1 });
    if (!this.world.modals.some((modal) => modal.member === member && modal.id === id))
      throw new PlanError(`The proof's steps do not open the form ${id} for ${member}, so it is not checked.`);
    const first = (source.kind === "unit" ? source.unit.actions : source.event.actions)[0];
    return first?.do === "showModal" ? first.modal.fields : [];
  }

  /**
   * The message a message event is set off with. One that looks up what it stores under the
   * message's text (custom commands) gets a text stored there, stored first if need be.
   */
  contentFor(
    event: Extract<BlueprintEvent, { on: "messageContains" | "messageMatches" }>,
    setup = false,
  ): string | null {
    const fits = (content: string) =>
      event.on === "messageContains"
        ? containsWords(content, event.words, event.match)
        : new RegExp(event.pattern, event.ignoreCase ? "i" : "").test(content);
    const keyed = everyAction(event.actions).flatMap((action) =>
      action.do === "store" && action.key?.trim() === "{message.content}" ? [action.data] : [],
    );
    const stored = () =>
      Object.entries(this.world.data).flatMap(([key, entry]) => {
        const written = entry.key && plain(entry.key);
        return keyed.some((name) => key.startsWith(`${name}|`)) && written && fits(written) ? [written] : [];
      });
    if (keyed.length && !stored().length && setup) {
      const writer = this.triggersWhere((actions) =>
        everyAction(actions).some(
          (action) => action.do === "store" && keyed.includes(action.data) && action.op === "set",
        ),
      ).find((trigger) => trigger.kind === "unit");
      if (writer) this.fire(writer, {});
    }
    return (
      stored()[0] ??
      (event.on === "messageContains"
        ? containing(event.words, event.match)
        : matching(event.pattern, event.ignoreCase))
    );
  }

  /** A channel the bot made that is still there (making one first if the blueprint can). */
  madeChannel(): string {
    const made = () =>
      this.world.channels.find((channel) => channel.created && channel.exists && !channel.uncertain)?.name;
    if (made()) return made()!;
    const source = this.triggersWhere((actions) =>
      everyAction(actions).some((action) => action.do === "createChannel"),
    )[0];
    if (source) this.fire(source, {});
    if (!made())
      throw new PlanError(
        "It deletes the channel it runs in; the proof runs it only in a channel the bot made, and it could not make one.",
      );
    return made()!;
  }
}
