import { describe, expect, it } from "vitest";

import { allowedBotVariables, refusedEnvKey, refusedEnvValue } from "./env-policy";
import { envVarSchema } from "./schemas";

describe("bot environment variable policy", () => {
  it("refuses loader, libc and interpreter start-up variables in any case", () => {
    for (const key of [
      "LD_PRELOAD",
      "ld_preload",
      "LD_LIBRARY_PATH",
      "LD_AUDIT",
      "GCONV_PATH",
      "GLIBC_TUNABLES",
      "MALLOC_ARENA_MAX",
      "NODE_OPTIONS",
      "NODE_PATH",
      "PYTHONPATH",
      "PYTHONSTARTUP",
      "PYTHONHOME",
      "CIPHER_RUNNER_CONFIG",
    ]) {
      expect(refusedEnvKey(key), key).toBe("startup");
    }
  });

  it("refuses the names Cipher sets itself and allows ordinary names", () => {
    expect(refusedEnvKey("DISCORD_TOKEN")).toBe("reserved");
    expect(refusedEnvKey("path")).toBe("reserved");
    for (const key of ["PREFIX", "WELCOME_CHANNEL", "API_KEY", "LOADER", "MY_LD_PRELOAD", "NODE_ENV"]) {
      expect(refusedEnvKey(key), key).toBeNull();
    }
  });

  it("the settings schema explains the refusal", () => {
    const result = envVarSchema.safeParse({ key: "LD_PRELOAD", value: "/tmp/x.so" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/system loader or the language runtime/);
  });

  it("the spawn-time filter drops refused and malformed names", () => {
    const { allowed, refused } = allowedBotVariables({
      PREFIX: "!",
      LD_PRELOAD: "/app/evil.so",
      GLIBC_TUNABLES: "x",
      "BAD NAME": "1",
    });
    expect(allowed).toEqual({ PREFIX: "!" });
    expect(refused.sort()).toEqual(["BAD NAME", "GLIBC_TUNABLES", "LD_PRELOAD"]);
  });

  it("the settings schema refuses a secret with a NUL or a line break, and says why on the value", () => {
    for (const value of ["abc\u0000def", "line one\nline two", "carriage\rreturn", "trailing\n"]) {
      const result = envVarSchema.safeParse({ key: "API_KEY", value, secret: true });
      expect(result.success, JSON.stringify(value)).toBe(false);
      const issue = result.error!.issues[0]!;
      expect(issue.path).toEqual(["value"]);
      expect(issue.message).toMatch(value.includes("\u0000") ? /NUL character/ : /on one line/);
      // The reason, never the value.
      expect(issue.message).not.toContain(value);
    }
    // A plain value may span lines; none may hold a NUL.
    expect(envVarSchema.safeParse({ key: "GREETING", value: "hi\nthere" }).success).toBe(true);
    expect(envVarSchema.safeParse({ key: "GREETING", value: "hi\u0000" }).success).toBe(false);
    expect(envVarSchema.safeParse({ key: "API_KEY", value: "sk-live-123", secret: true }).success).toBe(true);
  });

  it("the settings schema refuses names that are not variable names or are too long", () => {
    for (const key of ["1ABC", "A-B", "A B", "\u00e9t\u00e9", "A\u0000B", "A".repeat(65)]) {
      expect(envVarSchema.safeParse({ key, value: "x" }).success, key).toBe(false);
    }
    expect(envVarSchema.safeParse({ key: "A".repeat(64), value: "x" }).success).toBe(true);
  });

  it("the spawn-time check names the variables whose values no bot may get", () => {
    expect(refusedEnvValue("a\nb", false)).toBeNull();
    expect(refusedEnvValue("a\nb", true)).toBe("line-break");
    expect(refusedEnvValue("a\u0000b", false)).toBe("nul");
    const { allowed, refused, invalid } = allowedBotVariables(
      { API_KEY: "one\ntwo", TOKEN_X: "nul\u0000here", NOTE: "two\nlines", OK: "fine", ["X".repeat(65)]: "long" },
      new Set(["API_KEY", "TOKEN_X"]),
    );
    expect(allowed).toEqual({ NOTE: "two\nlines", OK: "fine" });
    expect(refused).toEqual(["X".repeat(65)]);
    expect(invalid).toEqual([
      { key: "API_KEY", refusal: "line-break" },
      { key: "TOKEN_X", refusal: "nul" },
    ]);
  });
});
