import { ArrowLeft } from "lucide-react";
import Link from "next/link";

import { PageHeader } from "@/components/site/page-header";
import { Button } from "@/components/ui/button";
import { pageMetadata } from "@/lib/site/metadata";
import { partnerInquiryNextSteps } from "@/lib/site/partners";

import { PartnerInquiryForm } from "./_components/partner-inquiry-form";

export const metadata = pageMetadata({
  title: "Partner Inquiry",
  description:
    "Apply to become a Cipher technology, channel or integration partner. Tell us about your company and we'll reply within 2-3 business days.",
  path: "/partner-inquiry",
});

export default function PartnerInquiryPage() {
  return (
    <>
      <PageHeader
        eyebrow="Partners"
        title="Partner Inquiry"
        description="Tell us about your company and how you'd like to work with Cipher. Fields marked with * are required."
      />
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
        <Button asChild variant="ghost" className="mb-6 -ml-3">
          <Link href="/partners">
            <ArrowLeft /> Back to Partners
          </Link>
        </Button>
        <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <section
            aria-labelledby="inquiry-form-heading"
            className="min-w-0 rounded-2xl border border-border bg-card/60 p-5 sm:p-8"
          >
            <h2 id="inquiry-form-heading" className="text-2xl font-semibold tracking-tight">
              About you and your company
            </h2>
            <div className="mt-8">
              <PartnerInquiryForm />
            </div>
          </section>
          <aside aria-labelledby="next-steps-heading" className="min-w-0">
            <div className="rounded-2xl border border-border bg-card/30 p-6 lg:sticky lg:top-24">
              <h2 id="next-steps-heading" className="font-semibold">
                What happens next
              </h2>
              <ul className="mt-5 space-y-4">
                {partnerInquiryNextSteps.map((step) => (
                  <li key={step.text} className="flex gap-3 text-sm text-muted-foreground">
                    <step.icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {step.text}
                  </li>
                ))}
              </ul>
            </div>
          </aside>
        </div>
      </div>
    </>
  );
}
