import { describe, expect, it } from "vitest";

import { allowedBotVariables, refusedEnvKey } from "./env-policy";
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
});
