/**
 * The builder's evaluation corpus (issue 34): descriptions written by people who had not read the
 * engine's rules, from a brief of styles and topics (not phrasings), each with checks written from
 * the description alone. It is split once, per category (./split.ts), into a development half
 * (rules may be changed by looking at it) and a held-out half (never looked at to change rules:
 * `npm run bench:ai` prints only its pass rates). The old suite (lib/ai-builder/cases.ts) stays as
 * a regression set.
 */
import { createHash } from "node:crypto";

import type { DescriptionCase } from "../types";
import { communityCorpus } from "./community";
import { engagementCorpus } from "./engagement";
import { developmentIds, heldOutIds } from "./split";
import { utilityFunCorpus } from "./utility-fun";

export type CorpusHalf = "development" | "held-out";

export const corpusCases: DescriptionCase[] = [...utilityFunCorpus, ...communityCorpus, ...engagementCorpus];

/**
 * Which half a case is in: the frozen split for the cases it was made from (./split.ts); a case
 * added since goes by a hash of its id, so adding cases never moves the ones already split.
 */
export function corpusHalf(id: string): CorpusHalf {
  if (heldOutIds.has(id)) return "held-out";
  if (developmentIds.has(id)) return "development";
  const first = createHash("sha256").update(`cipher-corpus:${id}`).digest()[0]!;
  return first % 2 === 0 ? "development" : "held-out";
}

export const developmentCases = corpusCases.filter((item) => corpusHalf(item.id) === "development");
export const heldOutCases = corpusCases.filter((item) => corpusHalf(item.id) === "held-out");
