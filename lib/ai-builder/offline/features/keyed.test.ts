import { describe, expect, it } from "vitest";

import { understand } from "../index";
import { readKeyedRows } from "./keyed";

function lookupOf(description: string) {
  const result = understand(description);
  const command = result.blueprint.commands[0]!;
  const lookup = command.actions.find((action) => action.do === "lookup");
  return { result, command, lookup, rows: result.blueprint.tables[0]?.rows };
}

describe("a named command that answers from rows the description lists", () => {
  it("reads rows on the lines after the command, however they are separated, and the fallback", () => {
    const { command, lookup, rows, result } = lookupOf(
      "/color <name> tells you the hex code:\nred -> #ff0000\nblue: #0000ff\ngreen = #00ff00\nanything else → 'no idea, sorry'",
    );
    expect(command.options).toEqual([expect.objectContaining({ name: "name", type: "string" })]);
    expect(rows).toEqual({ red: "#ff0000", blue: "#0000ff", green: "#00ff00" });
    expect(lookup).toMatchObject({ key: "{option.name}", fallback: "no idea, sorry" });
    expect(result.notUnderstood).toEqual([]);
  });

  it("reads numbered lines, comma lists on one line and rows written as sentences", () => {
    expect(lookupOf("/step <n> shows a step:\n1 Open the app\n2 Log in\n3 Click start").rows).toEqual({
      "1": "Open the app",
      "2": "Log in",
      "3": "Click start",
    });
    expect(
      lookupOf("/cost <thing>: apple 3 coins, pear 5, melon 12. unknown → 'we do not sell that'").lookup,
    ).toMatchObject({ fallback: "we do not sell that" });
    expect(Object.keys(lookupOf("/home <player>: Kim is in Seoul, Ana is in Lima").rows ?? {})).toEqual(["kim", "ana"]);
  });

  it("says a fallback written in words as a sentence, and has one when none is said", () => {
    expect(
      lookupOf("/planet <name>:\nmars → red\nvenus → hot\nfor anything else say that planet is not in the list").lookup,
    ).toMatchObject({
      fallback: "That planet is not in the list.",
    });
    expect(lookupOf("/planet <name>:\nmars → red\nvenus → hot").lookup).toMatchObject({
      fallback: "I don't know that name.",
    });
  });

  it("leaves a moderation ladder and a single row to the features that read them", () => {
    expect(readKeyedRows(": 2 warnings is a 1 hour timeout, 3 warnings is a ban", 0)?.rows).toBeTruthy();
    const ladder = understand("A /warn command: 2 warnings is a 1 hour timeout, 3 warnings is a 24 hour ban.");
    expect(ladder.blueprint.commands[0]?.actions.some((action) => action.do === "lookup")).toBe(false);
    expect(readKeyedRows(": just one → row", 0)).toBeNull();
  });
});
