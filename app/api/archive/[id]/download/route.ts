/**
 * Download one archived item as JSON (GET, signed in). Another user's id answers 404, like an id
 * that does not exist. The export never holds the bot token or secret values (lib/archive/export.ts).
 */
import { NextResponse } from "next/server";

import { exportArchivedBots, exportFileName, exportJson } from "@/lib/archive/export";
import { getCurrentUser } from "@/lib/auth/session";

const noStore = { "Cache-Control": "private, no-store" };

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await getCurrentUser();
  if (!user) return NextResponse.json({ ok: false, error: "Sign in to download." }, { status: 401, headers: noStore });
  const { id } = await params;
  const [exported] = id.length <= 64 ? await exportArchivedBots(user.id, [id]) : [];
  if (!exported) return NextResponse.json({ ok: false, error: "Not found." }, { status: 404, headers: noStore });
  return new Response(exportJson(exported), {
    headers: {
      ...noStore,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(exported.bot.name, exported.bot.id)}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
