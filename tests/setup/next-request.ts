import { vi } from "vitest";

import { testRequest } from "./test-request";

// Server actions read the client address (rate limits) from next/headers, which needs a Next.js
// request; integration tests call actions directly, so they get this stand-in request.
vi.mock("next/headers", () => ({
  headers: async () =>
    new Headers({ host: "localhost:3000", "x-forwarded-proto": "http", "x-forwarded-for": testRequest.ip }),
  cookies: async () => ({
    get: (name: string) => (testRequest.cookies.has(name) ? { name, value: testRequest.cookies.get(name) } : undefined),
    getAll: () => [...testRequest.cookies].map(([name, value]) => ({ name, value })),
    has: (name: string) => testRequest.cookies.has(name),
    set: (name: string, value: string) => void testRequest.cookies.set(name, value),
    delete: (name: string) => void testRequest.cookies.delete(name),
  }),
}));
