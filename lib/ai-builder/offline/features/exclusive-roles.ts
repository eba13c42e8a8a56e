/**
 * One role of a set, the others taken away: "!color red / !color blue / !color green gives you
 * the Red, Blue or Green role and takes away the other two colors". The choices are the words
 * written after the command; each gives the role of the same name.
 */
import type { Action } from "@/lib/blueprint/schema";

import { capitalise, command, equals, ifThen, reply, type CommandFeature } from "../parts";

export const exclusiveRolesFeature: CommandFeature = {
  id: "exclusive-roles",
  category: "roles",
  names: [],
  defaultName: "color",
  cue: (reader) =>
    reader.has("role roles") && reader.has("other others rest") && reader.has("take takes remove removes away"),
  implicit: false,
  build({ reader, name, type }) {
    // The words written after each mention of the command: "!color red", "!color blue"…
    const doc = reader.doc.tokens;
    const picks = doc.filter((t, i) => i > 0 && doc[i - 1]!.command?.name === name && t.kind === "word" && !t.joined);
    const values = [...new Set(picks.map((t) => t.lower))].slice(0, 10);
    if (values.length < 2) return [];
    // Each value names a role ("red" → "Red"), as the description writes it when it does.
    const written = new Map(doc.filter((t) => t.kind === "word").map((t) => [t.lower, t.text] as const));
    const roles = values.map((value) => {
      const spelled = written.get(value);
      return spelled && spelled !== value ? spelled : capitalise(value);
    });
    reader.claim(...picks.filter((t) => reader.tokens.includes(t)));
    reader.claimWords(
      `gives give you the role roles or and takes take away remove removes other others rest two three ${values.join(" ")} ${roles.join(" ")} color colors colour colours /`,
    );
    const slash = type === "slash";
    const actions: Action[] = values.map((value, i) =>
      ifThen(equals(`{option.${"choice"}}`, value), [
        { do: "addRole", member: "{user}", role: roles[i]! },
        ...roles.filter((_, k) => k !== i).map((role) => ({ do: "removeRole" as const, member: "{user}", role })),
        reply(`You now have the ${roles[i]} role.`, slash),
      ]),
    );
    const draft = command(name, type, `Pick one of ${roles.join(", ")}`, actions);
    draft.options.push({
      name: "choice",
      description: "Which one",
      type: "string",
      required: true,
      choices: values.map((value, i) => ({ name: roles[i]!, value })),
    });
    return [
      {
        command: draft,
        summary: `gives you one of the roles ${roles.join(", ")} and takes away the others`,
        category: "roles",
        strength: 3,
        clause: null,
        feature: "exclusive-roles",
      },
    ];
  },
};
