import { KeyRound } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";

/** Account Settings → Security: what can reach the account through the REST API, and where to manage it. */
export function ApiAccess({ activeKeys, activeLogins }: { activeKeys: number; activeLogins: number }) {
  return (
    <div className="grid gap-3 sm:flex sm:items-center sm:justify-between sm:gap-6">
      <div className="grid gap-1 text-sm">
        <p>
          <span className="font-medium">
            {activeKeys === 0 ? "No API keys" : `${activeKeys} active API key${activeKeys === 1 ? "" : "s"}`}
          </span>
          {activeLogins > 0 && (
            <>
              {" · "}
              <span className="font-medium">
                {activeLogins} API sign-in{activeLogins === 1 ? "" : "s"}
              </span>{" "}
              <span className="text-muted-foreground">(from POST /api/v1/auth/login)</span>
            </>
          )}
        </p>
        <p className="text-muted-foreground">
          Keys are for scripts and CI. Sign Out Everywhere also ends every API sign-in; keys stay until you revoke them.
        </p>
      </div>
      <Button asChild variant="outline" className="justify-self-start">
        <Link href="/dashboard/tools/api-keys">
          <KeyRound />
          Manage API Keys
        </Link>
      </Button>
    </div>
  );
}
