import { Info } from "lucide-react";
import Link from "next/link";

/** Cipher does not take payment yet; the page must not suggest otherwise. */
export function PaymentNotice() {
  return (
    <p
      role="note"
      className="flex gap-3 rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-foreground"
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <span>
        <strong className="font-semibold">Payments aren&apos;t available yet.</strong> Cipher doesn&apos;t take payment
        at the moment, so plans can&apos;t be bought or changed here. To talk about a plan,{" "}
        <Link href="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
          contact us
        </Link>
        .
      </span>
    </p>
  );
}
