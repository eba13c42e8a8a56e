import { db } from "@/lib/db";

export const dynamic = "force-dynamic";

/** Liveness and database reachability, for monitors, the start script's users and benchmarks. */
export async function GET() {
  const started = performance.now();
  try {
    await db.$queryRaw`SELECT 1`;
    return Response.json(
      { status: "ok", database: "ok", databaseLatencyMs: Math.round(performance.now() - started) },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    console.error("[health] database check failed", error);
    return Response.json(
      { status: "error", database: "unreachable" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
