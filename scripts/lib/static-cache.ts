/**
 * The in-memory layer of the production server (scripts/server.ts): answers the requests whose
 * response never changes between two builds without going through Next.js.
 *
 * - Pages that Next.js prerendered fully (static, no revalidate; listed in the prerender
 *   manifest): their response is asked of Next.js itself once at start-up, so the body and the
 *   headers are exactly what Next.js sends, then served from memory. Only plain document
 *   requests are answered here: GET/HEAD without the headers or `_rsc` parameter of client-side
 *   navigation, server actions, draft mode or revalidation, which all go to Next.js.
 * - Files under /_next/static (content-hashed names), with Next.js's immutable caching.
 *
 * Both get gzip and brotli variants, made once (brotli ones are kept in .next/cache, keyed by
 * content, so a restart does not compress again) and chosen by Accept-Encoding; pages get a weak
 * ETag and answer 304 to a matching If-None-Match. Everything else is for Next.js.
 *
 * Security headers (lib/http/security-headers.ts) stay with what is kept: a page keeps those Next.js
 * sent, except its Content-Security-Policy. proxy.ts gave it a nonce that prerendered HTML does not
 * carry, so a kept page gets a policy allowing the hashes of its own inline scripts instead.
 */
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

import { contentSecurityPolicy, securityHeaders } from "../../lib/http/security-headers";

/** Sent by the cache itself when it asks Next.js for a page; such a request always goes to Next.js. */
export const bypassHeader = "x-cipher-cache";

type Encoding = "br" | "gzip";

/** A body with every header that goes with it, as the flat list `writeHead` takes. */
type Variant = { headers: string[]; body: Buffer };

export type CachedResponse = {
  /** Flat [name, value, name, value, …] list, without the size, the encoding and the ETag. */
  headers: string[];
  /** Weak validator, or undefined (assets are immutable). */
  etag?: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
};

function variant(response: Pick<CachedResponse, "headers" | "etag">, body: Buffer, encoding?: Encoding): Variant {
  const headers = [...response.headers, "Content-Length", String(body.length)];
  if (encoding) headers.push("Content-Encoding", encoding);
  if (response.etag) headers.push("ETag", response.etag);
  return { headers, body };
}

type Manifest = {
  routes: Record<string, { initialRevalidateSeconds?: number | false; initialStatus?: number; routeType?: string }>;
};

/**
 * The CSP sources ("sha256-…") of a page's inline scripts: the hash of the exact text between the
 * tags, as the browser computes it. Next.js escapes "<" inside its scripts, so the first closing
 * tag ends each one.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (!text || /\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(`sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

/** Paths of the pages and route handlers that were prerendered once and never revalidate. */
export function staticRoutes(manifest: Manifest): string[] {
  return Object.entries(manifest.routes)
    .filter(
      ([path, route]) =>
        !path.startsWith("/_") &&
        route.initialRevalidateSeconds === false &&
        (route.initialStatus === undefined || route.initialStatus === 200),
    )
    .map(([path]) => path)
    .sort();
}

/**
 * True when the request asks for the plain document: no client-side navigation (RSC, router
 * state, prefetch), no server action (Next-Action), no revalidation or draft mode, no `_rsc`.
 */
export function isPlainDocumentRequest(headers: IncomingHttpHeaders, query: string): boolean {
  for (const name in headers) {
    if (
      name === "rsc" ||
      name === bypassHeader ||
      name === "x-matched-path" ||
      name.startsWith("next-") ||
      name.startsWith("x-next") ||
      name.startsWith("x-prerender") ||
      name.startsWith("x-middleware")
    ) {
      return false;
    }
  }
  if (headers["content-type"]?.startsWith("multipart/form-data")) return false;
  if (headers.cookie?.includes("__prerender_bypass")) return false;
  return !query || !new URLSearchParams(query).has("_rsc");
}

const chosenEncodings = new Map<string, Encoding | undefined>();

