import { NextResponse } from "next/server";

import { unsubscribe } from "@/lib/newsletter/service";

/**
 * RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` to the URL in a
 * newsletter's List-Unsubscribe header. Only POST is served, so link prefetchers change nothing.
 */
export async function POST(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!(await isOneClickRequest(request))) {
    return NextResponse.json({ error: "Expected the body List-Unsubscribe=One-Click." }, { status: 400 });
  }
  try {
    const outcome = await unsubscribe(token);
    if (outcome === "invalid") {
      return NextResponse.json({ error: "This unsubscribe link is not valid." }, { status: 404 });
    }
    return NextResponse.json({ unsubscribed: true });
  } catch (error) {
    console.error("[newsletter] one-click unsubscribe failed", error);
    return NextResponse.json({ error: "Unsubscribing failed. Please try again." }, { status: 503 });
  }
}

/** The body is form data (urlencoded or multipart, per the RFC) holding List-Unsubscribe=One-Click. */
async function isOneClickRequest(request: Request): Promise<boolean> {
  try {
    const form = await request.formData();
    return form.get("List-Unsubscribe") === "One-Click";
  } catch {
    return false;
  }
}
