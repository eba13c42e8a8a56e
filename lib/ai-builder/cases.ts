/**
 * The AI builder's description suite (issue 20): plain-words descriptions as people write them,
 * each with its own checks written from the description alone — never from what an engine made
 * of it — so that "the built bot passes" means "the bot does what was asked".
 *
 * Split by theme into cases-<group>.ts; the words for writing checks are in cases-support.ts.
 */
import { automodCases, welcomeCases } from "./cases-automod";
import { economyCases, levelingCases } from "./cases-economy";
import { calculatorCases, funCases } from "./cases-fun";
import { moderationCases } from "./cases-moderation";
import { pollCases, roleCases } from "./cases-roles";
import { reminderCases, ticketCases } from "./cases-tickets";
import { lookupCases, utilityCases } from "./cases-utility";
import type { DescriptionCase } from "./types";

export const descriptionCases: DescriptionCase[] = [
  ...utilityCases,
  ...funCases,
  ...moderationCases,
  ...automodCases,
  ...welcomeCases,
  ...roleCases,
  ...pollCases,
  ...economyCases,
  ...levelingCases,
  ...reminderCases,
  ...ticketCases,
  ...lookupCases,
  ...calculatorCases,
];
