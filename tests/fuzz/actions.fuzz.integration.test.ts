/**
 * Every server action, called by a signed-in user with hostile input (fast-check): NUL, unpaired
 * surrogates, huge strings, huge, negative and non-finite numbers, wrong types, deep nesting,
 * zero-width and right-to-left text, and the user's own real bot id so ownership checks pass and
 * deeper code runs. Each call must answer with a result — accepted, or refused with a message —
 * and never throw or fall back to "An unexpected error occurred". Real database; only who is
 * signed in (and Next.js's cache/redirect plumbing) is stood in for.
 *
 * npm test runs a seeded, bounded pass; `npm run fuzz` many more (tests/fuzz/settings.ts).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { unexpectedErrorMessage } from "@/lib/actions";
import type { CurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { forgetAccountRateLimits } from "@/tests/setup/fresh-rate-limits";
import { signedInSession } from "@/tests/setup/signed-in";
import { freshClientIp } from "@/tests/setup/test-request";

import { hostileNumber, hostileText } from "./arbitraries";
import { fuzzParameters } from "./settings";

const signedIn = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock("@/lib/auth/session", async (original) => ({
  ...(await original<object>()),
  getCurrentUser: async () => signedIn.user,
}));
vi.mock("next/cache", () => ({
  revalidatePath: vi.fn(),
  revalidateTag: vi.fn(),
  updateTag: vi.fn(),
  refresh: vi.fn(),
}));

/** Actions that end the session or leave for Google: not what this suite is about. */
const skipped = new Set([
  "signOutAction",
  "signOutEverywhereAction",
  "googleSignInAction",
  "reauthenticateWithGoogleAction",
  "cancelTwoFactorSignInAction",
  "deleteAccountAction",
]);

const modules = {
  account: () => import("@/lib/account/actions"),
  security: () => import("@/lib/account/security-actions"),
  archive: () => import("@/lib/archive/actions"),
  auth: () => import("@/lib/auth/actions"),
  twoFactor: () => import("@/lib/auth/two-factor-actions"),
  aiBuild: () => import("@/lib/ai-builder/build/actions"),
  blueprint: () => import("@/lib/blueprint/actions"),
  bots: () => import("@/lib/bots/actions"),
  kv: () => import("@/lib/bots/kv-actions"),
  contact: () => import("@/lib/contact/actions"),
  newsletter: () => import("@/lib/newsletter/actions"),
  notifications: () => import("@/lib/notifications/actions"),
  partners: () => import("@/lib/partners/actions"),
  preferences: () => import("@/lib/preferences/actions"),
  simulator: () => import("@/lib/simulator/actions"),
  support: () => import("@/lib/support/actions"),
  supportAdmin: () => import("@/lib/support/admin-actions"),
};

const stamp = Date.now().toString(36);
let user: CurrentUser;
let botId = "";

const hostileString = fc.oneof(
  hostileText([
    "../../etc/passwd",
    "index.js",
    "lib/x.js",
    "{{user.mention}}",
    "<script>alert(1)</script>",
    '\'; DROP TABLE "User"; --',
    "javascript",
    "python",
    "technical",
    "a".repeat(300),
  ]),
  fc.nat({ max: 3 }).map((size) => "z".repeat([1_000, 70_000, 2_000_000, 5][size]!)),
);

function deep(levels: number): unknown {
  let value: unknown = "leaf";
  for (let index = 0; index < levels; index++) value = index % 2 ? [value] : { a: value };
  // fast-check prints a failing input recursively; this one it prints as its name.
  Object.defineProperty(value as object, fc.toStringMethod, { value: () => `deep(${levels})`, enumerable: false });
  return value;
}

const keys = [
  "botId",
  "name",
  "description",
  "language",
  "files",
  "path",
  "content",
  "key",
  "value",
  "secret",
  "number",
  "token",
  "email",
  "password",
  "fullName",
  "username",
  "subject",
  "category",
  "body",
  "message",
  "draftId",
  "ids",
  "templateId",
  "enabled",
  "json",
  "prefix",
  "code",
  "confirmation",
  "firstName",
  "lastName",
  "currentPassword",
  "newPassword",
  "confirmPassword",
  "callbackUrl",
  "slug",
  "ticketId",
  "status",
  "priority",
  "baseVersion",
  "itemId",
  "itemIds",
  "type",
  "options",
  "memberId",
  "command",
  "proposal",
  "companyName",
  "partnershipType",
  "yourName",
  "theme",
  "emailNotifications",
  "restartPolicy",
  "autoRestart",
  "region",
  "memoryMb",
] as const;

