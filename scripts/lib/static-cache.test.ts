import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  chooseEncoding,
  etagMatches,
  inlineScriptHashes,
  isPlainDocumentRequest,
  StaticCache,
  staticRoutes,
} from "./static-cache";

const sha256 = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

describe("staticRoutes", () => {
  it("keeps pages prerendered once and never revalidated, not error pages or ISR ones", () => {
    expect(
      staticRoutes({
        routes: {
          "/": { initialRevalidateSeconds: false },
          "/pricing": { initialRevalidateSeconds: false },
          "/_not-found": { initialRevalidateSeconds: false, initialStatus: 404 },
          "/_global-error": { initialRevalidateSeconds: false },
          "/news": { initialRevalidateSeconds: 60 },
          "/gone": { initialRevalidateSeconds: false, initialStatus: 410 },
        },
      }),
    ).toEqual(["/", "/pricing"]);
  });
});

describe("isPlainDocumentRequest", () => {
  it("accepts a browser's document request, with or without a query", () => {
    expect(isPlainDocumentRequest({ accept: "text/html", "user-agent": "x" }, "")).toBe(true);
    expect(isPlainDocumentRequest({}, "utm_source=mail")).toBe(true);
  });

  it.each([
    [{ rsc: "1" }, ""],
    [{ "next-router-state-tree": "%5B%5D" }, ""],
    [{ "next-router-prefetch": "1" }, ""],
    [{ "next-router-segment-prefetch": "/_tree" }, ""],
    [{ "next-action": "abc" }, ""],
    [{ "next-url": "/pricing" }, ""],
    [{ "x-prerender-revalidate": "secret" }, ""],
    [{ "x-nextjs-data": "1" }, ""],
    [{ "x-middleware-prefetch": "1" }, ""],
    [{ "x-cipher-cache": "fill" }, ""],
    [{ "content-type": "multipart/form-data; boundary=x" }, ""],
    [{ cookie: "a=1; __prerender_bypass=xyz" }, ""],
    [{}, "_rsc=abc"],
    [{}, "a=1&_rsc"],
  ])("leaves %j ?%s to Next.js", (headers, query) => {
    expect(isPlainDocumentRequest(headers, query)).toBe(false);
  });
});

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(chooseEncoding("gzip;q=0")).toBeUndefined();
    expect(chooseEncoding("*")).toBe("gzip");
    expect(chooseEncoding("identity")).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe("etagMatches", () => {
  it("compares weakly and understands lists and *", () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});

describe("inlineScriptHashes", () => {
  it("hashes the exact text of each inline script, not external or empty ones", () => {
    const html =
      '<script src="/_next/static/chunks/a.js" async=""></script><script id="_R_">self.x=1</script>' +
      "<script>(self.__next_f=self.__next_f||[]).push([0])</script><script></script>" +
      '<script type="application/ld+json">{"a":"é"}</script><SCRIPT nonce="n">self.x=1</SCRIPT >';
    expect(inlineScriptHashes(html)).toEqual([
      sha256("self.x=1"),
      sha256("(self.__next_f=self.__next_f||[]).push([0])"),
      sha256('{"a":"é"}'),
    ]);
  });
});

/**
 * The cache in front of a stand-in for Next.js: the same wiring as scripts/server.ts, with a
 * fake dist folder. What Next.js answers, the cache must answer the same.
 */
describe("StaticCache in front of a server", () => {
  const html = `<!DOCTYPE html><html><body>${"<p>Cipher builds it.</p>".repeat(200)}</body></html>`;
  const script = `console.log(${JSON.stringify("x".repeat(4000))});`;
  const inlineScript = "(self.__next_f=self.__next_f||[]).push([0])";
  const pricing = `<!DOCTYPE html><html><body><script src="/_next/static/chunks/app.js" async=""></script><script>${inlineScript}</script></body></html>`;
  let dir: string;
  let cache: StaticCache;
  let server: Server;
  let base: string;
  const seenByNext: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "cipher-static-cache-"));
    mkdirSync(join(dir, "static", "chunks"), { recursive: true });
    writeFileSync(join(dir, "static", "chunks", "app.js"), script);
    writeFileSync(
      join(dir, "prerender-manifest.json"),
      JSON.stringify({
        routes: {
          "/": { initialRevalidateSeconds: false },
          "/pricing": { initialRevalidateSeconds: false },
          "/isr": { initialRevalidateSeconds: 60 },
        },
      }),
    );
    cache = new StaticCache(dir);
    await cache.loadAssets();
    server = createServer((req, res) => {
      if (cache.handle(req, res)) return;
      seenByNext.push(`${req.method} ${req.url} ${req.headers.rsc ? "rsc" : ""}`.trim());
      if (req.url === "/" || req.url === "/pricing") {
        res.writeHead(200, [
          "Vary",
          "rsc, Accept-Encoding",
          "x-nextjs-cache",
          "HIT",
          "x-nextjs-prerender",
          "1",
          "x-nextjs-prerender",
          "1",
          "Cache-Control",
          "s-maxage=31536000",
          "Content-Type",
          "text/html; charset=utf-8",
          // What proxy.ts gives every request Next.js answers; prerendered HTML has no nonce.
          "Content-Security-Policy",
          "script-src 'self' 'nonce-abc' 'strict-dynamic'",
          "X-Content-Type-Options",
          "nosniff",
        ]);
        res.end(req.url === "/pricing" ? pricing : html);
        return;
      }
      res.writeHead(404, { "content-type": "text/html" });
      res.end("Oops! Page not found");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await cache.loadPages(base);
    await cache.compressed();
    seenByNext.length = 0;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers a cached page with Next.js's body and headers, plus an ETag, without asking Next.js", async () => {
    const response = await fetch(base, { headers: { "accept-encoding": "identity" } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(html);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("s-maxage=31536000");
    expect(response.headers.get("vary")).toBe("rsc, Accept-Encoding");
    expect(response.headers.get("x-nextjs-prerender")).toBe("1, 1");
    expect(response.headers.get("etag")).toMatch(/^W\/".+"$/);
    expect(seenByNext).toEqual([]);
  });

  it("sends the compressed variant the client accepts", async () => {
    const gz = await fetchRaw(`${base}/`, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(html);
    const br = await fetch(base, { headers: { "accept-encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(await br.text()).toBe(html);
  });

  it("answers 304 to a matching If-None-Match and HEAD without a body", async () => {
    const etag = (await fetch(base)).headers.get("etag")!;
    const revalidated = await fetch(base, { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
    const head = await fetch(base, { method: "HEAD", headers: { "accept-encoding": "identity" } });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(html)));
    expect(await head.text()).toBe("");
  });

  it("leaves RSC requests, server actions, other methods and unknown paths to Next.js", async () => {
    await fetch(base, { headers: { rsc: "1" } });
    await fetch(`${base}/?_rsc=abc`);
    await fetch(base, { method: "POST", headers: { "next-action": "x" }, body: "[]" });
    const missing = await fetch(`${base}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Oops! Page not found");
    expect(seenByNext).toEqual(["GET / rsc", "GET /?_rsc=abc", "POST /", "GET /no/such/page"]);
  });

  it("keeps brotli files between starts and prunes old ones this build does not use", () => {
    const kept = join(dir, "cache", "cipher-compressed");
    const inUse = readdirSync(kept);
    expect(inUse.length).toBeGreaterThan(0);
    const stale = join(kept, "0000.br");
    writeFileSync(stale, "old");
    const fresh = join(kept, "1111.br");
    writeFileSync(fresh, "another server's");
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    utimesSync(stale, twoDaysAgo, twoDaysAgo);
    for (const name of inUse) utimesSync(join(kept, name), twoDaysAgo, twoDaysAgo);
    cache.pruneCompressed();
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(readdirSync(kept).sort()).toEqual([...inUse, "1111.br"].sort());
  });

  it("gives a kept page a policy allowing its own inline scripts by hash instead of the nonce", async () => {
    const page = await fetch(`${base}/pricing`);
    expect(await page.text()).toBe(pricing);
    const policy = page.headers.get("content-security-policy")!;
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src "));
    expect(scriptSrc).toBe(`script-src 'self' '${sha256(inlineScript)}'`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const withoutScripts = await fetch(base);
    expect(withoutScripts.headers.get("content-security-policy")).toContain("script-src 'self'; ");
  });

  it("serves /_next/static files with the security headers", async () => {
    const response = await fetch(`${base}/_next/static/chunks/app.js`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  });

  it("serves /_next/static files from memory with immutable caching", async () => {
    const response = await fetch(`${base}/_next/static/chunks/app.js`, { headers: { "accept-encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toBe("application/javascript; charset=UTF-8");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(await response.text()).toBe(script);
  });
});

/** fetch() decompresses on its own; this keeps the bytes as sent. */
function fetchRaw(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}
