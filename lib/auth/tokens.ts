/**
 * Single-use secrets sent by email (confirm address, reset password) or handed to Auth.js
 * (sign-in tickets). Only their SHA-256 is stored; using one deletes it.
 */
import { createHash, randomBytes } from "node:crypto";

import { db } from "@/lib/db";
import { redactUsedSecret } from "@/lib/mail/redact";

export const tokenLifetimes = {
  "confirm-email": 24 * 60 * 60 * 1000,
  "password-reset": 60 * 60 * 1000,
  /** Marks the browser that signed up (lib/auth/signup-browser.ts); as long as an unconfirmed account is kept. */
  "signup-browser": 48 * 60 * 60 * 1000,
  "sign-in": 2 * 60 * 1000,
  /** A sign-in ticket for which the second factor was already checked (lib/auth/start-session.ts). */
  "sign-in-verified": 2 * 60 * 1000,
} as const;

export type TokenPurpose = keyof typeof tokenLifetimes;

/** Purposes whose tokens are mailed: a used one is redacted from the stored email (lib/mail/redact.ts). */
const mailedPurposes: ReadonlySet<TokenPurpose> = new Set(["confirm-email", "password-reset"]);

/** What sendEmail needs to keep a mailed token out of the stored copy once it is dead. */
export function mailedSecret(purpose: TokenPurpose, raw: string, now = new Date()) {
  return { values: [raw], expiresAt: new Date(now.getTime() + tokenLifetimes[purpose]) };
}

export function hashToken(raw: string): string {
  return createHash("sha256").update(raw).digest("hex");
}

/** Creates a token for `subject` (a user id), replacing earlier ones of the same purpose. */
export async function issueToken(purpose: TokenPurpose, subject: string, now = new Date()): Promise<string> {
  const raw = randomBytes(32).toString("base64url");
  const identifier = `${purpose}:${subject}`;
  await db.$transaction([
    db.verificationToken.deleteMany({ where: { identifier } }),
    db.verificationToken.create({
      data: { identifier, token: hashToken(raw), expires: new Date(now.getTime() + tokenLifetimes[purpose]) },
    }),
  ]);
  return raw;
}

export type ConsumedToken = { ok: true; subject: string } | { ok: false; reason: "invalid" | "expired" };

/** Uses a token once: answers its subject and deletes it. Expired tokens are deleted too. */
export async function consumeToken(purpose: TokenPurpose, raw: string, now = new Date()): Promise<ConsumedToken> {
  if (!raw || raw.length > 200) return { ok: false, reason: "invalid" };
  // deleteMany returns a count, so a token used twice at once is only honoured by one request.
  const found = await db.verificationToken.findUnique({ where: { token: hashToken(raw) } });
  if (!found || !found.identifier.startsWith(`${purpose}:`)) return { ok: false, reason: "invalid" };
  const { count } = await db.verificationToken.deleteMany({ where: { token: found.token } });
  // Used or expired, the link is dead: the stored email need not show it any more.
  if (mailedPurposes.has(purpose)) await redactUsedSecret(raw);
  if (count === 0) return { ok: false, reason: "invalid" };
  if (found.expires <= now) return { ok: false, reason: "expired" };
  return { ok: true, subject: found.identifier.slice(purpose.length + 1) };
}
