/**
 * The blueprint in plain words: every action and event with its name, what it does, where the
 * builder lists it, a sensible new one, and a one-line summary of a filled-in one. Used by the
 * builder's menus and cards, and by anything that explains a bot to a person (the AI builder's
 * plan, the API docs).
 */
import type { Action, ActionKind, BlueprintCommand, BlueprintEvent, Condition, EventKind } from "./schema";
import { permissionLabels } from "./vocabulary";

export type ActionGroup = "Messages" | "Moderation" | "Roles and channels" | "Data and logic";

export interface ActionInfo {
  label: string;
  description: string;
  group: ActionGroup;
  /** A new action of this kind, valid where the kind is allowed. */
  create(): Action;
}

export const actionCatalog: Record<ActionKind, ActionInfo> = {
  reply: {
    label: "Reply",
    description: "Answer the command or message",
    group: "Messages",
    create: () => ({ do: "reply", message: { text: "Done!", buttons: [] }, ephemeral: false }),
  },
  send: {
    label: "Send to a channel",
    description: "Post a message in a named channel",
    group: "Messages",
    create: () => ({ do: "send", channel: "#general", message: { text: "Hello!", buttons: [] } }),
  },
  dm: {
    label: "Send a DM",
    description: "Message a member privately",
    group: "Messages",
    create: () => ({ do: "dm", member: "{user}", message: { text: "Hi {user.name}!", buttons: [] } }),
  },
  react: {
    label: "React",
    description: "Add an emoji to the message, or to one the bot posted",
    group: "Messages",
    create: () => ({ do: "react", emoji: "👍" }),
  },
  deleteMessage: {
    label: "Delete the message",
    description: "Remove the message that triggered this",
    group: "Messages",
    create: () => ({ do: "deleteMessage" }),
  },
  purge: {
    label: "Purge messages",
    description: "Delete the channel's last messages",
    group: "Moderation",
    create: () => ({ do: "purge", count: 10 }),
  },
  showModal: {
    label: "Open a form",
    description: "Ask the member to fill in fields",
    group: "Messages",
    create: () => ({
      do: "showModal",
      modal: {
        id: "form",
        title: "Tell us more",
        fields: [{ id: "answer", label: "Your answer", style: "short", required: true }],
      },
    }),
  },
  timeout: {
    label: "Time out",
    description: "Stop a member talking for a while",
    group: "Moderation",
    create: () => ({ do: "timeout", member: "{user}", duration: "10m" }),
  },
  removeTimeout: {
    label: "End a timeout",
    description: "Let a member talk again",
    group: "Moderation",
    create: () => ({ do: "removeTimeout", member: "{user}" }),
  },
  kick: {
    label: "Kick",
    description: "Remove a member from the server",
    group: "Moderation",
    create: () => ({ do: "kick", member: "{user}" }),
  },
  ban: {
    label: "Ban",
    description: "Ban a member, for good or for a while",
    group: "Moderation",
    create: () => ({ do: "ban", member: "{user}" }),
  },
  unban: {
    label: "Unban",
    description: "Lift a ban by user id",
    group: "Moderation",
    create: () => ({ do: "unban", user: "{option.user_id}" }),
  },
  addRole: {
    label: "Add a role",
    description: "Give a member a role",
    group: "Roles and channels",
    create: () => ({ do: "addRole", member: "{user}", role: "Member" }),
  },
  removeRole: {
    label: "Remove a role",
    description: "Take a role away",
    group: "Roles and channels",
    create: () => ({ do: "removeRole", member: "{user}", role: "Member" }),
  },
  toggleRole: {
    label: "Toggle a role",
    description: "Add it, or remove it if they have it",
    group: "Roles and channels",
    create: () => ({ do: "toggleRole", member: "{user}", role: "Member" }),
  },
  createChannel: {
    label: "Create a private channel",
    description: "A channel only the member and staff can see",
    group: "Roles and channels",
    create: () => ({ do: "createChannel", name: "ticket-{user.name}", member: "{user}", saveAs: "channel" }),
  },
  deleteChannel: {
    label: "Delete a channel",
    description: "Now or after a delay",
    group: "Roles and channels",
    create: () => ({ do: "deleteChannel", channel: "here" }),
  },
  slowmode: {
    label: "Set slowmode",
    description: "Seconds between a member's messages",
    group: "Roles and channels",
    create: () => ({ do: "slowmode", channel: "here", seconds: 10 }),
  },
  lockChannel: {
    label: "Lock a channel",
    description: "Members can no longer send messages in it",
    group: "Roles and channels",
    create: () => ({ do: "lockChannel", channel: "here" }),
  },
  unlockChannel: {
    label: "Unlock a channel",
    description: "Members can send messages in it again",
    group: "Roles and channels",
    create: () => ({ do: "unlockChannel", channel: "here" }),
  },
  addToChannel: {
    label: "Add to a channel",
    description: "Let a member see and talk in it (a ticket)",
    group: "Roles and channels",
    create: () => ({ do: "addToChannel", channel: "here", member: "{option.member}" }),
  },
  removeFromChannel: {
    label: "Remove from a channel",
    description: "Take that access away again",
    group: "Roles and channels",
    create: () => ({ do: "removeFromChannel", channel: "here", member: "{option.member}" }),
  },
  store: {
    label: "Remember data",
    description: "Get, set, add to or list stored data",
    group: "Data and logic",
    create: () => ({ do: "store", data: "counter", op: "increment", saveAs: "count" }),
  },
  random: {
    label: "Pick at random",
    description: "A random choice, number or dice roll",
    group: "Data and logic",
    create: () => ({ do: "random", min: 1, max: 6, saveAs: "roll" }),
  },
  lookup: {
    label: "Look up in a table",
    description: "Find a value by its key",
    group: "Data and logic",
    create: () => ({ do: "lookup", table: "answers", key: "{option.topic}", saveAs: "answer" }),
  },
  calculate: {
    label: "Calculate",
    description: "Arithmetic on numbers",
    group: "Data and logic",
    create: () => ({ do: "calculate", expression: "1 + 1", saveAs: "total" }),
  },
  if: {
    label: "If / else",
    description: "Do something only when a condition holds",
    group: "Data and logic",
    create: () => ({
      do: "if",
      when: { test: "compare", left: "{user.name}", op: "==", right: "" },
      then: [],
      else: [],
    }),
  },
  wait: {
    label: "Wait, then…",
    description: "Act later, even after a restart",
    group: "Data and logic",
    create: () => ({ do: "wait", duration: "10m", then: [] }),
  },
  stop: { label: "Stop", description: "Do nothing more", group: "Data and logic", create: () => ({ do: "stop" }) },
};

