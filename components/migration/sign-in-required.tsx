import { LogIn, UserPlus } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";

/** Step 1 for a visitor who is not signed in: migrated bots are saved to an account. */
export function SignInRequired() {
  return (
    <section aria-labelledby="sign-in-required" className="rounded-2xl border border-border bg-card/60 p-8 text-center">
      <LogIn className="mx-auto size-8 text-primary" aria-hidden="true" />
      <h2 id="sign-in-required" className="mt-4 text-xl font-semibold">
        Sign In Required
      </h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-muted-foreground">
        Migrated bots are saved to your account, so sign in or create a free account to upload a file or paste your
        code.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/login?callbackUrl=/bot-migration">
            <LogIn /> Sign In
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/signup">
            <UserPlus /> Create Account
          </Link>
        </Button>
      </div>
    </section>
  );
}
