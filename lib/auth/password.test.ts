import { describe, expect, it } from "vitest";

import { hashPassword, isCommonPassword, verifyAgainstNothing, verifyPassword } from "./password";

describe("passwords", () => {
  it("hashes with argon2id and verifies only the same password", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^\$argon2id\$/);
    await expect(verifyPassword(stored, "correct horse battery")).resolves.toBe(true);
    await expect(verifyPassword(stored, "Correct horse battery")).resolves.toBe(false);
    await expect(verifyPassword("not-a-hash", "anything")).resolves.toBe(false);
    await expect(verifyAgainstNothing("anything")).resolves.toBe(false);
  });

  it("rejects the most common passwords, whatever their case, and accepts uncommon ones", () => {
    expect(isCommonPassword("123456")).toBe(true);
    expect(isCommonPassword("Password")).toBe(true);
    expect(isCommonPassword("qwerty")).toBe(true);
    expect(isCommonPassword("violet-orbit-42")).toBe(false);
  });
});
