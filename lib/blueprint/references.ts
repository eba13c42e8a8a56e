/**
 * What the blueprint's shape cannot say: that everything it names exists where it is used. An
 * option a template reads, the counter a condition compares, the result of an earlier action,
 * the button an event answers, a channel where there is no channel (a member joining) — each
 * refusal points at the field (its path) and says what is there instead.
 */
import { expressionPlaceholders, parseExpression } from "./expression";
import { notDice } from "./failure-notice";
import { listProperties, parseTemplate, placeholdersIn, referenceIn, type Placeholder } from "./placeholders";
import type { Action, Blueprint, BlueprintEvent, BlueprintOption, Condition } from "./schema";
import { blueprintLimits, readDice } from "./vocabulary";

export type Path = (string | number)[];
export interface ReferenceIssue {
  path: Path;
  message: string;
}

/** Where actions run: what a template may read and which actions make sense. */
interface Scope {
  kind: "slash" | "prefix" | BlueprintEvent["on"];
  options: Map<string, BlueprintOption>;
  /** Results saved so far (in order). */
  results: Set<string>;
  /** Fields of the modal being answered. */
  fields: Set<string>;
  /** Inside a `wait`: the interaction or message may be long gone. */
  later?: boolean;
}

const hasChannel = (scope: Scope) => !["memberJoin", "memberLeave"].includes(scope.kind);
const hasUser = (scope: Scope) => scope.kind !== "schedule";
const hasMessage = (scope: Scope) =>
  ["prefix", "messageContains", "messageMatches", "reactionAdd", "reactionRemove"].includes(scope.kind);
const isInteraction = (scope: Scope) => ["slash", "button", "select", "modalSubmit"].includes(scope.kind);
const canReply = (scope: Scope) =>
  isInteraction(scope) || ["prefix", "messageContains", "messageMatches"].includes(scope.kind);

