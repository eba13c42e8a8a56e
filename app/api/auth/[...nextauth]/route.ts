/**
 * Auth.js's own endpoints. Auth.js answers a callback URL it refuses (not a path of this site,
 * e.g. "?callbackUrl=2v") with a 500 "server configuration" error: that is the visitor's input,
 * not our configuration, so it is refused here first with a 400 that says so.
 */
import type { NextRequest } from "next/server";

import { handlers } from "@/lib/auth";

/** What Auth.js accepts as a callback URL: a path on this site, or an absolute URL of this origin. */
function acceptableCallback(value: string, origin: string): boolean {
  if (value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) return true;
  try {
    return new URL(value).origin === origin;
  } catch {
    return false;
  }
}

function guarded(handler: (request: NextRequest) => Promise<Response>) {
  return async (request: NextRequest): Promise<Response> => {
    const callbackUrl = request.nextUrl.searchParams.get("callbackUrl");
    if (callbackUrl !== null && !acceptableCallback(callbackUrl, request.nextUrl.origin)) {
      return Response.json(
        { error: "The callback address must be a page of this site." },
        { status: 400, headers: { "Cache-Control": "no-store" } },
      );
    }
    return handler(request);
  };
}

export const GET = guarded(handlers.GET);
export const POST = guarded(handlers.POST);
