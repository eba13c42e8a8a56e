"use client";

import { Plus, Trash2 } from "lucide-react";

import { Button } from "@/components/ui/button";
import type { Path } from "@/lib/blueprint/references";
import { compareOperators, type Condition } from "@/lib/blueprint/schema";
import { permissionLabels, permissionNames } from "@/lib/blueprint/vocabulary";

import { getAt, useBuilder } from "./builder-context";
import { SelectField, TextField } from "./fields";

const tests = [
  { value: "compare", label: "A value compares to another" },
  { value: "isSet", label: "A value is given" },
  { value: "hasPermission", label: "A member has a permission" },
  { value: "hasRole", label: "A member has a role" },
  { value: "all", label: "All of these" },
  { value: "any", label: "Any of these" },
  { value: "not", label: "Not this" },
] as const;

const operatorLabels: Record<(typeof compareOperators)[number], string> = {
  "==": "equals",
  "!=": "does not equal",
  "<": "is less than",
  "<=": "is at most",
  ">": "is more than",
  ">=": "is at least",
  contains: "contains",
  startsWith: "starts with",
};

function fresh(test: Condition["test"], previous: Condition): Condition {
  switch (test) {
    case "compare":
      return { test, left: "{user.name}", op: "==", right: "" };
    case "isSet":
      return { test, value: "{option.member}" };
    case "hasPermission":
      return { test, member: "{user}", permission: "Administrator" };
    case "hasRole":
      return { test, member: "{user}", role: "Staff" };
    case "all":
    case "any":
      return { test, conditions: [previous] };
    case "not":
      return { test, condition: previous };
  }
}

/** One condition; "all", "any" and "not" hold nested ones. */
export function ConditionFields({ path }: { path: Path }) {
  const { blueprint, setAt, update } = useBuilder();
  const condition = getAt(blueprint, path) as Condition;
  return (
    <div className="grid gap-3">
      <SelectField
        label="Condition"
        path={[...path, "test"]}
        options={tests}
        onChange={(test) => setAt(path, fresh(test, condition))}
      />
      {condition.test === "compare" && (
        <div className="grid gap-3 sm:grid-cols-[1fr_auto_1fr] sm:items-start">
          <TextField label="Value" path={[...path, "left"]} />
          <SelectField
            label="Compare"
            path={[...path, "op"]}
            options={compareOperators.map((op) => ({ value: op, label: operatorLabels[op] }))}
          />
          <TextField label="To" path={[...path, "right"]} />
        </div>
      )}
      {condition.test === "isSet" && <TextField label="Value" path={[...path, "value"]} hint="e.g. {option.member}" />}
      {condition.test === "hasPermission" && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Member" path={[...path, "member"]} />
          <SelectField
            label="Permission"
            path={[...path, "permission"]}
            options={permissionNames.map((name) => ({ value: name, label: permissionLabels[name] }))}
          />
        </div>
      )}
      {condition.test === "hasRole" && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Member" path={[...path, "member"]} />
          <TextField label="Role" path={[...path, "role"]} />
        </div>
      )}
      {(condition.test === "all" || condition.test === "any") && (
        <div className="grid gap-2 border-l-4 border-muted pl-3">
          {condition.conditions.map((_, index) => (
            <div key={index} className="grid gap-2 rounded-md bg-muted/30 p-2">
              <ConditionFields path={[...path, "conditions", index]} />
              {condition.conditions.length > 1 && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="justify-self-start"
                  onClick={() =>
                    update((draft) => {
                      (getAt(draft, [...path, "conditions"]) as Condition[]).splice(index, 1);
                    })
                  }
                >
                  <Trash2 />
                  Remove
                </Button>
              )}
            </div>
          ))}
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() =>
              update((draft) => {
                (getAt(draft, [...path, "conditions"]) as Condition[]).push({ test: "isSet", value: "{user.id}" });
              })
            }
          >
            <Plus />
            Add condition
          </Button>
        </div>
      )}
      {condition.test === "not" && (
        <div className="border-l-4 border-muted pl-3">
          <ConditionFields path={[...path, "condition"]} />
        </div>
      )}
    </div>
  );
}
