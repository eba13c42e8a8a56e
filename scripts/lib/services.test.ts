import { describe, expect, it } from "vitest";

import { deriveSimulatorKeys, simulatorControlKey } from "../../lib/simulator/config";
import { serviceEnvironment } from "./services";

const parent = {
  NODE_ENV: "test" as const,
  PATH: "/usr/bin",
  DATABASE_URL: "postgresql://127.0.0.1/cipher",
  AUTH_SECRET: "auth-secret-of-the-web-app-0123456789abcdef",
  AUTH_GOOGLE_SECRET: "google-secret",
  RESEND_API_KEY: "re_123",
  BOT_TOKEN_KEY: "bot-token-key-0123456789",
  BOT_TOKEN_OLD_KEYS: "old-key-1",
};

describe("runtime services' secrets", () => {
  it("the simulator gets its two derived keys and none of the web app's or the runner's secrets", () => {
    const env = serviceEnvironment("simulator", parent);
    const keys = deriveSimulatorKeys(parent.AUTH_SECRET);
    expect(env.SIMULATOR_CONTROL_KEY).toBe(keys.controlKey);
    expect(env.SIMULATOR_TOKEN_KEY).toBe(keys.tokenKey);
    for (const key of ["AUTH_SECRET", "AUTH_GOOGLE_SECRET", "RESEND_API_KEY", "BOT_TOKEN_KEY", "BOT_TOKEN_OLD_KEYS"]) {
      expect(env[key], key).toBeUndefined();
    }
    const values = Object.values(env).join("\n");
    expect(values).not.toContain(parent.AUTH_SECRET);
    expect(values).not.toContain(parent.BOT_TOKEN_KEY);
    expect(env.DATABASE_URL).toBe(parent.DATABASE_URL);
  });

  it("the runner gets the control key and the bot token key, not the auth secret or the token-signing key", () => {
    const env = serviceEnvironment("runner", parent);
    expect(env.SIMULATOR_CONTROL_KEY).toBe(deriveSimulatorKeys(parent.AUTH_SECRET).controlKey);
    expect(env.SIMULATOR_TOKEN_KEY).toBeUndefined();
    expect(env.AUTH_SECRET).toBeUndefined();
    expect(env.BOT_TOKEN_KEY).toBe(parent.BOT_TOKEN_KEY);
  });

  it("derives two different keys, neither of them the secret, and the control key the web app uses", () => {
    const keys = deriveSimulatorKeys(parent.AUTH_SECRET);
    expect(new Set([keys.controlKey, keys.tokenKey, parent.AUTH_SECRET]).size).toBe(3);
    expect(simulatorControlKey(parent.AUTH_SECRET)).toBe(keys.controlKey);
  });

  it("keeps keys an operator set", () => {
    const env = serviceEnvironment("simulator", {
      ...parent,
      SIMULATOR_CONTROL_KEY: "operator-control-key-0123456789abcdef",
      SIMULATOR_TOKEN_KEY: "operator-token-key-0123456789abcdef",
    });
    expect(env.SIMULATOR_CONTROL_KEY).toBe("operator-control-key-0123456789abcdef");
    expect(env.SIMULATOR_TOKEN_KEY).toBe("operator-token-key-0123456789abcdef");
  });
});