export const actionGroups: ActionGroup[] = ["Messages", "Moderation", "Roles and channels", "Data and logic"];

export const eventCatalog: Record<EventKind, { label: string; create(): BlueprintEvent }> = {
  memberJoin: { label: "A member joins", create: () => ({ on: "memberJoin", actions: [] }) },
  memberLeave: { label: "A member leaves", create: () => ({ on: "memberLeave", actions: [] }) },
  messageContains: {
    label: "A message contains words",
    create: () => ({ on: "messageContains", words: ["hello"], match: "any", actions: [] }),
  },
  messageMatches: {
    label: "A message matches a pattern",
    create: () => ({ on: "messageMatches", pattern: "^hi", ignoreCase: true, actions: [] }),
  },
  reactionAdd: { label: "A reaction is added", create: () => ({ on: "reactionAdd", actions: [] }) },
  reactionRemove: { label: "A reaction is removed", create: () => ({ on: "reactionRemove", actions: [] }) },
  button: { label: "A button is clicked", create: () => ({ on: "button", button: "", actions: [] }) },
  select: { label: "A menu choice is made", create: () => ({ on: "select", menu: "", actions: [] }) },
  modalSubmit: { label: "A form is submitted", create: () => ({ on: "modalSubmit", modal: "", actions: [] }) },
  schedule: {
    label: "On a schedule",
    create: () => ({ on: "schedule", every: "1h", channel: "#general", actions: [] }),
  },
};

