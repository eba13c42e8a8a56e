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
