import { describe, expect, it } from "vitest";

import { oauthErrorMessage } from "./auth-messages";

describe("oauthErrorMessage", () => {
  it("explains the Auth.js error codes a Google sign-in can come back with", () => {
    expect(oauthErrorMessage("AccessDenied")).toBe(
      "Google did not allow the sign-in, or your Google address is not verified.",
    );
    expect(oauthErrorMessage("OAuthAccountNotLinked")).toMatch(/already belongs to an account/);
    expect(oauthErrorMessage("Configuration")).toMatch(/not set up correctly/);
  });

  it("answers a general sentence for codes it does not know", () => {
    expect(oauthErrorMessage("SomethingNew")).toBe("Google sign-in did not complete. Please try again.");
  });
});
