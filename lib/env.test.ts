import { describe, expect, it } from "vitest";

import { parseEnv } from "./env";

describe("parseEnv", () => {
  it("applies the documented defaults when nothing is set", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATABASE_POOL_SIZE).toBe(10);
    expect(env.EMBEDDED_DB_PORT).toBe(54329);
    expect(env.CHROMIUM_PATH).toBe("/usr/bin/chromium");
  });

  it("treats an empty DATABASE_URL as unset, so the embedded database is used", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("coerces numbers and keeps a given database URL", () => {
    const env = parseEnv({ PORT: "8080", DATABASE_URL: "postgresql://u@db:5432/cipher", DATABASE_POOL_SIZE: "1" });
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBe("postgresql://u@db:5432/cipher");
    expect(env.DATABASE_POOL_SIZE).toBe(1);
  });

  it("SITE_URL follows PORT when unset, so links point at the port the app runs on", () => {
    expect(parseEnv({}).SITE_URL).toBe("http://localhost:3000");
    expect(parseEnv({ PORT: "4123" }).SITE_URL).toBe("http://localhost:4123");
    expect(parseEnv({ PORT: "4123", SITE_URL: "" }).SITE_URL).toBe("http://localhost:4123");
    expect(parseEnv({ PORT: "4123", SITE_URL: "https://cipher.example" }).SITE_URL).toBe("https://cipher.example");
  });

  it("names every invalid variable in one error", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "not a url" })).toThrowError(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });
});
