/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s, the
 * defaults every app understands) and 10 one-time recovery codes. The secret is sealed with the
 * app's key and bound to the user (lib/bots/token-crypto.ts); recovery codes are stored hashed.
 *
 * Guessing is limited per account, whatever the address: 10 codes per 15 minutes across sign-in,
 * enrolment and disabling. A code is accepted once (the last accepted time step is stored).
 */
import { createHash, randomInt } from "node:crypto";

import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

import { ActionRefusal } from "@/lib/actions";
import { openToken, sealToken } from "@/lib/bots/token-crypto";
import { tokenKeys } from "@/lib/bots/token-keys";
import { db } from "@/lib/db";
import { consumeRateLimit, type RateLimitRule } from "@/lib/rate-limit";

export const codeGuessLimit: RateLimitRule = { bucket: "two-factor", limit: 10, windowMs: 15 * 60 * 1000 };
export const recoveryCodeCount = 10;

const issuer = "Cipher";
const period = 30;
/** One step either side, for phones whose clock is a little off. */
const window = 1;

/** The sign-in step that asks for the code, coming back to `callbackUrl` (already made safe). */
export function twoFactorStepPath(callbackUrl: string): string {
  return `/login/two-factor?callbackUrl=${encodeURIComponent(callbackUrl)}`;
}

export const wrongCodeMessage =
  "That code is not right. Enter the current 6-digit code from your app, or a recovery code.";
export const tooManyCodesMessage = "Too many codes tried. Wait 15 minutes, then try again.";

/** What a sealed TOTP secret is bound to (AEAD associated data): it opens for this user only. */
const sealedContext = (userId: string) => `totp-secret:${userId}`;

function totpFor(secretBase32: string, label = "") {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period, secret: Secret.fromBase32(secretBase32) });
}

function openSecret(userId: string, sealed: string): string {
  return openToken(sealed, tokenKeys().all, sealedContext(userId));
}

function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");
}

/** Recovery codes are typed by hand: case, spaces and dashes do not matter. */
function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

// Crockford-like alphabet without 0/o, 1/l/i: easy to read off a printout.
const recoveryAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";

/** 10 characters from a 31-letter alphabet (~49 bits), shown as "xxxxx-xxxxx". */
function newRecoveryCode(): string {
  let code = "";
  for (let index = 0; index < 10; index += 1) code += recoveryAlphabet[randomInt(recoveryAlphabet.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

async function limitGuesses(userId: string): Promise<void> {
  const limited = await consumeRateLimit(codeGuessLimit, userId);
  if (!limited.allowed) throw new ActionRefusal(tooManyCodesMessage, { code: "rate_limited" });
}

/** Whether the account signs in with a second factor (enrolment confirmed). */
export async function isTwoFactorEnabled(userId: string): Promise<boolean> {
  const row = await db.twoFactor.findUnique({ where: { userId }, select: { enabledAt: true } });
  return Boolean(row?.enabledAt);
}

export type TwoFactorStatus = { enabled: boolean; enabledAt: Date | null; recoveryCodesLeft: number };

export async function twoFactorStatus(userId: string): Promise<TwoFactorStatus> {
  const [row, recoveryCodesLeft] = await Promise.all([
    db.twoFactor.findUnique({ where: { userId }, select: { enabledAt: true } }),
    db.recoveryCode.count({ where: { userId, usedAt: null } }),
  ]);
  const enabledAt = row?.enabledAt ?? null;
  return { enabled: enabledAt !== null, enabledAt, recoveryCodesLeft: enabledAt ? recoveryCodesLeft : 0 };
}

export type Enrolment = {
  /** The key for typing into the app by hand, in groups of four. */
  secret: string;
  uri: string;
  /** The otpauth:// address as an SVG QR code (data: URL), drawn on the server. */
  qrCode: string;
};

/**
 * Starts (or restarts) enrolment with a new 160-bit secret, kept unconfirmed until the first
 * code. An account that already has two-factor must disable it first.
 */
export async function beginEnrolment(userId: string): Promise<Enrolment> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, twoFactor: { select: { enabledAt: true } } },
  });
  if (!user) throw new ActionRefusal("Your session has ended. Please sign in again.", { code: "signed_out" });
  if (user.twoFactor?.enabledAt) {
    throw new ActionRefusal("Two-factor authentication is already on.", { code: "already_enabled" });
  }
  const secret = new Secret({ size: 20 }).base32;
  const sealed = sealToken(secret, tokenKeys().current, sealedContext(userId));
  await db.twoFactor.upsert({
    where: { userId },
    create: { userId, secretSealed: sealed },
    update: { secretSealed: sealed, enabledAt: null, lastStep: null },
  });
  const uri = totpFor(secret, user.email).toString();
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return {
    secret: secret.match(/.{1,4}/g)!.join(" "),
    uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/**
 * Checks a 6-digit code against the stored secret and, when it is right, records its time step
 * so it cannot be used again (a compare-and-set, so two requests cannot both use it).
 */
async function acceptTotp(userId: string, sealed: string, code: string, now: Date): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const delta = totpFor(openSecret(userId, sealed)).validate({ token: code, timestamp: now.getTime(), window });
  if (delta === null) return false;
  const step = Math.floor(now.getTime() / 1000 / period) + delta;
  const { count } = await db.twoFactor.updateMany({
    where: { userId, OR: [{ lastStep: null }, { lastStep: { lt: step } }] },
    data: { lastStep: step },
  });
  return count === 1;
}

