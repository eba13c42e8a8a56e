/**
 * The request that server actions see in integration tests. `next/headers` only works inside a
 * Next.js request, so tests/setup/next-request.ts replaces it with these values.
 */
const initial = { ip: "192.0.2.1", cookies: new Map<string, string>(), userAgent: undefined as string | undefined };

export const testRequest = { ...initial, cookies: new Map<string, string>() };

/** Makes the following action calls come from `ip` (each test can use its own address). */
export function setClientIp(ip: string) {
  testRequest.ip = ip;
}

// Test files share the run's database (and its rate-limit counts) but not this module: each file
// starts at its own random place so files do not reuse each other's addresses within a minute.
let counter = Math.floor(Math.random() * 60_000);
/** A fresh address from TEST-NET-2, so rate limits of one test never affect another. */
export function freshClientIp(): string {
  counter += 1;
  const ip = `198.51.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
  setClientIp(ip);
  return ip;
}
