/**
 * A list each member keeps (or one for the whole server): "/todo add <item>, /todo list, /todo
 * done <number>", "a shopping list with /shop add|list|remove|clear". Items are numbered as they
 * are listed, and removed by that number; the sub-commands keep the names the user wrote.
 */
import type { Action } from "@/lib/blueprint/schema";

import { addData, capitalise, command, ifThen, reply, type CommandFeature, type SubcommandInput } from "../parts";
import type { Reader } from "../read";
import type { Token } from "../text";

const roles = {
  add: ["add", "new", "create", "push", "put", "save", "append"],
  list: ["list", "show", "view", "all", "see", "mine", "my"],
  done: ["done", "remove", "delete", "finish", "complete", "check", "tick", "del", "rm", "finished", "completed"],
  clear: ["clear", "reset", "wipe", "empty", "clean"],
} as const;
type Role = keyof typeof roles;

const roleOf = (word: string): Role | null =>
  (Object.keys(roles) as Role[]).find((role) => (roles[role] as readonly string[]).includes(word)) ?? null;

/** The sub-commands written after the command ("/todo add", "/todo add|list|done"), each with its usage args. */
function written(reader: Reader, name: string): { word: string; role: Role; args: string[]; tokens: Token[] }[] {
  const doc = reader.doc.tokens;
  const found: { word: string; role: Role; args: string[]; tokens: Token[] }[] = [];
  doc.forEach((t, i) => {
    if (t.command?.name !== name) return;
    // "/todo add|list|done": several at once.
    for (let k = i + 1; k < Math.min(doc.length, i + 12); k++) {
      const word = doc[k]!;
      const role = word.kind === "word" ? roleOf(word.lower) : null;
      if (role && !found.some((item) => item.word === word.lower)) {
        const args: string[] = [];
        for (let a = k + 1; a < Math.min(doc.length, k + 4) && doc[a]!.kind === "arg"; a++)
          args.push(doc[a]!.arg?.name ?? "");
        found.push({ word: word.lower, role, args, tokens: [word, ...doc.slice(k + 1, k + 1 + args.length)] });
      }
      if (doc[k + 1]?.text !== "|") break;
      k++;
    }
  });
  return found;
}

const optionName = (raw: string | undefined, fallback: string) =>
  raw && /^[a-z][a-z0-9_-]{0,31}$/.test(raw.toLowerCase()) ? raw.toLowerCase() : fallback;

export const personalListFeature: CommandFeature = {
  id: "list",
  category: "utility",
  names: [
    "todo",
    "todos",
    "todolist",
    "task",
    "tasks",
    "checklist",
    "shoppinglist",
    "wishlist",
    "watchlist",
    "bucketlist",
  ],
  defaultName: "todo",
  cue: () => false,
  implicit: false,
  build({ reader, name, draft }) {
    // Read once, from the first clause naming it: later mentions are its sub-commands.
    const first = reader.doc.tokens.find((t) => t.command?.name === name);
    if (first && !reader.tokens.includes(first)) return [];
    const said = written(reader, name);
    const chosen = said.length
      ? said
      : (["add", "list", "done"] as const).map((role) => ({ word: role, role, args: [] as string[], tokens: [] }));
    for (const item of said) reader.part(item.tokens).claim(...item.tokens);
    const shared = reader.doc.tokens.some((t) =>
      ["shared", "server", "server's", "everyone's", "community", "global"].includes(t.lower),
    );
    const whose = shared ? "the list" : "your list";
    const data = name.replace(/[^a-z0-9_]/g, "_").replace(/^[^a-z]/, "l") || "items";
    addData(draft, { name: data, kind: "list", scope: shared ? "server" : "member", keyed: false });
    const itemWord = ["task", "tasks"].includes(name) ? "task" : "item";
    const subcommands: SubcommandInput[] = chosen.map(({ word, role, args }): SubcommandInput => {
      if (role === "add") {
        const option = optionName(args[0], itemWord);
        return {
          name: word,
          description: `Add ${itemWord === "task" ? "a task" : "an item"} to ${whose}`,
          options: [{ name: option, description: "What to add", type: "string", required: true }],
          actions: [
            { do: "store", data, op: "append", value: `{option.${option}}`, saveAs: "count" },
            reply(`Added “{option.${option}}” to ${whose} ({result.count} in all).`),
          ],
        };
      }
      if (role === "list") {
        return {
          name: word,
          description: `Show ${whose}`,
          options: [],
          actions: [
            { do: "store", data, op: "list", limit: 100, saveAs: "items" },
            ifThen(
              { test: "compare", left: "{result.items}", op: "==", right: "(none)" },
              [reply(`${capitalise(whose)} is empty.`)],
              [reply(`${capitalise(whose)}:\n{result.items.numbered}`)],
            ),
          ],
        };
      }
      if (role === "done") {
        const option = optionName(args[0], "number");
        const actions: Action[] = [
          { do: "store", data, op: "removeAt", value: `{option.${option}}`, saveAs: "removed" },
          reply(`Removed “{result.removed}” from ${whose}.`),
        ];
        return {
          name: word,
          description: `Remove ${itemWord === "task" ? "a task" : "an item"} by its number`,
          options: [{ name: option, description: "Its number in the list", type: "integer", required: true, min: 1 }],
          actions,
        };
      }
      return {
        name: word,
        description: `Empty ${whose}`,
        options: [],
        actions: [{ do: "store", data, op: "delete" }, reply(`${capitalise(whose)} is empty now.`)],
      };
    });
    reader.claimWords(
      "list lists to-do todo task tasks item items thing things your their own my shows show see view adds add removes remove delete deletes marks mark done finished complete clear clears everything by number numbered its with a an the of from to it them one",
    );
    reader.claim(...reader.tokens.filter((t) => t.kind === "arg"));
    // "Everyone has their own list", "each member keeps one": who the list is for, said anywhere.
    const doc = reader.doc.tokens;
    doc.forEach((t, i) => {
      // "a to-do list:", "my shopping list": what the whole is called.
      if (["list", "lists", "system", "feature"].includes(t.lower) && i > 0) {
        const before = doc.slice(Math.max(0, i - 3), i).map((w) => w.lower.replace(/-/g, ""));
        if (before.some((w) => ["todo", "to", "do", "task", "tasks", "shopping", "wish", "watch", "check"].includes(w)))
          reader
            .part(doc.slice(Math.max(0, i - 3), i + 1))
            .claimWords("a an my our to-do todo to do task tasks shopping wish watch check list lists system feature");
      }
      if (t.lower === "own" && ["list", "lists"].includes(doc[i + 1]?.lower ?? "")) {
        const from = Math.max(0, i - 4);
        const words = reader.part(doc.slice(from, i + 2));
        words.claimWords("everyone everybody each member user person has have gets get their own list lists");
      }
    });
    const draft_ = command(name, "slash", `${capitalise(whose.replace("your ", ""))}`, []);
    draft_.subcommands = subcommands;
    const summary = subcommands
      .map((sub) => `/${name} ${sub.name}: ${sub.description.charAt(0).toLowerCase()}${sub.description.slice(1)}`)
      .join("; ");
    return [
      {
        command: draft_,
        summary: `${summary} (kept ${shared ? "for the server" : "for each member"})`,
        category: "utility",
        strength: 3,
        clause: null,
        feature: "list",
      },
    ];
  },
};
