"use client";

import { produce } from "immer";
import { createContext, useCallback, useContext, useDeferredValue, useMemo, useState, type ReactNode } from "react";

import { checkBlueprint, type BlueprintProblem } from "@/lib/blueprint";
import type { Path } from "@/lib/blueprint/references";
import type { Blueprint } from "@/lib/blueprint/schema";

/**
 * The blueprint being edited, held as one value and changed by path (immer keeps it immutable);
 * every change is checked with the same schema the server uses, and each problem is shown at the
 * field its path names. A blueprint nests (if/else inside if/else), which is why this is one state
 * with paths rather than a form library's field arrays.
 */
interface BuilderContextValue {
  blueprint: Blueprint;
  setAt(path: Path, value: unknown): void;
  update(recipe: (draft: Blueprint) => void): void;
  /** Problems of exactly this field. */
  problemsAt(path: Path): string[];
  /** Whether anything at or below this path has a problem. */
  hasProblemsBelow(path: Path): boolean;
  problems: BlueprintProblem[];
}

const BuilderContext = createContext<BuilderContextValue | null>(null);

export function useBuilder(): BuilderContextValue {
  const value = useContext(BuilderContext);
  if (!value) throw new Error("useBuilder outside <BuilderProvider>");
  return value;
}

export function getAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const step of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

function setIn(target: unknown, path: Path, value: unknown) {
  let current = target as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) current = current[step] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === undefined && !Array.isArray(current)) delete current[last];
  else current[last] = value;
}

export const pathKey = (path: Path) => path.join(".");

export function useBlueprintState(initial: Blueprint) {
  const [blueprint, setBlueprint] = useState(initial);
  const [saved, setSaved] = useState(() => JSON.stringify(initial));
  const dirty = useMemo(() => JSON.stringify(blueprint) !== saved, [blueprint, saved]);
  return {
    blueprint,
    setBlueprint,
    dirty,
    markSaved: (value: Blueprint) => setSaved(JSON.stringify(value)),
  };
}

export function BuilderProvider({
  blueprint,
  onChange,
  children,
}: {
  blueprint: Blueprint;
  onChange: (next: (current: Blueprint) => Blueprint) => void;
  children: ReactNode;
}) {
  // Checking a large blueprint on every keystroke must not make typing lag.
  const checked = useDeferredValue(blueprint);
  const problems = useMemo(() => {
    const result = checkBlueprint(checked);
    return result.ok ? [] : result.problems;
  }, [checked]);
  const byPath = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const problem of problems) map.set(problem.path, [...(map.get(problem.path) ?? []), problem.message]);
    return map;
  }, [problems]);

  const setAt = useCallback(
    (path: Path, value: unknown) => onChange((current) => produce(current, (draft) => setIn(draft, path, value))),
    [onChange],
  );
  const update = useCallback(
    (recipe: (draft: Blueprint) => void) => onChange((current) => produce(current, recipe)),
    [onChange],
  );
  const value = useMemo<BuilderContextValue>(
    () => ({
      blueprint,
      setAt,
      update,
      problems,
      problemsAt: (path) => byPath.get(pathKey(path)) ?? [],
      hasProblemsBelow: (path) => {
        const prefix = pathKey(path);
        return problems.some((problem) => problem.path === prefix || problem.path.startsWith(`${prefix}.`));
      },
    }),
    [blueprint, setAt, update, problems, byPath],
  );
  return <BuilderContext.Provider value={value}>{children}</BuilderContext.Provider>;
}
