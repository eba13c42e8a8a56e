import { beforeEach, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import { extractLinks } from "@/lib/mail/links";
import { latestEmailTo } from "@/lib/mail/outbox";
import { freshClientIp, testRequest } from "@/tests/setup/test-request";

import { confirmEmailAction, signInAction, signUpAction } from "./actions";

const stamp = Date.now().toString(36);
let sequence = 0;

function newAccount(label: string) {
  sequence += 1;
  return {
    fullName: "Mary Jackson",
    username: `mj${sequence}_${stamp}`,
    email: `mj-${label}-${stamp}-${sequence}@example.com`,
    password: "wind-tunnel-1958-x",
  };
}

/** The browsers in these tests: each is its own cookie jar, swapped into the stand-in request. */
type Browser = Map<string, string>;
function use(browser: Browser) {
  testRequest.cookies = browser;
}

async function confirmationToken(email: string): Promise<string> {
  const mail = await latestEmailTo(email, "signup-confirmation");
  const link = extractLinks(mail!.html).find((href) => href.includes("/auth/confirm"))!;
  return new URL(link).searchParams.get("token")!;
}

const sessionOf = (browser: Browser) => browser.get("authjs.session-token");

beforeEach(() => {
  freshClientIp();
});

describe("opening the confirmation link", () => {
  it("in the browser that signed up: confirms, signs in and goes to the dashboard", async () => {
    const browser: Browser = new Map();
    use(browser);
    const account = newAccount("same");
    await expect(signUpAction(account)).resolves.toMatchObject({ ok: true });
    await expect(confirmEmailAction({ token: await confirmationToken(account.email) })).resolves.toEqual({
      ok: true,
      data: { redirectTo: "/dashboard", signedIn: true },
    });
    expect(sessionOf(browser)).toBeTruthy();
  });

  it("in any other browser: confirms the address but signs nobody in; the password then works", async () => {
    const signedUpIn: Browser = new Map();
    const other: Browser = new Map();
    use(signedUpIn);
    const account = newAccount("other");
    await signUpAction(account);

    use(other);
    await expect(confirmEmailAction({ token: await confirmationToken(account.email) })).resolves.toEqual({
      ok: true,
      data: { redirectTo: "/login?confirmed=1", signedIn: false },
    });
    expect(sessionOf(other)).toBeUndefined();
    const user = await db.user.findUniqueOrThrow({ where: { email: account.email } });
    expect(user.emailVerified).not.toBeNull();

    await expect(signInAction({ email: account.email, password: account.password })).resolves.toMatchObject({
      ok: true,
    });
    expect(sessionOf(other)).toBeTruthy();
  });

  it("an attacker's link opened in a browser that signed up for another account does not sign it in", async () => {
    const victimBrowser: Browser = new Map();
    use(victimBrowser);
    await expect(signUpAction(newAccount("victim"))).resolves.toMatchObject({ ok: true });
    const attacker = newAccount("attacker");
    use(new Map());
    await expect(signUpAction(attacker)).resolves.toMatchObject({ ok: true });

    use(victimBrowser);
    await expect(confirmEmailAction({ token: await confirmationToken(attacker.email) })).resolves.toMatchObject({
      ok: true,
      data: { signedIn: false },
    });
    expect(sessionOf(victimBrowser)).toBeUndefined();
  });

  it("a made-up or copied browser mark does not count", async () => {
    const browser: Browser = new Map();
    use(browser);
    const account = newAccount("forged");
    await signUpAction(account);
    const [name, value] = [...browser].find(([cookie]) => cookie.startsWith("cipher-signup")) ?? [];
    // A guessed value, then the real value once it has been used by another request.
    use(new Map([[name!, "x".repeat(43)]]));
    await expect(confirmEmailAction({ token: await confirmationToken(account.email) })).resolves.toMatchObject({
      data: { signedIn: false },
    });
    const second = newAccount("forged2");
    use(new Map());
    await signUpAction(second);
    use(new Map([[name!, value!]]));
    await expect(confirmEmailAction({ token: await confirmationToken(second.email) })).resolves.toMatchObject({
      data: { signedIn: false },
    });
  });
});
