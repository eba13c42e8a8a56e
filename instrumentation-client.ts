/**
 * Runs in the browser before the app's own modules. Zod compiles fast object parsers with
 * `new Function`, after probing once whether eval is allowed; the Content-Security-Policy
 * (lib/http/security-headers.ts) forbids it, and browsers report even the caught probe as a
 * violation. Zod reads its config from this global, so forms parse without the probe.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
