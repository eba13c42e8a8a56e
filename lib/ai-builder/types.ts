/**
 * The AI builder's shared vocabulary (issue 20): what an engine makes of a plain-words
 * description, and the description suite that keeps the engines honest (each case's own checks,
 * written from the description alone, run against the built bot in the simulator).
 */
import type { Blueprint } from "@/lib/blueprint";
import type { CheckStep } from "@/lib/blueprint/proof/types";

import type { LanguageAsked } from "./language-words";

export type BuildLanguage = "javascript" | "python";

/** A part of the description the engine could not map, quoted, with why in plain words. */
export interface NotUnderstood {
  /** The words as the user wrote them. */
  text: string;
  reason: string;
  /** Refused (a harmful request, an instruction to the builder), not merely not understood. */
  refused?: true;
  /** A command the words named without saying what it does: the plan asks "What should /rules show?". */
  command?: { name: string; type: "slash" | "prefix" };
}

/** What an engine understood: the blueprint, the plan in plain words, and what it left out. */
export interface Understanding {
  blueprint: Blueprint;
  /** One line per command or event, as the user would say it: "/roll: rolls a die (sides: optional, default 6)". */
  plan: string[];
  notUnderstood: NotUnderstood[];
  /** The code language the words asked for ("a python bot"), when they did (./language-words.ts). */
  language?: LanguageAsked;
}

export const caseCategories = [
  "utility",
  "fun",
  "moderation",
  "automod",
  "welcome",
  "roles",
  "polls",
  "economy",
  "leveling",
  "reminders",
  "tickets",
  "lookups",
  "calculators",
] as const;
export type CaseCategory = (typeof caseCategories)[number];

/**
 * One check of a case: what the description asks for, as steps and expectations in the proof's
 * vocabulary (lib/blueprint/proof/types.ts), written without knowing what any engine produces —
 * command names and texts the description states exactly, everything else as patterns.
 */
export interface CaseCheck {
  title: string;
  steps: CheckStep[];
}

export interface DescriptionCase {
  /** Stable: "utility-ping". */
  id: string;
  category: CaseCategory;
  language: BuildLanguage;
  /** As a real user would type it (typos and all, sometimes). */
  description: string;
  checks: CaseCheck[];
}
