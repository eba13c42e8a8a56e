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

/** The 1,000 most common passwords (zxcvbn's ranked list), compared case-insensitively. */
const commonPasswords = new Set(dictionary["passwords-common"].slice(0, 1000));

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

export const commonPasswordMessage = "This password is too common. Choose one that is harder to guess.";
