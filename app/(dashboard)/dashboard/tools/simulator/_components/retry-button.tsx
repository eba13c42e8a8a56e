"use client";

import { RotateCw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTransition } from "react";

import { Button } from "@/components/ui/button";

/** Loads the page again (the simulator may be back). */
export function RetryButton() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button type="button" variant="outline" disabled={pending} onClick={() => startTransition(() => router.refresh())}>
      <RotateCw className={pending ? "animate-spin" : undefined} />
      Try again
    </Button>
  );
}