function cleanCode(code: string): string {
  return code.trim().replace(/\s/g, "");
}

/** Confirms enrolment with a first code; answers the 10 recovery codes, shown to the user once. */
export async function confirmEnrolment(
  userId: string,
  code: string,
  now = new Date(),
): Promise<{ recoveryCodes: string[] }> {
  await limitGuesses(userId);
  const row = await db.twoFactor.findUnique({ where: { userId }, select: { secretSealed: true, enabledAt: true } });
  if (!row) throw new ActionRefusal("Start the setup again: scan a new QR code.", { code: "not_started" });
  if (row.enabledAt) throw new ActionRefusal("Two-factor authentication is already on.", { code: "already_enabled" });
  if (!(await acceptTotp(userId, row.secretSealed, cleanCode(code), now))) {
    throw new ActionRefusal(wrongCodeMessage, { fieldErrors: { code: [wrongCodeMessage] } });
  }
  const recoveryCodes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await db.$transaction([
    db.recoveryCode.deleteMany({ where: { userId } }),
    db.recoveryCode.createMany({ data: recoveryCodes.map((value) => ({ userId, codeHash: hashRecoveryCode(value) })) }),
    db.twoFactor.update({ where: { userId }, data: { enabledAt: now }, select: { userId: true } }),
  ]);
  return { recoveryCodes };
}

export type SecondFactor = "totp" | "recovery-code";

/**
 * Checks the second factor at sign-in (or before disabling it): a current 6-digit code or an
 * unused recovery code, which is then used up. Throws ActionRefusal when it is wrong or when too
 * many were tried for this account.
 */
export async function verifySecondFactor(userId: string, input: string, now = new Date()): Promise<SecondFactor> {
  await limitGuesses(userId);
  const row = await db.twoFactor.findUnique({ where: { userId }, select: { secretSealed: true, enabledAt: true } });
  if (!row?.enabledAt)
    throw new ActionRefusal("Two-factor authentication is not on for this account.", { code: "not_enabled" });
  const code = cleanCode(input);
  if (/^\d{6}$/.test(code)) {
    if (await acceptTotp(userId, row.secretSealed, code, now)) return "totp";
  } else if (normaliseRecoveryCode(code).length === 10) {
    const { count } = await db.recoveryCode.updateMany({
      where: { userId, codeHash: hashRecoveryCode(code), usedAt: null },
      data: { usedAt: now },
    });
    if (count === 1) return "recovery-code";
  }
  throw new ActionRefusal(wrongCodeMessage, { fieldErrors: { code: [wrongCodeMessage] } });
}

/** New recovery codes replace every old one (used or not). */
export async function regenerateRecoveryCodes(userId: string): Promise<{ recoveryCodes: string[] }> {
  if (!(await isTwoFactorEnabled(userId))) {
    throw new ActionRefusal("Two-factor authentication is not on for this account.", { code: "not_enabled" });
  }
  const recoveryCodes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await db.$transaction([
    db.recoveryCode.deleteMany({ where: { userId } }),
    db.recoveryCode.createMany({ data: recoveryCodes.map((value) => ({ userId, codeHash: hashRecoveryCode(value) })) }),
  ]);
  return { recoveryCodes };
}

/** Turns two-factor off: the secret and every recovery code are deleted. The caller re-authenticated. */
export async function disableTwoFactor(userId: string): Promise<void> {
  await db.$transaction([
    db.recoveryCode.deleteMany({ where: { userId } }),
    db.twoFactor.deleteMany({ where: { userId } }),
  ]);
}
