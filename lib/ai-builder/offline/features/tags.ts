/**
 * Saved texts by name: "/tag set <name> <text> saves a tag (mods only, manage messages perm),
 * /tag show <name> posts it for anyone". Kept per server in `data`. A permission said for one of
 * the subcommands is checked in that subcommand only, so the others stay open to everyone.
 */
import type { Action } from "@/lib/blueprint/schema";
import { permissionLabels, type PermissionName } from "@/lib/blueprint/vocabulary";

import { permissionsNamed } from "../modifiers";
import { addData, command, reply, type CommandFeature, type SubcommandInput } from "../parts";
import type { Reader } from "../read";

const data = "tags";
const saveWords = ["set", "save", "add", "create"];
const showWords = ["show", "get", "view", "post"];

/** The subcommand written right after the command: "/tag set", "/tag show". */
function subcommandsSaid(reader: Reader, name: string): Map<string, number> {
  const found = new Map<string, number>();
  const doc = reader.doc.tokens;
  doc.forEach((t, i) => {
    const next = doc[i + 1];
    if (t.command?.name === name && next && [...saveWords, ...showWords, "delete", "remove"].includes(next.lower))
      found.set(next.lower, i + 1);
  });
  return found;
}

export const tagsFeature: CommandFeature = {
  id: "tags",
  category: "lookups",
  names: ["tag", "tags", "snippet", "note", "notes"],
  defaultName: "tag",
  cue: () => false,
  implicit: false,
  build({ reader, name, type, draft }) {
    if (type !== "slash") return [];
    // Read once, from the first clause naming it: "/tag show …, /tag delete …" later are its sub-commands.
    const firstMention = reader.doc.tokens.find((t) => t.command?.name === name);
    if (firstMention && !reader.tokens.includes(firstMention)) return [];
    const said = subcommandsSaid(reader, name);
    const save = saveWords.find((w) => said.has(w));
    const show = showWords.find((w) => said.has(w));
    if (!save || !show) return [];
    // A permission said in the clause of the saving subcommand ("…saves a tag (mods only, manage messages perm)").
    const saveAt = said.get(save)!;
    const showAt = said.get(show)!;
    const doc = reader.doc.tokens;
    const saveClause = reader.part(doc.slice(saveAt, showAt > saveAt ? showAt : doc.length));
    const permission: PermissionName | undefined = permissionsNamed(saveClause)[0]?.permission;
    if (permission) {
      for (const found of permissionsNamed(saveClause)) saveClause.claim(...found.tokens);
      saveClause.claimWords("mods mod only perm permission permissions admins staff");
    }
    reader.claim(doc[saveAt], doc[showAt]);
    reader.claimWords("tag tags saves save name text posts post it for anyone custom have to stay after restarts");
    addData(draft, { name: data, kind: "text", scope: "server", keyed: true });
    const guard: Action[] = permission
      ? [
          {
            do: "if",
            when: { test: "not", condition: { test: "hasPermission", member: "{user}", permission } },
            then: [
              reply(`You need the **${permissionLabels[permission]}** permission to use /${name} ${save}.`, true),
              { do: "stop" },
            ],
            else: [],
          },
        ]
      : [];
    // "a tag system", "a tags bot": what the whole is called.
    doc.forEach((t, i) => {
      if (["tag", "tags"].includes(t.lower) && ["system", "bot", "feature", "thing"].includes(doc[i + 1]?.lower ?? ""))
        reader.part([t, doc[i + 1]!]).claim(t, doc[i + 1]!);
    });
    // What each sub-command's own words say it does, wherever they are: read here.
    for (const at of said.values()) {
      const upTo = doc.slice(at + 1).findIndex((t) => t.kind === "command" || [".", ";", "\n"].includes(t.text));
      const words = reader.part(doc.slice(at, upTo < 0 ? doc.length : at + 1 + upTo));
      words.claimWords(
        "saves save stores store adds add posts post shows show its it the content text deletes delete removes remove a tag tags name",
      );
    }
    // "If a tag doesn't exist say 'No such tag.'": the answer for a tag nobody saved.
    const missingQuote = doc.find((quote) => {
      if (quote.kind !== "quote" || reader.isClaimed(quote)) return false;
      const before = doc.slice(Math.max(0, quote.index - 8), quote.index).map((t) => t.lower);
      return before.some((word) =>
        ["exist", "exists", "found", "unknown", "such", "missing", "doesn't", "isn't"].includes(word),
      );
    });
    if (missingQuote) {
      const sentence = reader.part(doc.slice(Math.max(0, missingQuote.index - 8), missingQuote.index + 1));
      sentence.claim(missingQuote);
      sentence.claimWords("if a the tag doesn't does not n't exist exists isn't found unknown say reply tell them");
    }
    const missing = missingQuote?.text.trim() || "There is no tag called {option.name}.";
    const remove = ["delete", "remove"].find((w) => said.has(w));
    if (remove) reader.claim(doc[said.get(remove)!]);
    const subcommands: SubcommandInput[] = [
      {
        name: save,
        description: "Save a tag",
        options: [
          { name: "name", description: "The tag's name", type: "string", required: true },
          { name: "text", description: "What it says", type: "string", required: true },
        ],
        actions: [
          ...guard,
          { do: "store", data, op: "set", key: "{option.name}", value: "{option.text}" },
          reply("Saved the tag {option.name}.", true),
        ],
      },
      {
        name: show,
        description: "Show a tag",
        options: [{ name: "name", description: "The tag's name", type: "string", required: true }],
        actions: [
          { do: "store", data, op: "get", key: "{option.name}", saveAs: "tag" },
          {
            do: "if",
            when: { test: "isSet", value: "{result.tag}" },
            then: [reply("{result.tag}")],
            else: [reply(missing, true)],
          },
        ],
      },
      ...(remove
        ? [
            {
              name: remove,
              description: "Delete a tag",
              options: [{ name: "name", description: "The tag's name", type: "string" as const, required: true }],
              actions: [
                ...guard,
                { do: "store" as const, data, op: "get" as const, key: "{option.name}", saveAs: "tag" },
                {
                  do: "if" as const,
                  when: { test: "isSet" as const, value: "{result.tag}" },
                  then: [
                    { do: "store" as const, data, op: "delete" as const, key: "{option.name}" },
                    reply("Deleted the tag {option.name}.", true),
                  ],
                  else: [reply(missing, true)],
                },
              ],
            },
          ]
        : []),
    ];
    const draft_ = command(name, type, "Saved tags", []);
    draft_.subcommands = subcommands;
    const who = permission ? ` (needs ${permissionLabels[permission]})` : "";
    return [
      {
        command: draft_,
        summary: `${save} saves a tag${who}; ${show} posts it${remove ? `; ${remove} deletes it` : ""}`,
        category: "lookups",
        strength: 3,
        clause: null,
        feature: "tags",
        ownPermissions: true,
      },
    ];
  },
};