/** The best encoding the client accepts: brotli, then gzip, else none. Honours q=0. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (chosenEncodings.has(acceptEncoding)) return chosenEncodings.get(acceptEncoding);
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith("q="));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name);
  }
  const choice: Encoding | undefined = accepted.has("br")
    ? "br"
    : accepted.has("gzip") || accepted.has("x-gzip") || accepted.has("*")
      ? "gzip"
      : undefined;
  // Browsers send a handful of distinct values; the bound only guards against junk.
  if (chosenEncodings.size < 256) chosenEncodings.set(acceptEncoding, choice);
  return choice;
}

/** True when `If-None-Match` names the ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}

const assetTypes: Record<string, { type: string; compress: boolean }> = {
  ".js": { type: "application/javascript; charset=UTF-8", compress: true },
  ".mjs": { type: "application/javascript; charset=UTF-8", compress: true },
  ".css": { type: "text/css; charset=UTF-8", compress: true },
  ".json": { type: "application/json; charset=UTF-8", compress: true },
  ".map": { type: "application/json; charset=UTF-8", compress: true },
  ".txt": { type: "text/plain; charset=UTF-8", compress: true },
  ".svg": { type: "image/svg+xml", compress: true },
  ".woff2": { type: "font/woff2", compress: false },
  ".woff": { type: "font/woff", compress: false },
  ".png": { type: "image/png", compress: false },
  ".jpg": { type: "image/jpeg", compress: false },
  ".webp": { type: "image/webp", compress: false },
  ".avif": { type: "image/avif", compress: false },
  ".ico": { type: "image/x-icon", compress: false },
};

/** Headers a cached response must not replay: they describe one transfer, not the content. */
const transferHeaders = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
]);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function weakEtag(body: Buffer): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

export class StaticCache {
  private readonly pages = new Map<string, CachedResponse>();
  private readonly assets = new Map<string, CachedResponse>();
  private readonly compressedDir: string;
  private readonly compressedInUse = new Set<string>();
  private readonly compressing: Promise<void>[] = [];

  constructor(private readonly distDir: string) {
    this.compressedDir = join(distDir, "cache", "cipher-compressed");
  }

  get size() {
    return { pages: this.pages.size, assets: this.assets.size };
  }

