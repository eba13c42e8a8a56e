import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { unexpectedErrorMessage, validatedAction } from "./actions";

const schema = z.object({ name: z.string().min(2, "Too short") });

describe("validatedAction", () => {
  afterEach(() => vi.restoreAllMocks());

  it("passes parsed input to the domain function and returns its data", async () => {
    const action = validatedAction("test", schema, async ({ name }) => name.toUpperCase());
    await expect(action({ name: "cipher" })).resolves.toEqual({ ok: true, data: "CIPHER" });
  });

  it("returns field errors without calling the domain function on invalid input", async () => {
    const run = vi.fn();
    const action = validatedAction("test", schema, run);
    const result = await action({ name: "a" });
    expect(result).toMatchObject({ ok: false, fieldErrors: { name: ["Too short"] } });
    expect(run).not.toHaveBeenCalled();
  });

  it("hides unexpected errors behind the generic message and logs them", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const action = validatedAction("test", schema, async () => {
      throw new Error('relation "User" does not exist');
    });
    const result = await action({ name: "cipher" });
    expect(result).toEqual({ ok: false, error: unexpectedErrorMessage });
    expect(JSON.stringify(result)).not.toContain("relation");
    expect(log).toHaveBeenCalledOnce();
  });
});

describe("validatedAction on hostile input", () => {
  it("refuses input nested 20,000 deep before the schema could overflow the stack", async () => {
    const run = vi.fn();
    const action = validatedAction("test", z.object({ name: z.any() }), run);
    const deep = JSON.parse(`{"name":${"[".repeat(20_000)}${"]".repeat(20_000)}}`) as { name: unknown };
    const result = await action(deep);
    expect(result).toMatchObject({ ok: false, code: "invalid" });
    expect((result as { error: string }).error).toMatch(/nests data more than 64 levels/);
    expect(run).not.toHaveBeenCalled();
  });

  it("refuses a NUL in any string the schema let through, naming the field", async () => {
    const action = validatedAction("test", z.object({ note: z.string() }), async () => "stored");
    expect(await action({ note: "a\u0000b" })).toMatchObject({
      ok: false,
      fieldErrors: { note: [expect.stringMatching(/NUL character/)] },
    });
  });
});
