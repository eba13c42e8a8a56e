import { Lock } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";

import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { Button } from "@/components/ui/button";
import { apiKeysPath } from "@/lib/api-keys/scopes";
import { apiKeysAllowed, apiKeysNotInPlan, listApiKeys } from "@/lib/api-keys/service";
import { requireUser } from "@/lib/auth/session";

import { CreateKeyForm } from "./_components/create-key-form";
import { KeysList } from "./_components/keys-list";

export const metadata: Metadata = { title: "API Keys" };

export default async function ApiKeysPage() {
  const user = await requireUser(apiKeysPath);
  const [allowed, keys] = await Promise.all([apiKeysAllowed(user.id), listApiKeys(user.id)]);

  return (
    <DashboardPage
      title="API Keys"
      description="Keys for the Cipher REST API: manage and deploy your bots from scripts and CI. Each key has its own scopes, expiry and rate limit."
    >
      {allowed ? (
        <CreateKeyForm />
      ) : (
        <section
          aria-labelledby="upgrade-heading"
          className="grid gap-3 rounded-xl border border-amber-500/40 bg-amber-500/5 p-4 sm:p-5"
        >
          <h2 id="upgrade-heading" className="flex items-center gap-2 text-lg font-semibold">
            <Lock className="size-5 text-amber-700 dark:text-amber-300" aria-hidden /> Pro Only
          </h2>
          <p className="text-sm text-muted-foreground">{apiKeysNotInPlan}</p>
          <Button asChild className="justify-self-start">
            <Link href="/dashboard/billing">Upgrade</Link>
          </Button>
        </section>
      )}
      <section aria-labelledby="keys-heading" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="keys-heading" className="text-lg font-semibold">
            Your keys
          </h2>
          <a className="text-sm text-primary underline-offset-4 hover:underline" href="/api/v1/openapi.json">
            OpenAPI document
          </a>
        </div>
        <KeysList keys={keys} />
      </section>
    </DashboardPage>
  );
}
