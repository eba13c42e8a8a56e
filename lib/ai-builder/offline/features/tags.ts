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
            else: [reply("There is no tag called {option.name}.", true)],
          },
        ],
      },
    ];
    const draft_ = command(name, type, "Saved tags", []);
    draft_.subcommands = subcommands;
    const who = permission ? ` (needs ${permissionLabels[permission]})` : "";
    return [
      {
        command: draft_,
        summary: `${save} saves a tag${who}; ${show} posts it`,
        category: "lookups",
        strength: 3,
        clause: null,
        feature: "tags",
        ownPermissions: true,
      },
    ];
  },
};
