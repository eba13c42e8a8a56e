/**
 * Calls the REST API's endpoints in tests through their real handlers (apiHandler), found by
 * method and path as the production server finds them (dispatch.ts).
 */
import { findEndpoint } from "./dispatch";

export interface ApiCallOptions {
  /** The bearer secret; null: no Authorization header. */
  key: string | null;
  body?: unknown;
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
}

/** `method path` (path below /api/v1 with ids filled in, e.g. /bots/abc/status?x=1). */
export async function callApi(method: string, path: string, options: ApiCallOptions) {
  const [pathname = "", search = ""] = path.split("?");
  const found = findEndpoint(method, pathname);
  if (!found) throw new Error(`no endpoint for ${method} ${pathname}`);
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== null) headers.authorization = `Bearer ${options.key}`;
  let body: string | Uint8Array | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] = "application/json";
  }
  const response = await found.route.handler(
    new Request(`http://localhost:3000/api/v1${pathname}${search ? `?${search}` : ""}`, {
      method,
      headers,
      body: body as BodyInit | undefined,
    }),
    { params: Promise.resolve(found.params) },
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: (text ? JSON.parse(text) : null) as unknown };
}
