import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type * as SessionStore from "./use-session-user";

type Store = typeof SessionStore;

function answer(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

describe("the navigation's session store", () => {
  let store: Store;
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(async () => {
    vi.resetModules();
    vi.stubGlobal("fetch", fetchMock);
    vi.spyOn(console, "error").mockImplementation(() => {});
    store = await import("./use-session-user");
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("is loading until /api/session answers, then holds the greeting", async () => {
    fetchMock.mockReturnValue(answer({ user: { greeting: "ada", email: "ada@example.com" } }));
    expect(store.sessionSnapshot()).toEqual({ status: "loading" });
    await store.refreshSessionUser();
    expect(fetchMock).toHaveBeenCalledWith("/api/session", expect.objectContaining({ cache: "no-store" }));
    expect(store.sessionSnapshot()).toEqual({
      status: "signed-in",
      user: { greeting: "ada", email: "ada@example.com" },
    });
  });

  it("reads signed out from a null user", async () => {
    fetchMock.mockReturnValue(answer({ user: null }));
    await store.refreshSessionUser();
    expect(store.sessionSnapshot()).toEqual({ status: "signed-out" });
  });

  it("asks once when several headers mount together", async () => {
    fetchMock.mockReturnValue(answer({ user: null }));
    await Promise.all([store.refreshSessionUser(), store.refreshSessionUser(), store.refreshSessionUser()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("falls back to signed out when the session cannot be read", async () => {
    fetchMock.mockReturnValue(answer({ error: "boom" }, 500));
    await store.refreshSessionUser();
    expect(store.sessionSnapshot()).toEqual({ status: "signed-out" });
  });

  it("keeps a known signed-in state when a later refresh fails", async () => {
    fetchMock.mockReturnValueOnce(answer({ user: { greeting: "ada", email: "ada@example.com" } }));
    await store.refreshSessionUser();
    fetchMock.mockRejectedValueOnce(new TypeError("network down"));
    await store.refreshSessionUser();
    expect(store.sessionSnapshot()).toMatchObject({ status: "signed-in" });
  });
});
