import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { freshClientIp, testRequest } from "@/tests/setup/test-request";

import { signInAction, signUpAction } from "./actions";
import { openRedirectPayloads } from "./callback-url-payloads";

const stamp = Date.now().toString(36);
const account = {
  fullName: "Ada Lovelace",
  username: `ada_redirect_${stamp}`,
  email: `ada-redirect-${stamp}@example.com`,
  password: "analytical-engine-43",
};

beforeAll(async () => {
  freshClientIp();
  await expect(signUpAction(account)).resolves.toMatchObject({ ok: true });
  await db.user.update({ where: { email: account.email }, data: { emailVerified: new Date() } });
});

beforeEach(() => {
  freshClientIp();
  testRequest.cookies.clear();
});

describe("signInAction's redirect after signing in", () => {
  it("never leaves the site, whatever the callbackUrl", async () => {
    const site = new URL(env.SITE_URL);
    // The form's schema caps callbackUrl at 2,048 characters; longer values never reach the decision.
    for (const callbackUrl of openRedirectPayloads.filter((value) => (value?.length ?? 0) <= 2048)) {
      freshClientIp();
      const result = await signInAction({
        email: account.email,
        password: account.password,
        callbackUrl: callbackUrl ?? undefined,
      });
      expect(result, JSON.stringify(callbackUrl)).toEqual({ ok: true, data: { redirectTo: "/dashboard" } });
      // What the browser does with the answer (window.location.assign resolves it against the page).
      if (result.ok) expect(new URL(result.data.redirectTo, site).origin).toBe(site.origin);
    }
  });

  it("still honours a same-site destination", async () => {
    await expect(
      signInAction({ email: account.email, password: account.password, callbackUrl: "/dashboard/bots?tab=code" }),
    ).resolves.toEqual({ ok: true, data: { redirectTo: "/dashboard/bots?tab=code" } });
  });
});