export function checkReferences(blueprint: Blueprint): ReferenceIssue[] {
  const issues: ReferenceIssue[] = [];
  const report = (path: Path, message: string) => issues.push({ path, message });

  const data = new Map(blueprint.data.map((entry) => [entry.name, entry]));
  const tables = new Set(blueprint.tables.map((table) => table.name));
  unique(
    blueprint.data.map((entry) => entry.name),
    ["data"],
    "name",
    "data entry",
    report,
  );
  unique(
    blueprint.tables.map((table) => table.name),
    ["tables"],
    "name",
    "table",
    report,
  );

  // Buttons, menus and forms are declared where a message or an action shows them; events answer them by id.
  const components = { button: new Set<string>(), menu: new Set<string>(), modal: new Map<string, Set<string>>() };
  const seen = new Map<string, string>();
  const declare = (id: string, what: string, path: Path) => {
    const earlier = seen.get(id);
    if (earlier) report(path, `"${id}" is already the id of a ${earlier}. Give each button, menu and form its own id.`);
    seen.set(id, what);
  };
  walkAll(blueprint, (action, path) => {
    const message = "message" in action && typeof action.message === "object" ? action.message : undefined;
    message?.buttons.forEach((button, index) => {
      if ("id" in button) {
        declare(button.id, "button", [...path, "message", "buttons", index, "id"]);
        components.button.add(button.id);
      }
    });
    if (message?.select) {
      declare(message.select.id, "menu", [...path, "message", "select", "id"]);
      components.menu.add(message.select.id);
    }
    if (action.do === "showModal") {
      declare(action.modal.id, "form", [...path, "modal", "id"]);
      components.modal.set(action.modal.id, new Set(action.modal.fields.map((field) => field.id)));
      unique(
        action.modal.fields.map((field) => field.id),
        [...path, "modal", "fields"],
        "id",
        "field",
        report,
      );
    }
  });

  const checkActions = (actions: Action[], scope: Scope, path: Path, depth: number) => {
    if (depth > blueprintLimits.nesting) {
      report(path, `Blocks nest at most ${blueprintLimits.nesting} deep.`);
      return;
    }
    actions.forEach((action, index) => checkAction(action, scope, [...path, index], depth, index));
  };

  const checkTemplate = (text: string | undefined, scope: Scope, path: Path) => {
    if (text === undefined) return;
    const parsed = parseTemplate(text);
    if (!parsed.ok) return report(path, parsed.message);
    for (const placeholder of placeholdersIn(text)) checkPlaceholder(placeholder, scope, path);
  };

  const checkPlaceholder = (placeholder: Placeholder, scope: Scope, path: Path) => {
    const shown = `{${placeholder.source}}`;
    switch (placeholder.root) {
      case "user":
        if (!hasUser(scope)) report(path, `${shown}: a schedule runs for nobody in particular.`);
        break;
      case "channel":
        if (!hasChannel(scope)) report(path, `${shown}: a member joining or leaving happens in no channel.`);
        break;
      case "message":
        if (!hasMessage(scope))
          report(path, `${shown}: only prefix commands and message or reaction events have a message.`);
        break;
      case "reaction":
        if (!scope.kind.startsWith("reaction")) report(path, `${shown}: only reaction events have a reaction.`);
        break;
      case "select":
        if (scope.kind !== "select") report(path, `${shown}: only a menu's event has a chosen value.`);
        break;
      case "field":
        if (scope.kind !== "modalSubmit") report(path, `${shown}: only a form's event has fields.`);
        else if (!scope.fields.has(placeholder.name!)) {
          report(path, `${shown}: the form has no field "${placeholder.name}"${listed(scope.fields)}.`);
        }
        break;
      case "option": {
        const option = scope.options.get(placeholder.name!);
        if (!option)
          report(path, `${shown}: there is no option "${placeholder.name}" here${listed(scope.options.keys())}.`);
        else if (["avatar", "roles", "toprole"].includes(placeholder.property ?? "") && option.type !== "user") {
          report(path, `${shown}: "${option.name}" is a ${option.type}; only members have .${placeholder.property}.`);
        } else if ((listProperties as readonly string[]).includes(placeholder.property ?? "")) {
          if (option.type !== "string")
            report(
              path,
              `${shown}: "${option.name}" is a ${option.type}; only text options have .${placeholder.property}.`,
            );
        } else if (placeholder.property && !["user", "channel", "role"].includes(option.type)) {
          report(
            path,
            `${shown}: "${option.name}" is a ${option.type}; only members, channels and roles have .${placeholder.property}.`,
          );
        }
        break;
      }
      case "result":
        if (!scope.results.has(placeholder.name!)) {
          report(path, `${shown}: no earlier action saves "${placeholder.name}"${listed(scope.results)}.`);
        }
        break;
      case "data": {
        const entry = data.get(placeholder.name!);
        if (!entry) report(path, `${shown}: there is no data "${placeholder.name}"${listed(data.keys())}.`);
        else if (entry.keyed)
          report(path, `${shown}: "${entry.name}" holds many values under keys; read one with a Store "get" action.`);
        break;
      }
    }
  };

  /** "{user}", "{option.x}", "{result.x}" for a member; channels and roles may also be plain names. */
  const checkRef = (value: string, scope: Scope, path: Path, want: "member" | "channel" | "role") => {
    const trimmed = value.trim();
    if (want === "channel" && trimmed === "here") {
      if (!hasChannel(scope))
        report(path, `"here": a member joining or leaving happens in no channel; name one, like "#welcome".`);
      return;
    }
    const reference = referenceIn(trimmed);
    if (!reference) {
      if (trimmed.includes("{")) return report(path, `"${trimmed}" should be one placeholder, like {option.${want}}.`);
      if (want === "member") report(path, `Say which member with {user} or a member option, like {option.member}.`);
      return; // a channel or role by name
    }
    if (reference.root === "user") {
      if (want !== "member") report(path, `{user} is a member, not a ${want}.`);
      else if (!hasUser(scope)) report(path, `{user}: a schedule runs for nobody in particular.`);
      return;
    }
    if (reference.root === "channel") {
      if (want !== "channel") report(path, `{channel} is a channel, not a ${want}.`);
      else if (!hasChannel(scope)) report(path, `{channel}: a member joining or leaving happens in no channel.`);
      return;
    }
    if (reference.property)
      return report(path, `Write {${reference.root}.${reference.name}} without .${reference.property} here.`);
    checkPlaceholder(reference, scope, path);
    if (reference.root === "option") {
      const option = scope.options.get(reference.name!);
      const type = want === "member" ? "user" : want;
      if (option && option.type !== type)
        report(path, `{option.${option.name}} is a ${option.type} option, not a ${want}.`);
    } else if (reference.root !== "result") {
      report(path, `Use {user}, an option or an earlier result for the ${want}.`);
    }
  };

  const checkMessage = (message: Extract<Action, { do: "reply" }>["message"], scope: Scope, path: Path) => {
    checkTemplate(message.text, scope, [...path, "text"]);
    if (message.embed) {
      for (const key of ["title", "description", "footer"] as const)
        checkTemplate(message.embed[key], scope, [...path, "embed", key]);
      message.embed.fields.forEach((field, index) => {
        checkTemplate(field.name, scope, [...path, "embed", "fields", index, "name"]);
        checkTemplate(field.value, scope, [...path, "embed", "fields", index, "value"]);
      });
    }
    if (message.select && message.select.min > message.select.max) {
      report([...path, "select", "min"], "The menu's minimum is above its maximum.");
    }
  };

  const checkCondition = (condition: Condition, scope: Scope, path: Path) => {
    switch (condition.test) {
      case "compare":
        checkTemplate(condition.left, scope, [...path, "left"]);
        checkTemplate(condition.right, scope, [...path, "right"]);
        break;
      case "isSet":
        checkTemplate(condition.value, scope, [...path, "value"]);
        break;
      case "hasPermission":
        checkRef(condition.member, scope, [...path, "member"], "member");
        break;
      case "hasRole":
        checkRef(condition.member, scope, [...path, "member"], "member");
        checkRef(condition.role, scope, [...path, "role"], "role");
        break;
      case "all":
      case "any":
        condition.conditions.forEach((inner, index) => checkCondition(inner, scope, [...path, "conditions", index]));
        break;
      case "not":
        checkCondition(condition.condition, scope, [...path, "condition"]);
        break;
    }
  };

  const checkAction = (action: Action, scope: Scope, path: Path, depth: number, index: number) => {
    switch (action.do) {
      case "reply":
        if (!canReply(scope)) {
          report([...path, "do"], `There is nobody to reply to here; send to a channel or DM the member instead.`);
        } else if (scope.later) {
          report(
            [...path, "do"],
            "After a wait the answer may have expired: send to a channel or DM the member instead.",
          );
        }
        if (action.ephemeral && !isInteraction(scope)) {
          report(
            [...path, "ephemeral"],
            "Only answers to slash commands, buttons, menus and forms can be visible to one member.",
          );
        }
        checkMessage(action.message, scope, [...path, "message"]);
        break;
      case "send":
        checkRef(action.channel, scope, [...path, "channel"], "channel");
        checkMessage(action.message, scope, [...path, "message"]);
        break;
      case "dm":
        checkRef(action.member, scope, [...path, "member"], "member");
        checkMessage(action.message, scope, [...path, "message"]);
        break;
      case "react":
        if (action.message !== undefined) {
          const posted = referenceIn(action.message);
          if (posted?.root !== "result" || posted.property)
            report(
              [...path, "message"],
              'React to a message the bot posted earlier: "{result.NAME}", a send\'s saveAs.',
            );
          else if (scope.later)
            report(
              [...path, "message"],
              "After a wait the bot keeps what it posted as a link only: react before the wait.",
            );
          else checkPlaceholder(posted, scope, [...path, "message"]);
          break;
        }
        if (!hasMessage(scope))
          report([...path, "do"], "Only prefix commands and message or reaction events have a message to act on.");
        break;
      case "deleteMessage":
        if (!hasMessage(scope))
          report([...path, "do"], "Only prefix commands and message or reaction events have a message to act on.");
        break;
      case "purge":
        if (!hasChannel(scope)) report([...path, "do"], "A member joining or leaving happens in no channel.");
        if (typeof action.count === "string") checkTemplate(action.count, scope, [...path, "count"]);
        break;
      case "slowmode":
      case "lockChannel":
      case "unlockChannel":
        checkRef(action.channel, scope, [...path, "channel"], "channel");
        break;
      case "addToChannel":
      case "removeFromChannel":
        checkRef(action.channel, scope, [...path, "channel"], "channel");
        checkRef(action.member, scope, [...path, "member"], "member");
        break;
      case "timeout":
      case "removeTimeout":
      case "kick":
      case "ban":
        checkRef(action.member, scope, [...path, "member"], "member");
        checkTemplate(action.reason, scope, [...path, "reason"]);
        if ((action.do === "timeout" || action.do === "ban") && action.duration)
          checkTemplate(action.duration, scope, [...path, "duration"]);
        break;
      case "unban":
        checkTemplate(action.user, scope, [...path, "user"]);
        break;
      case "addRole":
      case "removeRole":
      case "toggleRole":
        checkRef(action.member, scope, [...path, "member"], "member");
        checkRef(action.role, scope, [...path, "role"], "role");
        break;
      case "createChannel":
        checkTemplate(action.name, scope, [...path, "name"]);
        checkTemplate(action.topic, scope, [...path, "topic"]);
        checkRef(action.member, scope, [...path, "member"], "member");
        if (action.staffRole) checkRef(action.staffRole, scope, [...path, "staffRole"], "role");
        break;
      case "deleteChannel":
        checkRef(action.channel, scope, [...path, "channel"], "channel");
        break;
      case "store":
        checkStore(action, scope, path);
        break;
      case "random":
        action.choices?.forEach((choice, at) => checkTemplate(choice, scope, [...path, "choices", at]));
        if (typeof action.min === "string") checkTemplate(action.min, scope, [...path, "min"]);
        if (typeof action.max === "string") checkTemplate(action.max, scope, [...path, "max"]);
        if (action.from !== undefined) checkTemplate(action.from, scope, [...path, "from"]);
        if (action.dice !== undefined) {
          checkTemplate(action.dice, scope, [...path, "dice"]);
          // Written out ("2d6"), it must read as dice now; from a placeholder, when it runs.
          if (!placeholdersIn(action.dice).length && !readDice(action.dice))
            report([...path, "dice"], notDice(action.dice) + ".");
        }
        break;
      case "lookup":
        if (!tables.has(action.table))
          report([...path, "table"], `There is no table "${action.table}"${listed(tables)}.`);
        checkTemplate(action.key, scope, [...path, "key"]);
        checkTemplate(action.fallback, scope, [...path, "fallback"]);
        break;
      case "calculate": {
        const parsed = parseExpression(action.expression);
        if (!parsed.ok) report([...path, "expression"], parsed.message);
        else
          for (const placeholder of expressionPlaceholders(parsed.expression))
            checkPlaceholder(placeholder, scope, [...path, "expression"]);
        break;
      }
      case "showModal":
        if (!["slash", "button", "select"].includes(scope.kind)) {
          report([...path, "do"], "A form can only open in answer to a slash command, a button or a menu.");
        } else if (scope.later || index !== 0 || path.some((step) => step === "then" || step === "else")) {
          report(
            [...path, "do"],
            "A form has to be the first thing the bot does (Discord allows no other answer before it).",
          );
        }
        break;
      case "if":
        checkCondition(action.when, scope, [...path, "when"]);
        checkActions(action.then, scope, [...path, "then"], depth + 1);
        checkActions(action.else, scope, [...path, "else"], depth + 1);
        break;
      case "wait":
        checkTemplate(action.duration, scope, [...path, "duration"]);
        // Later, the message or interaction may be gone: no replies, no forms.
        checkActions(action.then, { ...scope, later: true }, [...path, "then"], depth + 1);
        break;
      case "stop":
        break;
    }
    if ("saveAs" in action && action.saveAs) scope.results.add(action.saveAs);
  };

  const checkStore = (action: Extract<Action, { do: "store" }>, scope: Scope, path: Path) => {
    const entry = data.get(action.data);
    if (!entry) return report([...path, "data"], `There is no data "${action.data}"${listed(data.keys())}.`);
    const { op } = action;
    if ((op === "increment" || op === "decrement") && entry.kind !== "number") {
      report(
        [...path, "op"],
        `"${entry.name}" holds ${entry.kind === "list" ? "a list" : "text"}; only numbers go up and down.`,
      );
    }
    if ((op === "append" || op === "remove" || op === "removeAt") && entry.kind !== "list")
      report([...path, "op"], `"${entry.name}" is not a list.`);
    if (op === "list" && !entry.keyed && entry.kind !== "list") {
      report([...path, "op"], `"${entry.name}" holds one value; "list" is for lists and keyed data.`);
    }
    if ((op === "get" || op === "list") && !action.saveAs)
      report([...path, "saveAs"], `Name the result, so later actions can use it.`);
    if (entry.keyed && op !== "list" && !action.key)
      report([...path, "key"], `"${entry.name}" holds values under keys: say which key.`);
    if (!entry.keyed && action.key) report([...path, "key"], `"${entry.name}" has no keys.`);
    if (["set", "append", "remove"].includes(op) && action.value === undefined)
      report([...path, "value"], "Give the value.");
    if (op === "removeAt" && action.value === undefined)
      report([...path, "value"], "Give the position of the item to remove (1 is the first), e.g. {option.number}.");
    if (action.member) {
      if (entry.scope !== "member" && entry.scope !== "user")
        report([...path, "member"], `"${entry.name}" is kept per ${entry.scope}, not per member.`);
      else checkRef(action.member, scope, [...path, "member"], "member");
    } else if ((entry.scope === "member" || entry.scope === "user") && scope.kind === "schedule") {
      report([...path, "member"], `A schedule runs for nobody in particular: say whose "${entry.name}".`);
    }
    checkTemplate(action.key, scope, [...path, "key"]);
    checkTemplate(action.value, scope, [...path, "value"]);
  };

  // Commands
  const commandNames = new Set<string>();
  blueprint.commands.forEach((command, commandIndex) => {
    const path: Path = ["commands", commandIndex];
    const label = `${command.type === "slash" ? "/" : blueprint.prefix}${command.name}`;
    if (commandNames.has(label)) report([...path, "name"], `There are two ${label} commands.`);
    commandNames.add(label);
    if (command.type === "prefix" && command.subcommands.length)
      report([...path, "subcommands"], "Only slash commands have subcommands.");
    if (command.subcommands.length) {
      if (command.actions.length)
        report([...path, "actions"], "A command with subcommands does its work in them; move these actions into one.");
      if (command.options.length) report([...path, "options"], "A command with subcommands has its options on them.");
      unique(
        command.subcommands.map((sub) => sub.name),
        [...path, "subcommands"],
        "name",
        "subcommand",
        report,
      );
    } else if (!command.actions.length) {
      report([...path, "actions"], `${label} does nothing yet: add an action.`);
    }
    const units = command.subcommands.length
      ? command.subcommands.map((sub, at) => ({ unit: sub, path: [...path, "subcommands", at] }))
      : [{ unit: command, path }];
    for (const { unit, path: unitPath } of units) {
      checkOptions(unit.options, [...unitPath, "options"], report);
      const scope: Scope = {
        kind: command.type,
        options: new Map(unit.options.map((option) => [option.name, option])),
        results: new Set(),
        fields: new Set(),
      };
      checkTemplate(unit.cooldown?.message, scope, [...unitPath, "cooldown", "message"]);
      checkCount(unit.actions, [...unitPath, "actions"], report);
      checkActions(unit.actions, scope, [...unitPath, "actions"], 0);
    }
  });

  // Events
  blueprint.events.forEach((event, eventIndex) => {
    const path: Path = ["events", eventIndex];
    const scope: Scope = { kind: event.on, options: new Map(), results: new Set(), fields: new Set() };
    if (event.on === "button" && !components.button.has(event.button)) {
      report([...path, "button"], `No message shows a button "${event.button}"${listed(components.button)}.`);
    }
    if (event.on === "select" && !components.menu.has(event.menu)) {
      report([...path, "menu"], `No message shows a menu "${event.menu}"${listed(components.menu)}.`);
    }
    if (event.on === "modalSubmit") {
      const fields = components.modal.get(event.modal);
      if (!fields)
        report([...path, "modal"], `No action opens a form "${event.modal}"${listed(components.modal.keys())}.`);
      scope.fields = fields ?? new Set();
    }
    if (event.on === "messageMatches") {
      const problem = patternProblem(event.pattern);
      if (problem) report([...path, "pattern"], problem);
    }
    if ((event.on === "reactionAdd" || event.on === "reactionRemove") && event.channel)
      checkRef(event.channel, scope, [...path, "channel"], "channel");
    if (event.on === "schedule") checkRef(event.channel, scope, [...path, "channel"], "channel");
    if (!event.actions.length) report([...path, "actions"], "This event does nothing yet: add an action.");
    checkCount(event.actions, [...path, "actions"], report);
    checkActions(event.actions, scope, [...path, "actions"], 0);
  });

  return issues;
}

