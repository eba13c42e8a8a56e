/**
 * Create New Bot → a template's "Open in Builder", through the server action on PostgreSQL: each
 * template becomes a bot in JavaScript or Python whose files are exactly its compiled blueprint
 * (cipher.blueprint.json included), that the Builder opens with nothing edited by hand.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { CurrentUser } from "@/lib/auth/session";
import { getBot, listVersions } from "@/lib/bots/service";
import { templateIds } from "@/lib/bots/templates";
import { db } from "@/lib/db";
import { signedInSession } from "@/tests/setup/signed-in";
import { freshClientIp } from "@/tests/setup/test-request";

import { createTemplateBuilderBotAction } from "./actions";
import { compileBlueprint } from "./compile";
import { blueprintFileName } from "./schema";
import { getBuilderState } from "./service";
import { templateBlueprint } from "./templates";

// Who is signed in is stood in for; everything else (database, rate limits, compilers) is real.
const signedIn = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock("@/lib/auth/session", () => ({ getCurrentUser: async () => signedIn.user }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const stamp = Date.now().toString(36);
const users: CurrentUser[] = [];

async function signIn(label: string): Promise<CurrentUser> {
  const user = await db.user.create({ data: { email: `${label}-tb-${stamp}@example.com`, emailVerified: new Date() } });
  const current: CurrentUser = {
    id: user.id,
    email: user.email,
    emailVerified: true,
    hasPassword: true,
    username: `${label}_${stamp}`,
    fullName: label,
    image: null,
    ...signedInSession,
  };
  users.push(current);
  signedIn.user = current;
  return current;
}

beforeAll(() => {
  signedIn.user = null;
});

beforeEach(() => {
  freshClientIp();
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: users.map((user) => user.id) } } });
});

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

describe.each(["javascript", "python"] as const)("Open in Builder, in %s", (language) => {
  it.each(templateIds)("%s: a bot whose files are the compiled blueprint, as version 1", async (templateId) => {
    const user = await signIn(`${templateId}-${language}`);
    const created = await createTemplateBuilderBotAction({ templateId, language });
    if (!created.ok) throw new Error(created.error);

    const bot = await getBot(user.id, created.data.id);
    const blueprint = templateBlueprint(templateId);
    expect(bot).toMatchObject({ name: blueprint.name, description: blueprint.description, language, templateId });
    const compiled = compileBlueprint(blueprint, language);
    expect(bot.files.map(({ path, content }) => ({ path, content })).sort(byPath)).toEqual([...compiled].sort(byPath));
    expect(bot.files.map((file) => file.path)).toContain(blueprintFileName);
    expect(bot.files.map((file) => file.path)).toContain(language === "python" ? "main.py" : "index.js");
    expect(JSON.parse(bot.files.find((file) => file.path === blueprintFileName)!.content)).toMatchObject({
      version: 1,
      name: blueprint.name,
    });
    expect(await getBuilderState(user.id, bot.id)).toEqual({ kind: "blueprint", blueprint, handEdited: [] });
    expect((await listVersions(user.id, bot.id)).map((version) => version.number)).toEqual([1]);
  });
});

describe("Open in Builder refuses", () => {
  it("a signed-out caller, an unknown template and a language the Builder does not write, creating nothing", async () => {
    signedIn.user = null;
    expect(await createTemplateBuilderBotAction({ templateId: "economy-bot", language: "python" })).toMatchObject({
      ok: false,
      code: "signed_out",
    });
    const user = await signIn("refusals");
    const unknown = await createTemplateBuilderBotAction({ templateId: "../etc" as never, language: "javascript" });
    expect(unknown).toMatchObject({ ok: false, fieldErrors: { templateId: ["Choose one of the templates"] } });
    const typescript = await createTemplateBuilderBotAction({
      templateId: "economy-bot",
      language: "typescript" as never,
    });
    expect(typescript).toMatchObject({
      ok: false,
      fieldErrors: { language: ["The Builder writes JavaScript or Python."] },
    });
    expect(await db.bot.count({ where: { userId: user.id } })).toBe(0);
  });
});