const short = (text: string, max = 40) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One line for an action card or a plan: "Reply: “Pong!”", "Time out {option.member} for 1h". */
export function describeAction(action: Action): string {
  switch (action.do) {
    case "reply":
    case "send":
    case "dm": {
      const what =
        action.message.text ?? action.message.embed?.title ?? action.message.embed?.description ?? "an embed";
      const where = action.do === "send" ? ` in ${action.channel}` : action.do === "dm" ? ` to ${action.member}` : "";
      return `${action.do === "reply" ? "Reply" : action.do === "send" ? "Send" : "DM"}${where}: “${short(what)}”${
        action.do === "reply" && action.ephemeral ? " (only they see it)" : ""
      }`;
    }
    case "react":
      return `React with ${action.emoji}${action.message ? ` on ${action.message}` : ""}`;
    case "deleteMessage":
      return "Delete the message";
    case "purge":
      return `Delete the last ${action.count} messages`;
    case "showModal":
      return `Open the form “${action.modal.title}”`;
    case "timeout":
      return `Time out ${action.member} for ${action.duration}`;
    case "removeTimeout":
      return `End ${action.member}'s timeout`;
    case "kick":
      return `Kick ${action.member}`;
    case "ban":
      return `Ban ${action.member}${action.duration ? ` for ${action.duration}` : ""}`;
    case "unban":
      return `Unban ${action.user}`;
    case "addRole":
      return `Give ${action.member} the role ${action.role}`;
    case "removeRole":
      return `Take the role ${action.role} from ${action.member}`;
    case "toggleRole":
      return `Toggle the role ${action.role} for ${action.member}`;
    case "createChannel":
      return `Create a private channel “${action.name}”`;
    case "deleteChannel":
      return `Delete ${action.channel === "here" ? "this channel" : action.channel}${action.after ? ` after ${action.after}` : ""}`;
    case "slowmode":
      return `Slowmode ${action.seconds}s in ${action.channel}`;
    case "lockChannel":
      return `Lock ${action.channel === "here" ? "this channel" : action.channel}`;
    case "unlockChannel":
      return `Unlock ${action.channel === "here" ? "this channel" : action.channel}`;
    case "addToChannel":
      return `Add ${action.member} to ${action.channel === "here" ? "this channel" : action.channel}`;
    case "removeFromChannel":
      return `Remove ${action.member} from ${action.channel === "here" ? "this channel" : action.channel}`;
    case "store":
      return `${action.op[0]!.toUpperCase()}${action.op.slice(1)} ${action.data}${action.key ? ` [${short(action.key, 20)}]` : ""}${
        action.value !== undefined ? ` ${action.value}` : ""
      }`;
    case "random":
      return action.from !== undefined
        ? `Pick one of ${action.from}`
        : action.choices
          ? `Pick one of ${action.choices.length} choices`
          : action.dice !== undefined
            ? `Roll ${action.dice}`
            : `Roll from ${action.min} to ${action.max}`;
    case "lookup":
      return `Look up ${action.key} in ${action.table}`;
    case "calculate":
      return `Calculate ${short(action.expression)}`;
    case "if":
      return `If ${describeCondition(action.when)}`;
    case "wait":
      return `Wait ${action.duration}, then ${action.then.length} action${action.then.length === 1 ? "" : "s"}`;
    case "stop":
      return "Stop";
  }
}

export function describeCondition(condition: Condition): string {
  switch (condition.test) {
    case "compare":
      return `${condition.left} ${condition.op} ${condition.right || "“”"}`;
    case "isSet":
      return `${condition.value} is given`;
    case "hasPermission":
      return `${condition.member} has ${permissionLabels[condition.permission]}`;
    case "hasRole":
      return `${condition.member} has the role ${condition.role}`;
    case "all":
      return condition.conditions.map(describeCondition).join(" and ");
    case "any":
      return condition.conditions.map(describeCondition).join(" or ");
    case "not":
      return `not (${describeCondition(condition.condition)})`;
  }
}

/** "/warn", "!coin" */
export function commandLabel(command: Pick<BlueprintCommand, "type" | "name">, prefix: string): string {
  return `${command.type === "slash" ? "/" : prefix}${command.name}`;
}

/** "When a member joins", "When the button open_ticket is clicked" */
export function describeEvent(event: BlueprintEvent): string {
  switch (event.on) {
    case "messageContains":
      return `When a message contains ${event.words.map((word) => `“${word}”`).join(event.match === "all" ? " and " : " or ")}`;
    case "messageMatches":
      return `When a message matches /${event.pattern}/`;
    case "button":
      return `When the button ${event.button || "…"} is clicked`;
    case "select":
      return `When a choice is made in ${event.menu || "…"}`;
    case "modalSubmit":
      return `When the form ${event.modal || "…"} is submitted`;
    case "schedule":
      return `Every ${event.every} in ${event.channel}`;
    case "reactionAdd":
    case "reactionRemove":
      return `When ${event.emoji ?? "a reaction"} is ${event.on === "reactionAdd" ? "added" : "removed"}${event.channel ? ` in ${event.channel}` : ""}`;
    default:
      return `When ${eventCatalog[event.on].label.toLowerCase()}`;
  }
}