  /** Reads every file under .next/static into memory (they are small: ~2 MB for this site). */
  loadAssets(): Promise<void> {
    const root = join(this.distDir, "static");
    const pending: Promise<void>[] = [];
    const walk = (dir: string, prefix: string) => {
      if (!existsSync(dir)) return;
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        const url = `${prefix}/${entry.name}`;
        if (entry.isDirectory()) {
          walk(path, url);
          continue;
        }
        const kind = assetTypes[extname(entry.name)];
        if (!kind) continue;
        const headers = [
          "Cache-Control",
          "public, max-age=31536000, immutable",
          "Last-Modified",
          statSync(path).mtime.toUTCString(),
          "Content-Type",
          kind.type,
          "Vary",
          "Accept-Encoding",
          ...securityHeaders(url).flat(),
        ];
        const response: CachedResponse = { headers, identity: variant({ headers }, readFileSync(path)) };
        this.assets.set(url, response);
        if (kind.compress) pending.push(this.compress(response));
      }
    };
    walk(root, "/_next/static");
    return Promise.all(pending).then(() => undefined);
  }

  /**
   * Asks Next.js (listening at `origin`) for each static route once and keeps its answer. A route
   * whose answer is not a plain, cacheable 200 stays with Next.js. Resolves once every page is
   * kept; their compressed variants follow (`compressed()`).
   */
  async loadPages(origin: string): Promise<void> {
    const manifest = JSON.parse(readFileSync(join(this.distDir, "prerender-manifest.json"), "utf8")) as Manifest;
    for (const path of staticRoutes(manifest)) {
      const response = await capture(origin + path);
      if (!response) continue;
      this.pages.set(path, response);
      this.compressing.push(this.compress(response));
    }
  }

  /** Resolves once every kept page has its compressed variants. */
  async compressed(): Promise<void> {
    await Promise.all(this.compressing);
  }

  /**
   * Deletes kept compressed files this build no longer uses, once they are a day old (another
   * server started from an earlier build may still be reading its own).
   */
  pruneCompressed(now = Date.now()): void {
    if (!existsSync(this.compressedDir)) return;
    for (const name of readdirSync(this.compressedDir)) {
      if (this.compressedInUse.has(name)) continue;
      const file = join(this.compressedDir, name);
      try {
        if (now - statSync(file).mtimeMs > 24 * 60 * 60 * 1000) unlinkSync(file);
      } catch {
        // removed meanwhile
      }
    }
  }

  /** Answers the request from memory and returns true, or returns false and leaves it alone. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const url = req.url ?? "/";
    const queryStart = url.indexOf("?");
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    const page = this.pages.get(path);
    if (page) {
      if (!isPlainDocumentRequest(req.headers, queryStart === -1 ? "" : url.slice(queryStart + 1))) return false;
      send(page, req, res);
      return true;
    }
    const asset = this.assets.get(path);
    if (asset && !req.headers.range && !req.headers[bypassHeader]) {
      send(asset, req, res);
      return true;
    }
    return false;
  }

  /** Adds gzip and brotli variants when they are smaller; until then the identity body is served. */
  private async compress(response: CachedResponse): Promise<void> {
    const identity = response.identity.body;
    if (identity.length < 1024) return;
    const [br, gz] = await Promise.all([
      this.stored(identity, "br", () =>
        brotli(identity, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        }),
      ),
      gzip(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < identity.length) response.br = variant(response, br, "br");
    if (gz.length < identity.length) response.gzip = variant(response, gz, "gzip");
  }

  /** Brotli at its best quality takes seconds for the whole site: keep the results between starts. */
  private async stored(body: Buffer, encoding: Encoding, make: () => Promise<Buffer>): Promise<Buffer> {
    const name = `${createHash("sha256").update(body).digest("hex")}.${encoding}`;
    this.compressedInUse.add(name);
    const file = join(this.compressedDir, name);
    try {
      return readFileSync(file);
    } catch {
      // not made yet
    }
    const made = await make();
    try {
      mkdirSync(this.compressedDir, { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, made);
      renameSync(temporary, file);
    } catch (error) {
      console.warn(`Could not keep a compressed file in ${this.compressedDir}:`, error);
    }
    return made;
  }
}

function send(response: CachedResponse, req: IncomingMessage, res: ServerResponse) {
  const { etag } = response;
  if (etag && etagMatches(req.headers["if-none-match"], etag)) {
    // A 304 carries the headers a 200 would have, less the body's size and encoding.
    res.writeHead(304, [...response.headers, "ETag", etag]);
    res.end();
    return;
  }
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const { headers, body } = (encoding && response[encoding]) || response.identity;
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** One uncompressed GET of `url` from Next.js, kept if it is a 200 that may be cached as is. */
function capture(url: string): Promise<CachedResponse | undefined> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { [bypassHeader]: "fill" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const headers = response.headersDistinct;
        const cacheControl = headers["cache-control"]?.join(",") ?? "";
        if (
          response.statusCode !== 200 ||
          headers["set-cookie"] ||
          headers["content-encoding"] ||
          /private|no-store|no-cache/.test(cacheControl)
        ) {
          resolve(undefined);
          return;
        }
        const body = Buffer.concat(chunks);
        const flat: string[] = [];
        for (const [name, values] of Object.entries(headers)) {
          if (transferHeaders.has(name) || name === "etag" || name === "content-security-policy") continue;
          for (const value of values ?? []) flat.push(name, value);
        }
        if (!headers.vary?.some((value) => /accept-encoding/i.test(value))) flat.push("vary", "Accept-Encoding");
        const html = headers["content-type"]?.some((value) => value.startsWith("text/html"));
        const hashes = html ? inlineScriptHashes(body.toString("utf8")) : [];
        flat.push("content-security-policy", contentSecurityPolicy({ hashes }));
        const etag = weakEtag(body);
        resolve({ headers: flat, etag, identity: variant({ headers: flat, etag }, body) });
      });
    });
    request.on("error", reject);
  });
}