function checkOptions(options: BlueprintOption[], path: Path, report: (path: Path, message: string) => void) {
  unique(
    options.map((option) => option.name),
    path,
    "name",
    "option",
    report,
  );
  let optionalSeen = false;
  options.forEach((option, index) => {
    const at = [...path, index];
    if (option.required && optionalSeen)
      report([...at, "required"], "Discord lists required options first: move this one up.");
    if (!option.required) optionalSeen = true;
    if (option.required && option.default !== undefined)
      report([...at, "default"], "Only optional options have a default.");
    const numeric = option.type === "integer" || option.type === "number";
    if (option.choices && !numeric && option.type !== "string")
      report([...at, "choices"], "Only text and number options have choices.");
    if ((option.min !== undefined || option.max !== undefined) && !numeric)
      report([...at, "min"], "Only number options have a minimum and a maximum.");
    if (option.min !== undefined && option.max !== undefined && option.min > option.max)
      report([...at, "min"], "The minimum is above the maximum.");
    if (option.default !== undefined && numeric && !Number.isFinite(Number(option.default)))
      report([...at, "default"], "The default of a number option is a number.");
    if (option.default !== undefined && option.type === "integer" && !Number.isInteger(Number(option.default)))
      report([...at, "default"], "The default of a whole-number option is a whole number.");
  });
}

