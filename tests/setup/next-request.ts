import { vi } from "vitest";

import { testRequest } from "./test-request";

// Server actions read the client address (rate limits) from next/headers, which needs a Next.js
// request; integration tests call actions directly, so they get this stand-in request. Its Cookie
// header carries the cookies set so far, so `auth()` sees a session a test's sign-in started.
vi.mock("next/headers", () => ({
  headers: async () =>
    new Headers({
      host: "localhost:3000",
      "x-forwarded-proto": "http",
      "x-forwarded-for": testRequest.ip,
      cookie: [...testRequest.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      ...(testRequest.userAgent ? { "user-agent": testRequest.userAgent } : {}),
    }),
  cookies: async () => ({
    get: (name: string) => (testRequest.cookies.has(name) ? { name, value: testRequest.cookies.get(name) } : undefined),
    getAll: () => [...testRequest.cookies].map(([name, value]) => ({ name, value })),
    has: (name: string) => testRequest.cookies.has(name),
    set: (name: string, value: string) => void testRequest.cookies.set(name, value),
    delete: (cookie: string | { name: string }) =>
      void testRequest.cookies.delete(typeof cookie === "string" ? cookie : cookie.name),
  }),
}));
