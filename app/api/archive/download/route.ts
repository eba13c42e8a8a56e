/**
 * Bulk Download (GET, signed in): `?ids=a,b` or `?ids=a&ids=b`, answered with a zip holding one
 * JSON export per item, streamed. Only the user's own archived items go in; when none of the ids is one,
 * the answer is 404, so another user's ids reveal nothing.
 */
import { NextResponse } from "next/server";

import { archivedBotIds, zipExportStream } from "@/lib/archive/export";
import { getCurrentUser } from "@/lib/auth/session";

const noStore = { "Cache-Control": "private, no-store" };
const maxIds = 100;

export async function GET(request: Request) {
  const user = await getCurrentUser();
  if (!user) return NextResponse.json({ ok: false, error: "Sign in to download." }, { status: 401, headers: noStore });
  const ids = [
    ...new Set(
      new URL(request.url).searchParams
        .getAll("ids")
        .flatMap((value) => value.split(","))
        .map((id) => id.trim())
        .filter((id) => id.length > 0 && id.length <= 64),
    ),
  ];
  if (ids.length === 0 || ids.length > maxIds) {
    return NextResponse.json(
      { ok: false, error: `Choose between 1 and ${maxIds} items to download.` },
      { status: 400, headers: noStore },
    );
  }
  const owned = await archivedBotIds(user.id, ids);
  if (owned.length === 0)
    return NextResponse.json({ ok: false, error: "Not found." }, { status: 404, headers: noStore });
  const stamp = new Date().toISOString().slice(0, 10);
  // Streamed: each item is loaded and compressed as the browser reads (lib/archive/export.ts).
  return new Response(zipExportStream(user.id, owned), {
    headers: {
      ...noStore,
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="cipher-archive-${stamp}.zip"`,
    },
  });
}
