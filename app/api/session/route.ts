/**
 * Who is signed in, for the public pages' navigation. The public pages are static (fast, cached),
 * so the header asks here after loading instead of the server rendering the greeting. The
 * production server answers from memory what it already knows (lib/auth/session-answer.ts).
 */
import { sessionAnswerHeaders, type SessionAnswer } from "@/lib/auth/session-answer";
import { getSessionSummary } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export async function GET() {
  const answer: SessionAnswer = { user: await getSessionSummary() };
  return Response.json(answer, { headers: sessionAnswerHeaders });
}
