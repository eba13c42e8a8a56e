"use client";

import dynamic from "next/dynamic";
import type { ReactNode } from "react";

import { useSessionUser } from "@/components/site/use-session-user";

import { MigrationSteps } from "./migration-steps";

function Placeholder() {
  return (
    <div className="space-y-10" aria-busy="true">
      <MigrationSteps current={0} />
      <div className="h-72 animate-pulse rounded-2xl border border-border bg-card/40" />
    </div>
  );
}

// The wizard (and its parsers) loads only for a signed-in visitor.
const MigrationWizard = dynamic(() => import("./migration-wizard").then((module) => module.MigrationWizard), {
  ssr: false,
  loading: Placeholder,
});

/**
 * The page is static, so who is signed in is known only in the browser (/api/session, like the
 * header's greeting): signed in → the wizard; signed out → `signedOut` ('Sign In Required').
 */
export function MigrationGate({ signedOut }: { signedOut: ReactNode }) {
  const session = useSessionUser();
  if (session.status === "loading") return <Placeholder />;
  if (session.status === "signed-out") {
    return (
      <div className="space-y-10">
        <MigrationSteps current={0} />
        {signedOut}
      </div>
    );
  }
  return <MigrationWizard />;
}
