/** Password hashing (argon2id, OWASP's recommended parameters) and the common-password check. */
import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

const options = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, unusable with isolatedModules */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the email is unknown, so the answer takes as long as for a real account.
const dummyHash = hashPassword("cipher-timing-equaliser");

/** Spends the same time as a real verification; always false. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * zxcvbn's whole ranked list of passwords seen in breaches (about 49,000, offline, no lookups),
 * compared case-insensitively and also with surrounding spaces removed, since "Password1 " is no
 * safer than "password1". Built on first use: only the server's password checks need it.
 */
let commonPasswords: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary["passwords-common"]);
  const lowered = password.toLowerCase();
  return commonPasswords.has(lowered) || commonPasswords.has(lowered.trim());
}

export const commonPasswordMessage =
  "This password is on a list of common or breached passwords. Choose one that is harder to guess.";