function checkCount(actions: Action[], path: Path, report: (path: Path, message: string) => void) {
  const count = (list: Action[]): number =>
    list.reduce(
      (total, action) =>
        total +
        1 +
        (action.do === "if" ? count(action.then) + count(action.else) : action.do === "wait" ? count(action.then) : 0),
      0,
    );
  if (count(actions) > blueprintLimits.actions)
    report(path, `Keep it to ${blueprintLimits.actions} actions, blocks included.`);
}

function unique(
  names: string[],
  path: Path,
  field: string,
  what: string,
  report: (path: Path, message: string) => void,
) {
  const seen = new Set<string>();
  names.forEach((name, index) => {
    if (seen.has(name)) report([...path, index, field], `There are two of ${what} "${name}".`);
    seen.add(name);
  });
}

function listed(names: Iterable<string>): string {
  const all = [...names];
  return all.length ? ` (there is ${all.map((name) => `"${name}"`).join(", ")})` : "";
}

/**
 * Patterns run in the compiled bot's language: JavaScript's and Python's regular expressions
 * read this subset alike. Why a pattern is refused, or null.
 */
export function patternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern);
  } catch {
    return "The pattern does not read as a regular expression.";
  }
  // Read escape by escape, so an escaped backslash ("\\x") is not taken for "\x".
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (char === "\\") {
      const next = pattern[index + 1] ?? "";
      if (next === "k") return "Named groups are not supported.";
      if (/[pPuxcZAz0-9]/.test(next)) return "Use letters, digits, . * + ? | ( ) [ ] { } ^ $ and \\d \\w \\s \\b only.";
      index++;
    } else if (char === "(" && pattern[index + 1] === "?") {
      const kind = pattern.slice(index + 2, index + 4);
      if (kind === "<=" || kind === "<!")
        return "Look-behind, (?<=…) and (?<!…), is not supported: describe the words instead.";
      if (kind[0] === "<" || kind[0] === "P") return "Named groups are not supported.";
      if (kind[0] !== ":" && kind[0] !== "=" && kind[0] !== "!")
        return "Use letters, digits, . * + ? | ( ) [ ] { } ^ $ and \\d \\w \\s \\b only.";
    }
  }
  return null;
}

/** Every action of the blueprint, nested ones included, with its path. */
export function walkAll(blueprint: Blueprint, visit: (action: Action, path: Path) => void): void {
  const walk = (actions: Action[], path: Path) =>
    actions.forEach((action, index) => {
      visit(action, [...path, index]);
      if (action.do === "if") {
        walk(action.then, [...path, index, "then"]);
        walk(action.else, [...path, index, "else"]);
      } else if (action.do === "wait") walk(action.then, [...path, index, "then"]);
    });
  blueprint.commands.forEach((command, index) => {
    walk(command.actions, ["commands", index, "actions"]);
    command.subcommands.forEach((sub, at) => walk(sub.actions, ["commands", index, "subcommands", at, "actions"]));
  });
  blueprint.events.forEach((event, index) => walk(event.actions, ["events", index, "actions"]));
}
