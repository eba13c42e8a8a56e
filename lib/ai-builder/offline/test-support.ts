/** Helpers for the offline builder's tests: find the parts of a blueprint a test talks about. */
import { expect } from "vitest";

import type { Understanding } from "@/lib/ai-builder/types";
import { checkBlueprint } from "@/lib/blueprint";
import type { Action, BlueprintCommand, BlueprintEvent } from "@/lib/blueprint/schema";

import { understand } from ".";

/** Understands the description and checks what every result must be: a valid blueprint. */
export function build(description: string): Understanding {
  const result = understand(description);
  const checked = checkBlueprint(result.blueprint);
  expect(checked.ok, JSON.stringify(checked.ok ? [] : checked.problems)).toBe(true);
  return result;
}

export function commandNamed(result: Understanding, name: string): BlueprintCommand {
  const found = result.blueprint.commands.find((command) => command.name === name);
  expect(found, `/${name} in ${result.blueprint.commands.map((c) => c.name).join(", ")}`).toBeDefined();
  return found!;
}

/** The event type for one `on` (reactionAdd and reactionRemove share a shape). */
type EventOf<K extends BlueprintEvent["on"]> = BlueprintEvent extends infer E
  ? E extends { on: infer O }
    ? K extends O
      ? E
      : never
    : never
  : never;

export function eventsOn<K extends BlueprintEvent["on"]>(result: Understanding, on: K): EventOf<K>[] {
  return result.blueprint.events.filter((event) => event.on === on) as EventOf<K>[];
}

/** Every action, nested ones included. */
export function allActions(actions: readonly Action[]): Action[] {
  return actions.flatMap((action) => [
    action,
    ...(action.do === "if" ? [...allActions(action.then), ...allActions(action.else)] : []),
    ...(action.do === "wait" ? allActions(action.then) : []),
  ]);
}

/** The action type for one `do` (addRole, removeRole and toggleRole share a shape). */
type ActionOf<K extends Action["do"]> = Action extends infer A
  ? A extends { do: infer D }
    ? K extends D
      ? A
      : never
    : never
  : never;

export function actionsOf<K extends Action["do"]>(actions: readonly Action[], kind: K): ActionOf<K>[] {
  return allActions(actions).filter((action) => action.do === kind) as ActionOf<K>[];
}

/** Every action of the whole blueprint. */
export function everyAction(result: Understanding): Action[] {
  const { commands, events } = result.blueprint;
  return allActions([
    ...commands.flatMap((command) => [...command.actions, ...command.subcommands.flatMap((sub) => sub.actions)]),
    ...events.flatMap((event) => event.actions),
  ]);
}

export function replyTexts(actions: readonly Action[]): string[] {
  return actionsOf(actions, "reply").map((action) => action.message.text ?? "");
}