function hostileInput(): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    { weight: 5, arbitrary: hostileString },
    { weight: 2, arbitrary: hostileNumber() },
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.constant(botId),
    fc.constantFrom(deep(100), deep(5_000)),
  );
  const value = fc.oneof(
    { weight: 4, arbitrary: leaf },
    fc.array(leaf, { maxLength: 4 }),
    fc.array(fc.record({ path: hostileString, content: hostileString }), { maxLength: 3 }),
    fc.dictionary(hostileString, leaf, { maxKeys: 3 }),
  );
  return fc.oneof(
    { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 8 }) },
    fc.anything({
      maxDepth: 3,
      withNullPrototype: true,
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withTypedArray: true,
    }),
    fc.constant(undefined),
    fc.constant(null),
    hostileString,
  );
}

beforeAll(async () => {
  const row = await db.user.create({ data: { email: `fuzz-actions-${stamp}@example.com`, emailVerified: new Date() } });
  user = {
    id: row.id,
    email: row.email,
    emailVerified: true,
    hasPassword: false,
    username: `fuzz_${stamp}`,
    fullName: "Fuzz",
    image: null,
    ...signedInSession,
  };
  const bot = await db.bot.create({
    data: {
      userId: row.id,
      name: "Fuzz target",
      language: "javascript",
      files: { create: [{ path: "index.js", content: "1" }] },
    },
  });
  botId = bot.id;
  signedIn.user = user;
});

afterAll(async () => {
  await db.user.deleteMany({ where: { OR: [{ id: user.id }, { email: { startsWith: "fuzz-actions-" } }] } });
});

let calls = 0;
const refusedBy: Record<string, number> = {};

describe("every server action with hostile input", () => {
  for (const [group, load] of Object.entries(modules)) {
    it(`${group}: answers every input with a result, never an unexpected error`, async () => {
      const exported = (await load()) as Record<string, unknown>;
      const actions = Object.entries(exported).filter(
        (entry): entry is [string, (input: unknown) => Promise<unknown>] =>
          entry[0].endsWith("Action") && typeof entry[1] === "function" && !skipped.has(entry[0]),
      );
      expect(actions.length).toBeGreaterThan(0);
      for (const [name, action] of actions) {
        await fc.assert(
          fc.asyncProperty(hostileInput(), async (input) => {
            signedIn.user = user;
            freshClientIp();
            calls += 1;
            let result: unknown;
            try {
              result = await action(input);
            } catch (error) {
              // Next.js's redirect() and notFound() are thrown on purpose; anything else is a bug.
              const digest = (error as { digest?: unknown }).digest;
              if (typeof digest === "string" && /^NEXT_(REDIRECT|HTTP_ERROR_FALLBACK)/.test(digest)) return;
              throw new Error(`${name} threw on ${shown(input)}: ${(error as Error).message}`);
            }
            if (result === undefined) return;
            const answer = result as { ok?: unknown; error?: unknown };
            if (typeof answer.ok !== "boolean") throw new Error(`${name} answered ${shown(result)} to ${shown(input)}`);
            if (!answer.ok) {
              if (answer.error === unexpectedErrorMessage) {
                throw new Error(`${name} failed unexpectedly on ${shown(input)}`);
              }
              refusedBy[name] = (refusedBy[name] ?? 0) + 1;
            }
          }),
          fuzzParameters(12, { interruptAfterTimeLimit: 60_000 }),
        );
        await forgetAccountRateLimits();
      }
    }, 180_000);
  }

  afterAll(() => {
    console.log(`[fuzz] server actions: ${calls} calls, 0 unexpected errors`);
  });
});

function shown(input: unknown): string {
  try {
    const text = JSON.stringify(input, (_key, value: unknown) =>
      typeof value === "bigint"
        ? `${value}n`
        : typeof value === "string" && value.length > 60
          ? `${value.slice(0, 20)}…(${value.length})`
          : value,
    );
    return (text ?? typeof input).slice(0, 300);
  } catch {
    return `(${typeof input} that cannot be printed)`;
  }
}
