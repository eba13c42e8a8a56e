/**
 * Whole numbers users send (version numbers, pages, ticket numbers, limits): always parsed with a
 * range that fits the database's `integer` column (PostgreSQL int4), so 2^31, -1 or "1e5" is a
 * refusal or a 404 — never an overflow error from the database.
 */
import { z } from "zod";

/** PostgreSQL `integer` (Prisma `Int`). */
export const int4Max = 2_147_483_647;

/** A whole number from `min` to `max` (default: what an `Int` column holds). */
export function wholeNumber(min = 1, max = int4Max, message = "Not a valid number") {
  // One check, so a value that breaks several rules gets the message once.
  return z
    .number({ error: message })
    .refine((value) => Number.isInteger(value) && value >= min && value <= max, message);
}

/**
 * A whole number typed in a URL (path segment or ?query): digits only, no sign, exponent, spaces
 * or leading "+", within the range; anything else is null (the caller answers 404 or uses a default).
 */
export function parseWholeNumber(raw: string | string[] | undefined, min = 1, max = int4Max): number | null {
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (typeof text !== "string" || !/^\d{1,10}$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}
