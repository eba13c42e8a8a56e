import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { buildInputs, recordBuild, staleBuildReason } from "./build";

let root: string;
const write = (path: string, content: string) => {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), content);
};
const reason = (env: Record<string, string> = {}) => staleBuildReason(buildInputs(env, root), root);
/** What `npm run build` (and a building `npm start`) leaves behind. */
const built = (env: Record<string, string> = {}) => {
  write(".next/BUILD_ID", "abc");
  recordBuild(buildInputs(env, root), root);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "cipher-build-"));
  write("app/page.tsx", "export default function Page() {}");
  write("lib/util.ts", "export const a = 1;");
  write("lib/util.test.ts", "test");
  write("package-lock.json", "{}");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("whether npm start must build", () => {
  it("builds a fresh clone once, and says so", () => {
    expect(reason()).toBe("there is no production build yet");
    built();
    expect(reason()).toBeNull();
  });

  it("serves a build made by npm run build without building again, even after a checkout's new modification times", () => {
    built();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, "app/page.tsx"), later, later);
    expect(reason()).toBeNull();
  });

  it("names what changed, was added or removed since the last build", () => {
    built();
    write("app/page.tsx", "export default function Page() { return 1; }");
    write("components/new.tsx", "x");
    rmSync(join(root, "lib/util.ts"));
    expect(reason()).toBe(
      "sources changed since the last build (changed: app/page.tsx; new: components/new.tsx; removed: lib/util.ts)",
    );
  });

  it("lists a few files and counts the rest", () => {
    built();
    for (const name of ["a", "b", "c", "d", "e"]) write(`lib/${name}.ts`, name);
    expect(reason()).toBe("sources changed since the last build (new: lib/a.ts, lib/b.ts, lib/c.ts and 2 more)");
  });

  it("ignores tests, which are not in the bundle", () => {
    built();
    write("lib/util.test.ts", "another test");
    expect(reason()).toBeNull();
  });

  it("builds again when a public variable Next.js inlines changed", () => {
    built({ NEXT_PUBLIC_SITE: "a" });
    expect(reason({ NEXT_PUBLIC_SITE: "a", OTHER: "x" })).toBeNull();
    expect(reason({ NEXT_PUBLIC_SITE: "b" })).toBe("public variables changed since the last build (NEXT_PUBLIC_SITE)");
  });

  it("does not trust a build whose inputs were not recorded (a plain next build)", () => {
    write(".next/BUILD_ID", "abc");
    expect(reason()).toMatch(/^the build in \.next has no record of what it was made from/);
  });

  it("builds again for another site address, which prerendered pages and the sitemap hold", () => {
    built({ PORT: "3000" });
    expect(reason({})).toBeNull();
    expect(reason({ SITE_URL: "http://localhost:3000" })).toBeNull();
    expect(reason({ PORT: "8080" })).toBe(
      "the site's address changed since the last build (http://localhost:3000 → http://localhost:8080; set SITE_URL to serve one build on any port)",
    );
  });

  it("builds again when an env file Next.js reads while building changed", () => {
    write(".env.production", "A=1");
    built();
    write(".env.production", "A=2");
    expect(reason()).toBe("sources changed since the last build (changed: .env.production)");
  });
});
