/**
 * Who is signed in, for the public pages' navigation. The public pages are static (fast, cached),
 * so the header asks here after loading instead of the server rendering the greeting.
 */
import { displayName, getCurrentUser } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export async function GET() {
  const user = await getCurrentUser();
  return Response.json(user ? { user: { greeting: displayName(user), email: user.email } } : { user: null }, {
    headers: { "Cache-Control": "private, no-store" },
  });
}
