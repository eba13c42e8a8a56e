/**
 * One role of a set, the others taken away: "!color red / !color blue / !color green gives you
 * the Red, Blue or Green role and takes away the other two colors". The choices are the words
 * written after the command; each gives the role of the same name.
 */
import type { Action } from "@/lib/blueprint/schema";

import { capitalise, command, equals, ifThen, reply, type CommandFeature, type CommandPart } from "../parts";
import type { ClauseRecogniser } from "./members";

/** Is the token at `at` a pick of the command: right after it, or after another pick and a "|"? */
function followsPick(
  doc: readonly { text: string; kind: string; command?: { name: string } }[],
  at: number,
  name: string,
): boolean {
  for (let k = at; k > 0; k -= 2) {
    if (doc[k - 1]?.command?.name === name) return true;
    if (doc[k - 1]?.text !== "|") return false;
  }
  return false;
}

export const exclusiveRolesFeature: CommandFeature = {
  id: "exclusive-roles",
  category: "roles",
  names: [],
  defaultName: "color",
  cue: (reader) =>
    (reader.has("role roles") && reader.has("other others rest") && reader.has("take takes remove removes away")) ||
    // "/color <color> gives you a color role: red, blue or green", "pick a colour role (Red, Blue)".
    (reader.has("color colour colors colours") && reader.has("role roles")),
  implicit: false,
  build({ reader, name, type }) {
    // The words written after each mention of the command: "!color red", "!color blue", "/colour red|blue|green"…
    const doc = reader.doc.tokens;
    const picks = doc.filter(
      (t, i) =>
        i > 0 &&
        t.kind === "word" &&
        !t.joined &&
        (doc[i - 1]!.command?.name === name ||
          // "red|blue|green": each word after a "|" that follows one.
          (doc[i - 1]!.text === "|" && followsPick(doc, i - 2, name))),
    );
    let values = [...new Set(picks.map((t) => t.lower))].slice(0, 10);
    // Else the names listed after "role:" or in brackets: "a color role: red, blue or green".
    if (values.length < 2) {
      const cue = reader.tokens.find(
        (t, i) =>
          (t.text === ":" || t.text === "(") &&
          ["role", "roles", "color", "colors", "colour", "colours"].includes(reader.tokens[i - 1]?.lower ?? ""),
      );
      const listed = cue ? reader.list(cue, [")"]) : null;
      const items = (listed?.items ?? [])
        .map((item) => item.replace(/[()]/g, "").trim())
        .filter((item) => /^[\p{L}][\p{L}\p{N} -]{0,30}$/u.test(item));
      if (listed && items.length >= 2) {
        reader.claim(cue, ...listed.tokens, ...reader.tokens.filter((t) => t.text === ")"));
        values = [...new Set(items.map((item) => item.toLowerCase()))].slice(0, 10);
      }
    }
    if (values.length < 2) return [];
    // Each value names a role ("red" → "Red"), as the description writes it when it does.
    const written = new Map(doc.filter((t) => t.kind === "word").map((t) => [t.lower, t.text] as const));
    const roles = values.map((value) => {
      const spelled = written.get(value);
      return spelled && spelled !== value ? spelled : capitalise(value);
    });
    reader.claim(...picks.filter((t) => reader.tokens.includes(t)));
    reader.claimWords(
      `gives give you the role roles or and takes take away remove removes other others rest two three pick picks lets let choose only one at a time ${values.join(" ")} ${roles.join(" ")} color colors colour colours /`,
    );
    const slash = type === "slash";
    // "/color <color>": the option keeps the name written.
    const arg = reader.tokens.find((t) => t.kind === "arg");
    const option = arg?.arg?.name && /^[a-z][a-z0-9_-]{0,31}$/.test(arg.arg.name) ? arg.arg.name : "choice";
    if (arg) reader.claim(arg);
    const actions: Action[] = values.map((value, i) =>
      ifThen(equals(`{option.${option}}`, value), [
        { do: "addRole", member: "{user}", role: roles[i]! },
        ...roles.filter((_, k) => k !== i).map((role) => ({ do: "removeRole" as const, member: "{user}", role })),
        reply(`You now have the ${roles[i]} role.`, slash),
      ]),
    );
    const draft = command(name, type, `Pick one of ${roles.join(", ")}`, actions);
    draft.options.push({
      name: option,
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

/**
 * "/team red gives Team Red, /team blue gives Team Blue. you can only be on one team, switching
 * removes the other": commands that each give one role, made one-of-a-set — each takes away the
 * roles the others give before it gives its own.
 */
export const exclusiveFollowUpRecogniser: ClauseRecogniser = {
  id: "exclusiveFollowUp",
  read(reader, draft) {
    const onlyOne =
      reader.has("only") &&
      reader.tokens.some((t) => ["one", "1", "a", "single"].includes(t.lower)) &&
      reader.has("be have pick on");
    const removesOther =
      reader.has("switch switching change changing remove removes take takes lose loses") &&
      reader.has("other others previous old");
    if (!onlyOne && !removesOther) return;
    const giving = draft.commands.filter((part) => {
      const adds = part.command.actions.filter((a) => a.do === "addRole");
      return (
        adds.length === 1 &&
        adds[0]!.do === "addRole" &&
        adds[0]!.member === "{user}" &&
        !/\{/.test(adds[0]!.role) &&
        !part.command.actions.some((a) => a.do === "removeRole" || a.do === "toggleRole" || a.do === "if")
      );
    });
    // Those under one parent (/team red, /team blue), else all of them.
    const byParent = new Map<string, CommandPart[]>();
    for (const part of giving) {
      const parent = draft.parents?.get(part.command.name) ?? "";
      byParent.set(parent, [...(byParent.get(parent) ?? []), part]);
    }
    const group = [...byParent.values()].find((parts) => parts.length >= 2);
    if (!group) return;
    const roles = group.map((part) => (part.command.actions.find((a) => a.do === "addRole") as { role: string }).role);
    if (new Set(roles).size < group.length) return;
    for (const [i, part] of group.entries()) {
      const others = roles.filter((_, k) => k !== i);
      const at = part.command.actions.findIndex((a) => a.do === "addRole");
      part.command.actions.splice(
        at,
        0,
        ...others.map((role) => ({ do: "removeRole" as const, member: "{user}", role })),
      );
      part.summary = `${part.summary}, taking away ${others.join(", ")}`;
    }
    reader.claimWords(
      "you can only be on one a single team group switching switch changing change removes remove takes take away the other others previous old role roles have pick at time",
    );
  },
};
